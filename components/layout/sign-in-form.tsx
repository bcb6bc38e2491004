'use client';

import { useTranslations } from 'next-intl';
import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { type SignInState, signInWithPassword } from '@/lib/auth/actions/sign-in';

export function SignInForm({ locale, returnTo }: { locale: string; returnTo?: string }) {
  const t = useTranslations('signIn');
  const [state, action, pending] = useActionState<SignInState, FormData>(signInWithPassword, {
    failed: false,
    email: '',
  });
  return (
    <form action={action} className="space-y-4" noValidate>
      <input type="hidden" name="locale" value={locale} />
      {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
      {state.failed && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {state.throttledMinutes !== undefined
            ? t('throttled', { minutes: state.throttledMinutes })
            : t('failed')}
        </p>
      )}
      <TextField
        label={t('email')}
        name="email"
        type="email"
        autoComplete="username"
        defaultValue={state.email}
        required
      />
      <TextField
        label={t('password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" disabled={pending}>
        {t('submit')}
      </Button>
    </form>
  );
}
