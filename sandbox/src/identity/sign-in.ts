import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db.js';
import { sandboxNow } from '../db/queries/clock.js';
import { insertIdpCode } from '../db/queries/idp-grants.js';
import { findIdpPerson } from '../db/queries/idp-people.js';
import { deleteIdpSignIn, findIdpSignIn, type IdpSignInRow } from '../db/queries/idp-sign-ins.js';
import { secretEquals, sha256Hex } from '../shared/secrets.js';
import { redirectWith } from './authorization.js';
import { DEMO_PIN } from './people.js';

/** An authorization code is good for this long (sandbox clock), and once. */
export const CODE_SECONDS = 60;

/** A sign-in under way, by the id in its page's address; undefined when unknown, finished or expired. */
export async function pendingSignIn(db: Queryable, signInId: string): Promise<IdpSignInRow | undefined> {
  return findIdpSignIn(db, sha256Hex(signInId), await sandboxNow(db));
}

/** A kennitala as people type it: `010130-2989`, `010130 2989` or `0101302989`. */
export function normaliseKennitala(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/**
 * The person proves who they are (the sandbox's stand-in for the electronic-ID app: kennitala and PIN). On
 * success the sign-in ends and an authorization code goes back to the client's redirect URI with its `state`
 * and the issuer; the code is stored as a hash, bound to the client, the redirect URI, the PKCE challenge
 * and the nonce. `expired`: the sign-in was finished (or cancelled) meanwhile, or is past its time.
 */
export async function signInPerson(
  db: Db,
  issuer: string,
  signInId: string,
  typed: { kennitala: string; pin: string },
): Promise<{ location: string } | { refused: 'credentials' | 'expired' }> {
  const kennitala = normaliseKennitala(typed.kennitala);
  const person = await findIdpPerson(db, kennitala);
  const pinRight = secretEquals(typed.pin, DEMO_PIN);
  return db.transaction(async (tx) => {
    const signIn = await pendingSignIn(tx, signInId);
    if (!signIn) return { refused: 'expired' as const };
    if (!person || !pinRight) return { refused: 'credentials' as const };
    if (!(await deleteIdpSignIn(tx, signIn.id_hash))) return { refused: 'expired' as const };
    const code = randomBytes(32).toString('base64url');
    const now = await sandboxNow(tx);
    await insertIdpCode(tx, {
      code_hash: sha256Hex(code),
      client_id: signIn.client_id,
      redirect_uri: signIn.redirect_uri,
      scope: signIn.scope,
      nonce: signIn.nonce,
      code_challenge: signIn.code_challenge,
      kennitala: person.kennitala,
      auth_time: Date.now(),
      expires_at: now + CODE_SECONDS * 1000,
    });
    return { location: redirectWith(signIn.redirect_uri, issuer, signIn.state, { code }) };
  });
}

/** The person cancels: the client hears `access_denied` (RFC 6749 4.1.2.1). */
export async function cancelSignIn(
  db: Queryable,
  issuer: string,
  signInId: string,
): Promise<{ location: string } | { refused: 'expired' }> {
  const signIn = await pendingSignIn(db, signInId);
  if (!signIn || !(await deleteIdpSignIn(db, signIn.id_hash))) return { refused: 'expired' };
  return {
    location: redirectWith(signIn.redirect_uri, issuer, signIn.state, {
      error: 'access_denied',
      error_description: 'The person cancelled the sign-in.',
    }),
  };
}
