import { z } from 'zod';
import { checkPassword } from './accounts';
import {
  reserveSignInAttempt,
  SignInThrottled,
  settleSignInAttempt,
  signInSubjects,
} from './sign-in-throttle';

const credentialsSchema = z.object({ email: z.email().max(254), password: z.string().min(1).max(1000) });

/**
 * The credentials check behind every password sign-in, whether it comes through our sign-in action
 * or straight to next-auth's callback route: throttled per e-mail and client address before the
 * password is looked at (lib/auth/sign-in-throttle.ts).
 */
export async function verifyPsuCredentials(input: unknown, headers: Pick<Headers, 'get'> = new Headers()) {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) return null;
  const subjects = signInSubjects(parsed.data.email, headers);
  const verdict = await reserveSignInAttempt(subjects);
  if (!verdict.allowed) throw new SignInThrottled(verdict.retryAfterSeconds);
  let psu: Awaited<ReturnType<typeof checkPassword>> = null;
  try {
    psu = await checkPassword(subjects.email, parsed.data.password);
  } finally {
    await settleSignInAttempt(subjects, psu !== null);
  }
  return psu;
}
