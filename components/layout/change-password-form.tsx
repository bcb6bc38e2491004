'use client';

import { useTranslations } from 'next-intl';
import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { type ChangePasswordState, changeOwnPassword } from '@/lib/auth/actions/change-password';
import { FormMessage, PasswordRules, useFieldError } from './account-form-parts';

export function ChangePasswordForm() {
  const t = useTranslations('account.password');
  const fieldError = useFieldError();
  const [state, action, pending] = useActionState<ChangePasswordState, FormData>(changeOwnPassword, {
    ok: false,
    fieldErrors: {},
    values: {},
  });
  return (
    <form action={action} className="space-y-4" noValidate>
      <FormMessage ok={state.ok} message={state.message} values={state.messageValues} />
      <TextField
        label={t('current')}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        error={fieldError(state.fieldErrors.currentPassword)}
        required
      />
      <TextField
        label={t('new')}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        error={fieldError(state.fieldErrors.newPassword)}
        required
      />
      <PasswordRules id="new-password-rules" />
      <TextField
        label={t('confirm')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={fieldError(state.fieldErrors.confirmPassword)}
        required
      />
      <Button type="submit" disabled={pending}>
        {t('submit')}
      </Button>
    </form>
  );
}
