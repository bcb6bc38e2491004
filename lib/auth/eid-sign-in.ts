import type { Session, User } from 'next-auth';
import { settings } from '@/lib/config';
import { logger } from '@/lib/log';
import { linkKennitala, psuForOidc } from './identity';
import { oidcPerson } from './oidc';
import { endSession } from './sessions';

/**
 * What a sign-in with the electronic ID does, once the provider's ID token is verified (next-auth
 * checks its signature, issuer, audience, nonce, and the PKCE verifier of the code): in a browser
 * signed in already, it links the verified kennitala to that account (the account page's "verify");
 * otherwise it signs in to the account of that person (lib/auth/identity.ts). `user.id` is what
 * the session is then made for. A link refused comes back to the account page saying why.
 */
export async function eidSignIn(
  claims: Record<string, unknown> | undefined,
  user: User,
  current: Session | null,
): Promise<boolean | string> {
  const { OIDC_ISSUER, OIDC_KENNITALA_CLAIM } = settings();
  const person = claims && OIDC_ISSUER ? oidcPerson(claims, OIDC_ISSUER, OIDC_KENNITALA_CLAIM) : undefined;
  if (!person) return false;
  const signedIn = current?.user?.id;
  if (signedIn) {
    const outcome = await linkKennitala(signedIn, person);
    if (!outcome.ok) {
      logger.info({ psuId: signedIn, reason: outcome.reason }, 'kennitala not linked');
      return `/account?kennitala=${outcome.reason}`;
    }
    logger.info({ psuId: signedIn }, 'kennitala linked from a verified claim');
    // The browser gets a new session for the same account; the one it had ends.
    if (current.sessionId) await endSession(current.sessionId, 'newSignIn');
    user.id = signedIn;
    return true;
  }
  const psu = await psuForOidc(person);
  user.id = psu.id;
  user.name = psu.name;
  user.email = psu.email;
  return true;
}
