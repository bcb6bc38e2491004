'use server';

import { AuthError, CredentialsSignin } from 'next-auth';
import { z } from 'zod';
import { publicAction } from '@/lib/actions/client';
import { failure, success } from '@/lib/actions/result';
import { signIn } from '@/lib/auth';
import { SignInThrottled } from '@/lib/auth/sign-in-throttle';
import { logger } from '@/lib/log';
import { minutesToWait } from '@/lib/security/rate-limit';
import { localeField, safeReturnTo } from './return-to';

const signInSchema = z.object({
  email: z.string().trim().max(254),
  password: z.string().max(1000),
  locale: localeField,
  returnTo: z.string().optional(),
});

/** Signs a PSU in with e-mail and password; the credentials check throttles (lib/auth/credentials.ts). */
export const signInAction = publicAction
  .schema(signInSchema, { invalidMessage: 'signIn.failed', keep: ['email'] })
  .wordedFormAction(async ({ input }) => {
    try {
      await signIn('credentials', {
        email: input.email,
        password: input.password,
        redirectTo: safeReturnTo(input.returnTo, input.locale),
      });
    } catch (error) {
      if (error instanceof SignInThrottled) {
        return failure('signIn.throttled', {
          messageValues: { minutes: minutesToWait(error.retryAfterSeconds) },
        });
      }
      if (error instanceof AuthError) {
        if (!(error instanceof CredentialsSignin)) logger.warn({ type: error.type }, 'sign-in failed');
        return failure('signIn.failed');
      }
      throw error;
    }
    return success(null);
  });
