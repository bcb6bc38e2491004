// From @auth/core, which next-auth re-exports: the same class, importable outside Next.js (tests).
import { CredentialsSignin } from '@auth/core/errors';
import { settings } from '@/lib/config';
import { clientAddress } from '@/lib/security/client-address';
import { clearLimit, hitLimit, limits, peekLimit, type Verdict } from '@/lib/security/rate-limit';

/**
 * Sign-in is limited by failures, per e-mail address (guessing one PSU's password) and per client
 * address (trying many PSUs). While either is over its limit every attempt is refused before the
 * password is checked, a correct one included, so a throttled guesser learns nothing.
 */
export class SignInThrottled extends CredentialsSignin {
  override code = 'throttled';
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

export function signInSubjects(email: string, headers: Headers) {
  return {
    email: email.trim().toLowerCase(),
    address: clientAddress(headers, settings().TRUSTED_PROXY_COUNT),
  };
}

function worst(a: Verdict, b: Verdict): Verdict {
  if (a.allowed && b.allowed) return a;
  return a.retryAfterSeconds >= b.retryAfterSeconds ? a : b;
}

export async function signInVerdict(subjects: { email: string; address: string }): Promise<Verdict> {
  const { signInPerEmail, signInPerAddress } = limits();
  const [byEmail, byAddress] = await Promise.all([
    peekLimit(signInPerEmail, subjects.email),
    peekLimit(signInPerAddress, subjects.address),
  ]);
  return worst(byEmail, byAddress);
}

export async function recordSignInFailure(subjects: { email: string; address: string }): Promise<void> {
  const { signInPerEmail, signInPerAddress } = limits();
  await Promise.all([hitLimit(signInPerEmail, subjects.email), hitLimit(signInPerAddress, subjects.address)]);
}

/** A right password clears the address's failures for that e-mail; the client address keeps its count. */
export async function recordSignInSuccess(subjects: { email: string }): Promise<void> {
  await clearLimit(limits().signInPerEmail, subjects.email);
}
