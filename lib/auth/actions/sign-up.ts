'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { publicAction } from '@/lib/actions/client';
import { signUpSchema } from '@/lib/auth/password-rules';
import { signUpPsu } from '@/lib/auth/sign-up';
import { limitedAddress } from '@/lib/security/client-address';
import { limits } from '@/lib/security/rate-limit';
import { localeField, safeReturnTo } from './return-to';

const signUpFormSchema = z.intersection(
  signUpSchema,
  z.object({ locale: localeField, returnTo: z.string().optional() }),
);

/**
 * Signs a PSU up (lib/auth/sign-up.ts), and answers alike whether the address had an account or
 * not: on to the sign-in page, which says a message is on its way. Nobody is signed in here.
 */
export const signUpAction = publicAction
  .throttle(({ address }) => ({
    limit: limits().signUpPerAddress,
    subject: limitedAddress(address),
    message: 'account.errors.throttled',
  }))
  .schema(signUpFormSchema, { invalidMessage: 'account.errors.fix', keep: ['email', 'displayName'] })
  .wordedFormAction<null>(async ({ input }) => {
    await signUpPsu(
      { email: input.email, displayName: input.displayName, password: input.password },
      input.locale,
    );
    const next = new URLSearchParams({ signedUp: '1' });
    if (input.returnTo) next.set('returnTo', safeReturnTo(input.returnTo, input.locale));
    redirect(`/${input.locale}/sign-in?${next}`);
  });
