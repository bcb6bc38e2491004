// From @auth/core, which next-auth re-exports: the same class, importable outside Next.js (tests).
import { CredentialsSignin } from '@auth/core/errors';
import { clientAddress, limitedAddress } from '@/lib/security/client-address';
import { holdHit, limits, settleHeldHit, type Verdict } from '@/lib/security/rate-limit';

/**
 * Sign-in is limited by failures, per e-mail address from one client address (guessing one PSU's
 * password) and per client address (trying many PSUs). A stranger elsewhere therefore cannot lock a
 * PSU out: their failures fill their own windows, never the one of the PSU's own address. Each
 * attempt takes its place in both windows in one atomic step before the password is checked, held
 * there while it is checked; so a concurrent burst of guesses gets no more password checks than the
 * limit, and while either window is full every attempt is refused unchecked, a correct one included,
 * so a throttled guesser learns nothing. A refused attempt is given back: it counts against nothing,
 * so hammering a full window neither keeps it full nor fills another. A right password forgets the
 * e-mail's settled failures from that address (the PSU's own typos), but not the attempts still
 * being checked beside it: a guess in flight stays counted.
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
  return { email: email.trim().toLowerCase(), address: limitedAddress(clientAddress(headers)) };
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
 * Counts one attempt in both windows, held until `settleSignInAttempt`; not allowed when either is
 * over its limit, and then counted in neither.
 */
export async function reserveSignInAttempt(subjects: SignInSubjects): Promise<Verdict> {
  const { signInPerEmail, signInPerAddress } = limits();
  const [byEmail, byAddress] = await Promise.all([
    holdHit(signInPerEmail, emailHere(subjects)),
    holdHit(signInPerAddress, subjects.address),
  ]);
  const verdict = worst(byEmail, byAddress);
  if (!verdict.allowed) {
    await Promise.all([
      settleHeldHit(signInPerEmail, emailHere(subjects), 'returned'),
      settleHeldHit(signInPerAddress, subjects.address, 'returned'),
    ]);
  }
  return verdict;
}

/**
 * Ends an attempt `reserveSignInAttempt` allowed. A wrong password (or a check that failed) stays
 * counted in both windows. A right one forgets the e-mail's settled failures from this address, and
 * is given back to the client address, whose window counts failures only.
 */
export async function settleSignInAttempt(subjects: SignInSubjects, signedIn: boolean): Promise<void> {
  const { signInPerEmail, signInPerAddress } = limits();
  await Promise.all([
    settleHeldHit(signInPerEmail, emailHere(subjects), signedIn ? 'forgiving' : 'kept'),
    settleHeldHit(signInPerAddress, subjects.address, signedIn ? 'returned' : 'kept'),
  ]);
}
