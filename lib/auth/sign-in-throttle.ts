// From @auth/core, which next-auth re-exports: the same class, importable outside Next.js (tests).
import { CredentialsSignin } from '@auth/core/errors';
import { clientAddress } from '@/lib/security/client-address';
import { clearLimit, hitLimit, limits, releaseHit, type Verdict } from '@/lib/security/rate-limit';

/**
 * Sign-in is limited by failures, per e-mail address from one client address (guessing one PSU's
 * password) and per client address (trying many PSUs). A stranger elsewhere therefore cannot lock a
 * PSU out: their failures fill their own windows, never the one of the PSU's own address. Each
 * attempt takes its place in both windows in one atomic step before the password is checked, and
 * gives it back when the password was right; so a concurrent burst gets no more password checks than
 * the limit, and while either window is full every attempt is refused unchecked, a correct one
 * included, so a throttled guesser learns nothing. A refused attempt is given back too: it counts
 * against nothing, so hammering a full window neither keeps it full nor fills another.
 */
export class SignInThrottled extends CredentialsSignin {
  override code = 'throttled';
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

export interface SignInSubjects {
  email: string;
  address: string;
}

export function signInSubjects(email: string, headers: Pick<Headers, 'get'>): SignInSubjects {
  return { email: email.trim().toLowerCase(), address: clientAddress(headers) };
}

function worst(a: Verdict, b: Verdict): Verdict {
  if (a.allowed && b.allowed) return a;
  return a.retryAfterSeconds >= b.retryAfterSeconds ? a : b;
}

/** The subject of the per-e-mail window: the e-mail address at this client address. */
function emailHere(subjects: SignInSubjects): string {
  return `${subjects.email}\n${subjects.address}`;
}

/**
 * Counts one attempt in both windows; not allowed when either is over its limit, and then counted
 * in neither.
 */
export async function reserveSignInAttempt(subjects: SignInSubjects): Promise<Verdict> {
  const { signInPerEmail, signInPerAddress } = limits();
  const [byEmail, byAddress] = await Promise.all([
    hitLimit(signInPerEmail, emailHere(subjects)),
    hitLimit(signInPerAddress, subjects.address),
  ]);
  const verdict = worst(byEmail, byAddress);
  if (!verdict.allowed) {
    await Promise.all([
      releaseHit(signInPerEmail, emailHere(subjects)),
      releaseHit(signInPerAddress, subjects.address),
    ]);
  }
  return verdict;
}

/**
 * After a right password: the e-mail's failures from this address are forgotten, and the attempt is
 * given back to the client address, whose window counts failures only.
 */
export async function signInSucceeded(subjects: SignInSubjects): Promise<void> {
  const { signInPerEmail, signInPerAddress } = limits();
  await Promise.all([
    clearLimit(signInPerEmail, emailHere(subjects)),
    releaseHit(signInPerAddress, subjects.address),
  ]);
}
