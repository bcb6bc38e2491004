import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db.js';
import {
  findAuthorisation,
  updateAuthorisation,
  waitingOAuthAuthorisationId,
} from '../db/queries/authorisations.js';
import { sandboxNow } from '../db/queries/clock.js';
import {
  authorisationOfCode,
  insertOAuthScaToken,
  revokeOAuthScaTokens,
  useOAuthCode,
} from '../db/queries/oauth-sca-tokens.js';
import { findPayment } from '../db/queries/payments.js';
import { verifierMatches } from '../shared/pkce.js';
import { sha256Hex } from '../shared/secrets.js';

/**
 * OAuth SCA of one payment as BG IG 1.3.8 section 13 has it (`scope=PIS:{paymentId}`): the payment's OAuth
 * authorisation that waits for the PSU remembers where to send the code (`redirect_uri`, `state`) and the PKCE
 * challenge (13.1), and the PSU goes on to the bank's pages. Returns the authorisation, or why there is none for
 * this client. A second request for the same authorisation (the PSU sent again) replaces the first's.
 * `redirect_uri` must be at the origin of the TPP-Redirect-URI the TPP gave for the authorisation (or its
 * payment) in a request it made with its token: client id and payment id are no secrets, and a redirect_uri of
 * anyone's choosing (with a challenge of theirs) would hand them the code (RFC 6749 10.6, RFC 9700 4.1.1).
 */
export async function beginOAuthSca(
  db: Queryable,
  request: {
    clientId: string;
    paymentId: string | undefined;
    redirectUri: string;
    state: string | null;
    codeChallenge: string;
  },
): Promise<{ authorisationId: string } | { refused: 'payment' | 'authorisation' | 'redirect' }> {
  const payment = request.paymentId ? await findPayment(db, request.paymentId) : undefined;
  if (!payment || payment.client_id !== request.clientId) return { refused: 'payment' };
  const authorisationId = await waitingOAuthAuthorisationId(db, payment.id);
  if (!authorisationId) return { refused: 'authorisation' };
  const authorisation = await findAuthorisation(db, authorisationId);
  const tppAddress = authorisation?.tpp_redirect_uri ?? payment.tpp_redirect_uri;
  if (!tppAddress || originOf(tppAddress) !== originOf(request.redirectUri)) return { refused: 'redirect' };
  await updateAuthorisation(db, authorisationId, {
    oauth_redirect_uri: request.redirectUri,
    oauth_state: request.state,
    oauth_code_challenge: request.codeChallenge,
  });
  return { authorisationId };
}

/** The origin of an absolute URL; null for anything else (never equal to a URL's). */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The token request of the authorization code grant (BG IG 13.3), its client already known to the bank. */
export interface CodeGrant {
  clientId: string;
  code: string;
  redirectUri: string;
  codeVerifier: string;
}

export type CodeExchange =
  | { ok: true; accessToken: string; scope: string; expiresIn: number }
  | { ok: false; description: string };

const refused = (description: string): CodeExchange => ({ ok: false, description });

/**
 * The code exchanged for an access token bound to its authorisation (BG IG 13.3, 13.4; RFC 6749 4.1.3; RFC 7636
 * 4.6): the code must be this client's, unexpired, of an authorisation the PSU approved and that awaits its
 * confirmation, for the redirect URI of the authorisation request character for character, with the verifier of
 * its challenge. It is exchanged once: presented again, it is refused and the token of its exchange revoked. A
 * refused request spends nothing, since the client's id alone does not prove who sends it (BG authenticates the
 * TPP by its certificate) and the verifier is what does. Every refusal is `invalid_grant` (RFC 6749 5.2).
 */
export async function exchangeOAuthScaCode(
  db: Db,
  grant: CodeGrant,
  ttlSeconds: number,
): Promise<CodeExchange> {
  const now = await sandboxNow(db);
  const authorisation = await authorisationOfCode(db, sha256Hex(grant.code));
  if (!authorisation) return refused('The code is unknown.');
  if (authorisation.oauth_code_used_at !== null) {
    await revokeOAuthScaTokens(db, authorisation.id);
    return refused('The code was used before; the token issued for it is revoked.');
  }
  const payment = await findPayment(db, authorisation.payment_id);
  if (!payment || payment.client_id !== grant.clientId)
    return refused('The code was issued to another client.');
  if ((authorisation.oauth_code_expires_at ?? 0) <= now) return refused('The code has expired.');
  if (authorisation.sca_status !== 'unconfirmed')
    return refused(
      `The authorisation of this code is ${authorisation.sca_status}, not awaiting confirmation.`,
    );
  if (grant.redirectUri !== authorisation.oauth_redirect_uri)
    return refused('redirect_uri differs from the one of the authorisation request.');
  const challenge = authorisation.oauth_code_challenge;
  if (!challenge || !verifierMatches(grant.codeVerifier, challenge))
    return refused('code_verifier does not match the code_challenge of the authorisation request.');
  return db.transaction(async (tx) => {
    // Spent by a presentation that read the code while it was still unused: presented twice all the same.
    if (!(await useOAuthCode(tx, authorisation.id, now))) {
      await revokeOAuthScaTokens(tx, authorisation.id);
      return refused('The code was used before; the token issued for it is revoked.');
    }
    const accessToken = randomBytes(32).toString('base64url');
    const scope = `PIS:${payment.id}`;
    await insertOAuthScaToken(tx, {
      token_hash: sha256Hex(accessToken),
      client_id: grant.clientId,
      payment_id: payment.id,
      authorisation_id: authorisation.id,
      scope,
      expires_at: now + ttlSeconds * 1000,
    });
    return { ok: true, accessToken, scope, expiresIn: ttlSeconds };
  });
}
