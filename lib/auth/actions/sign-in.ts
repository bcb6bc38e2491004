'use server';

import { AuthError } from 'next-auth';
import { signIn } from '@/lib/auth';
import { logger } from '@/lib/log';

export interface SignInState {
  failed: boolean;
  email: string;
}

/** Only a path on this site may follow sign-in; anything else falls back to the payments list. */
function safeReturnTo(value: FormDataEntryValue | null, locale: string): string {
  const fallback = `/${locale}/payments`;
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return fallback;
  }
  return value;
}

export async function signInWithPassword(_previous: SignInState, form: FormData): Promise<SignInState> {
  const email = String(form.get('email') ?? '').trim();
  const locale = form.get('locale') === 'en' ? 'en' : 'is';
  try {
    await signIn('credentials', {
      email,
      password: String(form.get('password') ?? ''),
      redirectTo: safeReturnTo(form.get('returnTo'), locale),
    });
  } catch (error) {
    if (error instanceof AuthError) {
      if (error.type !== 'CredentialsSignin')
        logger.error({ err: error, type: error.type }, 'sign-in failed');
      return { failed: true, email };
    }
    throw error;
  }
  return { failed: false, email };
}
