'use server';

import { z } from 'zod';
import { publicAction } from '@/lib/actions/client';
import { success } from '@/lib/actions/result';
import { signOut } from '@/lib/auth';
import { localeField } from './return-to';

const signOutWith = publicAction.schema(z.object({ locale: localeField })).action(async ({ input }) => {
  await signOut({ redirectTo: `/${input.locale}/sign-in` });
  return success(null);
});

/**
 * Signs the PSU out: a form's own action (React gives it the form alone), so that the sign-out button is drawn
 * by the server and carries no script. A module-level action taking the locale from the form: an inline action
 * in the header would close over it, and Next.js would then decrypt that bound value from every request,
 * answering a forged one with a 500.
 */
export async function signOutAction(form: FormData): Promise<void> {
  // A form without a known locale signs out to the Icelandic sign-in page (localeField).
  await signOutWith(form);
}
