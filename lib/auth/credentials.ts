import { z } from 'zod';
import { checkPassword } from './accounts';
import {
  recordSignInFailure,
  recordSignInSuccess,
  SignInThrottled,
  signInSubjects,
  signInVerdict,
} from './sign-in-throttle';

const credentialsSchema = z.object({ email: z.email().max(254), password: z.string().min(1).max(1000) });

/**
 * The credentials check behind every password sign-in, whether it comes through our sign-in action
 * or straight to next-auth's callback route: throttled per e-mail and client address before the
 * password is looked at, and every failure counted.
 */
export async function verifyPsuCredentials(input: unknown, headers: Headers = new Headers()) {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) return null;
  const subjects = signInSubjects(parsed.data.email, headers);
  const verdict = await signInVerdict(subjects);
  if (!verdict.allowed) throw new SignInThrottled(verdict.retryAfterSeconds);
  const psu = await checkPassword(subjects.email, parsed.data.password);
  if (psu) await recordSignInSuccess(subjects);
  else await recordSignInFailure(subjects);
  return psu;
}
