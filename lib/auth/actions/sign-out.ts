'use server';

import { signOut } from '@/lib/auth';
import { inActionRequest } from '@/lib/security/request-context';

/**
 * Signs the PSU out. A module-level action taking the locale from the form: an inline action in the
 * header would close over it, and Next.js would then decrypt that bound value from every request,
 * answering a forged one with a 500.
 */
export async function signOutPsu(form: unknown): Promise<void> {
  return inActionRequest(async () => {
    const locale = form instanceof FormData && form.get('locale') === 'en' ? 'en' : 'is';
    await signOut({ redirectTo: `/${locale}/sign-in` });
  });
}
