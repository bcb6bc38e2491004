'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { type SignUpState, signUp } from '@/lib/auth/actions/sign-up';
import { checkKennitala } from '@/lib/payments/accounts/kennitala';
import { FormMessage, PasswordRules, useFieldError } from './account-form-parts';

export function SignUpForm({ locale, returnTo }: { locale: string; returnTo?: string }) {
  const t = useTranslations('account.signUp');
  const fieldError = useFieldError();
  const [state, action, pending] = useActionState<SignUpState, FormData>(signUp, {
    ok: false,
    fieldErrors: {},
    values: {},
  });
  const [kennitala, setKennitala] = useState(state.values.kennitala ?? '');
  // A wrong check digit is a warning only: kennitölur issued from 2026 may have none.
  const kennitalaWarning =
    kennitala.trim() !== '' && checkKennitala(kennitala) === 'invalid-checksum'
      ? t('kennitalaWarning')
      : undefined;
  return (
    <form action={action} className="space-y-4" noValidate>
      <input type="hidden" name="locale" value={locale} />
      {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
      <FormMessage ok={state.ok} message={state.message} values={state.messageValues} />
      <TextField
        label={t('email')}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={state.values.email}
        error={fieldError(state.fieldErrors.email)}
        required
      />
      <TextField
        label={t('displayName')}
        name="displayName"
        autoComplete="name"
        defaultValue={state.values.displayName}
        error={fieldError(state.fieldErrors.displayName)}
        required
      />
      <TextField
        label={t('kennitala')}
        name="kennitala"
        inputMode="numeric"
        autoComplete="off"
        value={kennitala}
        onChange={(event) => setKennitala(event.target.value)}
        error={fieldError(state.fieldErrors.kennitala)}
        hint={
          <>
            {t('kennitalaHint')}
            {kennitalaWarning && (
              <span role="status" className="mt-1 block font-medium text-amber-800">
                {kennitalaWarning}
              </span>
            )}
          </>
        }
      />
      <TextField
        label={t('password')}
        name="password"
        type="password"
        autoComplete="new-password"
        error={fieldError(state.fieldErrors.password)}
        required
      />
      <PasswordRules id="password-rules" />
      <Button type="submit" disabled={pending}>
        {t('submit')}
      </Button>
    </form>
  );
}
