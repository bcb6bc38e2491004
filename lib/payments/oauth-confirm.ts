import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { oauthServerMetadata } from '@/lib/bank/authorisations';
import { codeMayBeSpent, exchangeOAuthCode } from '@/lib/bank/oauth-code';
import type { Db } from '@/lib/db';
import type { OAuthCodeOutcome } from '@/lib/db/oauth-code-schema';
import {
  claimOAuthCode,
  type OAuthCodeRef,
  oauthCodeLost,
  oauthCodeOutcome,
  settleOAuthCode,
} from '@/lib/db/queries/oauth-codes';
import type { Payment, ScaState } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { authorisationOf, oauthReturnUri, oauthVerifierOf } from './oauth-request';
import { inPaymentBank } from './payment-bank';
import { confirmAuthorisation, scaStateOf } from './sca';

// Another request of the same return waits this long for the exchange of the request that claimed the code.
const waitForClaimMs = 10_000;
const pollMs = 100;
// A claim without an outcome this old was left by a request that ended mid-exchange: its code may be spent.
const stuckClaimSeconds = 300;

/**
 * The PSU is back from the bank's OAuth server with a `code` (payment spec 2.5 `scaOAuth`): BG IG 7.6.3 has it
 * exchanged at the token endpoint of the bank's metadata with the verifier of our authorisation request (13.3),
 * and the authorisation then confirmed at its `confirmation` link with the access token so obtained (7.6.4). A
 * bank that gave no `confirmation` link has the authorisation complete with the exchange. False when the bank
 * refuses either, or the code comes back to an authorisation we sent no challenge for; what that means for the
 * PSU is read from the bank next.
 *
 * A code is exchanged once (RFC 6749 4.1.2: a second exchange has the bank revoke the first's token), so the same
 * return arriving more than once (a double click, a browser's retry, two tabs) has one request claim the code in
 * our database before the bank is called; the others wait a little for what came of it, and exchange nothing.
 */
export async function confirmWithOAuthCode(
  db: Db,
  payment: Payment,
  code: string,
  ip: string,
): Promise<boolean> {
  const sca = scaStateOf(payment);
  const codeVerifier = oauthVerifierOf(payment);
  if (!sca?.links.scaOAuth || !codeVerifier) {
    logger.warn({ paymentId: payment.id }, 'an OAuth code came back for no authorisation request of ours');
    return false;
  }
  const ref = { paymentId: payment.id, codeHash: createHash('sha256').update(code).digest('hex') };
  if (!(await claimOAuthCode(db, { ...ref, authorisation: authorisationOf(sca) }))) {
    logger.info(
      { paymentId: payment.id },
      'OAuth code already claimed by another request of the same return',
    );
    return (await outcomeOfClaim(db, ref)) === 'confirmed';
  }
  // Pessimistic until known: a request that ends in an error of ours may have sent the code.
  let outcome: OAuthCodeOutcome = 'lost';
  try {
    outcome = await exchangeAndConfirm(db, payment, sca, { code, codeVerifier }, ip);
  } finally {
    await settleOAuthCode(db, ref, outcome);
  }
  return outcome === 'confirmed';
}

async function exchangeAndConfirm(
  db: Db,
  payment: Payment,
  sca: ScaState,
  grant: { code: string; codeVerifier: string },
  ip: string,
): Promise<OAuthCodeOutcome> {
  let accessToken: string;
  try {
    accessToken = await inPaymentBank(payment, async () => {
      let tokenEndpoint: string;
      try {
        tokenEndpoint = (await oauthServerMetadata(sca.links.scaOAuth ?? '')).tokenEndpoint;
      } catch (error) {
        throw new CodeNotSent(error);
      }
      return exchangeOAuthCode({ tokenEndpoint, redirectUri: oauthReturnUri(payment.id), ...grant });
    });
  } catch (error) {
    const cause = error instanceof CodeNotSent ? error.cause : error;
    logger.warn(
      { paymentId: payment.id, err: cause instanceof Error ? cause.message : cause },
      'OAuth authorisation not confirmed: the code exchange was refused',
    );
    return error instanceof CodeNotSent || !codeMayBeSpent(error) ? 'unspent' : 'lost';
  }
  if (!sca.links.confirmation) return 'confirmed';
  // A confirmation refused after the exchange leaves the code spent and its token unused.
  return (await confirmAuthorisation(db, payment, { kind: 'access-token', accessToken }, ip))
    ? 'confirmed'
    : 'lost';
}

/** The bank's metadata could not be read: the code was never sent. */
class CodeNotSent extends Error {
  constructor(cause: unknown) {
    super('The OAuth server metadata could not be read', { cause });
  }
}

/** What came of the code's exchange by the request that claimed it, waited for a little; null if not known by then. */
async function outcomeOfClaim(db: Db, ref: OAuthCodeRef): Promise<OAuthCodeOutcome | null> {
  const deadline = Date.now() + waitForClaimMs;
  for (;;) {
    const outcome = await oauthCodeOutcome(db, ref);
    if (outcome || Date.now() >= deadline) return outcome ?? null;
    await sleep(pollMs);
  }
}

/**
 * Whether the code of the payment's OAuth authorisation in progress was lost (its exchange failed where the bank
 * may have spent it, or its confirmation was refused after): the PSU's approval of that authorisation cannot be
 * finished, whatever scaStatus we last read of it (lib/payments/oauth-step.ts).
 */
export async function oauthCodeWasLost(db: Db, payment: Payment): Promise<boolean> {
  const sca = scaStateOf(payment);
  return sca !== undefined && oauthCodeLost(db, payment.id, authorisationOf(sca), stuckClaimSeconds);
}
