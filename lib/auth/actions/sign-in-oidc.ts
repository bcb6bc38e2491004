'use server';

import { z } from 'zod';
import { publicAction } from '@/lib/actions/client';
import { failure, success } from '@/lib/actions/result';
import { signIn } from '@/lib/auth';
import { OIDC_PROVIDER_ID, oidcAuthorizationParams, oidcProvider } from '@/lib/auth/oidc';
import { settings } from '@/lib/config';
import { localeField, safeReturnTo } from './return-to';

/** Sends the browser to the electronic-ID service of the settings; nothing when none is set. */
export const signInWithEidAction = publicAction
  .schema(z.object({ locale: localeField, returnTo: z.string().optional() }))
  .formAction(async ({ input }) => {
    if (!oidcProvider(settings())) return failure('signIn.providerFailed');
    await signIn(
      OIDC_PROVIDER_ID,
      { redirectTo: safeReturnTo(input.returnTo, input.locale) },
      oidcAuthorizationParams(input.locale),
    );
    return success(null);
  });
