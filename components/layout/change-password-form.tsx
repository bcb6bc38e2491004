'use client';

import { useTranslations } from 'next-intl';
import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { ActionResult } from '@/lib/actions/result';
import { changePasswordAction } from '@/lib/auth/actions/change-password';
import { FormMessage, useFieldError } from './account-form-parts';
import { PasswordRules } from './password-rules';

export function ChangePasswordForm({ locale }: { locale: string }) {
  const t = useTranslations('account.password');
  const [state, action, pending] = useActionState<ActionResult | null, FormData>(changePasswordAction, null);
  const fieldError = useFieldError(state);
  return (
    <form action={action} className="space-y-4" noValidate>
      <input type="hidden" name="locale" value={locale} />
      <FormMessage result={state} />
      <TextField
        label={t('current')}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        error={fieldError('currentPassword')}
        required
      />
      <TextField
        label={t('new')}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        error={fieldError('newPassword')}
        required
      />
      <PasswordRules id="new-password-rules" />
      <TextField
        label={t('confirm')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={fieldError('confirmPassword')}
        required
      />
      <Button type="submit" disabled={pending}>
        {t('submit')}
      </Button>
    </form>
  );
}
