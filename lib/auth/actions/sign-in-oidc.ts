'use server';

import { signIn } from '@/lib/auth';
import { OIDC_PROVIDER_ID, oidcProvider } from '@/lib/auth/oidc';
import { settings } from '@/lib/config';
import { inActionRequest } from '@/lib/security/request-context';
import { safeReturnTo } from './return-to';

/** Sends the browser to the electronic-ID service of the settings; nothing when none is set. */
export async function signInWithOidc(form: unknown): Promise<void> {
  return inActionRequest(async () => {
    if (!(form instanceof FormData) || !oidcProvider(settings())) return;
    const locale = form.get('locale') === 'en' ? 'en' : 'is';
    await signIn(OIDC_PROVIDER_ID, { redirectTo: safeReturnTo(form.get('returnTo'), locale) });
  });
}
