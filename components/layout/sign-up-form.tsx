'use client';

import { useTranslations } from 'next-intl';
import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { ActionResult } from '@/lib/actions/result';
import { signUpAction } from '@/lib/auth/actions/sign-up';
import { FormMessage, PasswordRules, typedValue, useFieldError } from './account-form-parts';

export function SignUpForm({ locale, returnTo }: { locale: string; returnTo?: string }) {
  const t = useTranslations('account.signUp');
  const [state, action, pending] = useActionState<ActionResult | null, FormData>(signUpAction, null);
  const fieldError = useFieldError(state);
  return (
    <form action={action} className="space-y-4" noValidate>
      <input type="hidden" name="locale" value={locale} />
      {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
      <FormMessage result={state} />
      <TextField
        label={t('email')}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={typedValue(state, 'email')}
        error={fieldError('email')}
        required
      />
      <TextField
        label={t('displayName')}
        name="displayName"
        autoComplete="name"
        defaultValue={typedValue(state, 'displayName')}
        error={fieldError('displayName')}
        required
      />
      <TextField
        label={t('password')}
        name="password"
        type="password"
        autoComplete="new-password"
        error={fieldError('password')}
        required
      />
      <PasswordRules id="password-rules" />
      <Button type="submit" disabled={pending}>
        {t('submit')}
      </Button>
    </form>
  );
}
