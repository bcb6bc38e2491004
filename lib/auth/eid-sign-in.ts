import type { User } from 'next-auth';
import { settings } from '@/lib/config';
import { logger } from '@/lib/log';
import type { NamedSession } from './browser-session';
import { linkKennitala, psuForOidc } from './identity';
import { oidcPerson } from './oidc';
import { endSession } from './sessions';

/**
 * What a sign-in with the electronic ID does, once its ID token is verified (lib/auth/id-token.ts:
 * signature against the provider's published keys, issuer, audience, times, nonce; next-auth
 * checks the state and the PKCE verifier of the code). It signs in to the account of that person
 * (lib/auth/identity.ts); only when the PSU of this browser asked for it on their account page, and
 * confirmed (`linkTo`, lib/auth/browser-session.ts), does it link the verified kennitala to their
 * account instead. `user.id` is what the session is then made for. A link refused comes back to the
 * account page saying why. A token of one person acting for another signs in to no account: its subject is the
 * one represented, who is not the one at the keyboard.
 */
export async function eidSignIn(
  claims: Record<string, unknown>,
  user: User,
  linkTo: NamedSession | null,
): Promise<boolean | string> {
  const { OIDC_ISSUER, OIDC_KENNITALA_CLAIM } = settings();
  const person = OIDC_ISSUER ? oidcPerson(claims, OIDC_ISSUER, OIDC_KENNITALA_CLAIM) : undefined;
  if (!person) {
    logger.warn('electronic-ID sign-in refused: the token names no usable subject');
    return false;
  }
  if (linkTo) {
    const outcome = await linkKennitala(linkTo.psuId, person);
    if (!outcome.ok) {
      logger.info({ psuId: linkTo.psuId, reason: outcome.reason }, 'kennitala not linked');
      return `/account?kennitala=${outcome.reason}`;
    }
    logger.info({ psuId: linkTo.psuId }, 'kennitala linked from a verified claim');
    // The browser gets a new session for the same account; the one it had ends.
    await endSession(linkTo.sessionId, 'newSignIn');
    user.id = linkTo.psuId;
    return true;
  }
  // Acting for another, the token's subject is the one represented: signing in as them would give the delegate
  // their account (and an account made here would hold their subject, where their own sign-in would land).
  if (person.delegated) {
    logger.warn('electronic-ID sign-in refused: the token is of one person acting for another');
    return false;
  }
  const psu = await psuForOidc(person);
  user.id = psu.id;
  user.name = psu.name;
  user.email = psu.email;
  return true;
}
