'use server';

import { headers } from 'next/headers';
import { AuthError, CredentialsSignin } from 'next-auth';
import { signIn } from '@/lib/auth';
import { SignInThrottled, signInSubjects, signInVerdict } from '@/lib/auth/sign-in-throttle';
import { logger } from '@/lib/log';
import { minutesToWait } from '@/lib/security/rate-limit';
import { inActionRequest } from '@/lib/security/request-context';
import { safeReturnTo } from './return-to';

export interface SignInState {
  failed: boolean;
  email: string;
  /** Set while sign-in is throttled: how many minutes to wait. */
  throttledMinutes?: number;
}

export async function signInWithPassword(_previous: unknown, form: unknown): Promise<SignInState> {
  return inActionRequest(async () => {
    if (!(form instanceof FormData)) return { failed: true, email: '' };
    const email = String(form.get('email') ?? '')
      .trim()
      .slice(0, 254);
    const locale = form.get('locale') === 'en' ? 'en' : 'is';
    // Refused before next-auth is asked, so that a throttled attempt costs no password check.
    const verdict = await signInVerdict(signInSubjects(email, await headers()));
    if (!verdict.allowed) {
      return { failed: true, email, throttledMinutes: minutesToWait(verdict.retryAfterSeconds) };
    }
    try {
      await signIn('credentials', {
        email,
        password: String(form.get('password') ?? ''),
        redirectTo: safeReturnTo(form.get('returnTo'), locale),
      });
    } catch (error) {
      if (error instanceof SignInThrottled) {
        return { failed: true, email, throttledMinutes: minutesToWait(error.retryAfterSeconds) };
      }
      if (error instanceof AuthError) {
        if (!(error instanceof CredentialsSignin)) {
          logger.error({ err: error, type: error.type }, 'sign-in failed');
        }
        return { failed: true, email };
      }
      throw error;
    }
    return { failed: false, email };
  });
}
