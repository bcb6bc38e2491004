'use server';

import { AuthError } from 'next-auth';
import { z } from 'zod';
import { publicAction } from '@/lib/actions/client';
import { failure, success } from '@/lib/actions/result';
import { signIn } from '@/lib/auth';
import { createPsu } from '@/lib/auth/accounts';
import { sendVerificationLink } from '@/lib/auth/email-verification';
import { signUpSchema } from '@/lib/auth/password-rules';
import { logger } from '@/lib/log';
import { limits } from '@/lib/security/rate-limit';
import { localeField, safeReturnTo } from './return-to';

const signUpFormSchema = z.intersection(
  signUpSchema,
  z.object({ locale: localeField, returnTo: z.string().optional() }),
);

/** Creates a PSU with a password, sends the link that verifies its e-mail address, and signs them in. */
export const signUpAction = publicAction
  .throttle(({ address }) => ({
    limit: limits().signUpPerAddress,
    subject: address,
    message: 'account.errors.throttled',
  }))
  .schema(signUpFormSchema, { invalidMessage: 'account.errors.fix', keep: ['email', 'displayName'] })
  .formAction(async ({ input }) => {
    const created = await createPsu({
      email: input.email,
      displayName: input.displayName,
      password: input.password,
    });
    if (!created.ok) {
      return failure('account.errors.fix', { fieldErrors: { email: ['account.errors.emailTaken'] } });
    }
    logger.info({ psuId: created.psu.id }, 'PSU signed up');
    // The account works at once; its address grants nothing until the link is opened.
    await sendVerificationLink(created.psu.id, input.locale).catch((error: unknown) =>
      logger.warn(
        { psuId: created.psu.id, err: error },
        'verification link not sent; the account page resends it',
      ),
    );
    try {
      await signIn('credentials', {
        email: created.psu.email,
        password: input.password,
        redirectTo: safeReturnTo(input.returnTo, input.locale),
      });
    } catch (error) {
      if (error instanceof AuthError) return success(null, 'account.signUp.signInNow');
      throw error;
    }
    return success(null);
  });
