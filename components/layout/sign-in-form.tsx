'use client';

import { useTranslations } from 'next-intl';
import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { ActionResult } from '@/lib/actions/result';
import { signInAction } from '@/lib/auth/actions/sign-in';

export function SignInForm({ locale, returnTo }: { locale: string; returnTo?: string }) {
  const t = useTranslations();
  const [state, action, pending] = useActionState<ActionResult | null, FormData>(signInAction, null);
  const failed = state && !state.ok ? state : undefined;
  return (
    <form action={action} className="space-y-4" noValidate>
      <input type="hidden" name="locale" value={locale} />
      {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
      {failed && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {t(
            failed.message === 'signIn.throttled' ? 'signIn.throttled' : 'signIn.failed',
            failed.messageValues,
          )}
        </p>
      )}
      <TextField
        label={t('signIn.email')}
        name="email"
        type="email"
        autoComplete="username"
        defaultValue={failed?.values?.email ?? ''}
        required
      />
      <TextField
        label={t('signIn.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" disabled={pending}>
        {t('signIn.submit')}
      </Button>
    </form>
  );
}
