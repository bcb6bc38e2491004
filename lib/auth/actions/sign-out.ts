'use server';

import { z } from 'zod';
import { publicAction } from '@/lib/actions/client';
import { success } from '@/lib/actions/result';
import { signOut } from '@/lib/auth';
import { localeField } from './return-to';

/**
 * Signs the PSU out. A module-level action taking the locale from the form: an inline action in the
 * header would close over it, and Next.js would then decrypt that bound value from every request,
 * answering a forged one with a 500.
 */
export const signOutAction = publicAction
  .schema(z.object({ locale: localeField }))
  .formAction(async ({ input }) => {
    await signOut({ redirectTo: `/${input.locale}/sign-in` });
    return success(null);
  });
