'use client';

import { useTranslations } from 'next-intl';
import { useActionState } from 'react';
import { FormMessage, useFieldError } from '@/components/layout/account-form-parts';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { ActionResult } from '@/lib/actions/result';
import { renameMyAccountAction } from '@/lib/payments/actions/my-accounts';

/** The name the PSU gives one of their accounts; it works before the page hydrates too. */
export function RenameAccountForm({
  id,
  name,
  accountLabel,
}: {
  id: string;
  name: string;
  accountLabel: string;
}) {
  const t = useTranslations('saved.accounts');
  const [state, action, pending] = useActionState<ActionResult | null, FormData>(renameMyAccountAction, null);
  const fieldError = useFieldError(state);
  return (
    <form action={action} className="space-y-2">
      <input type="hidden" name="id" value={id} />
      <FormMessage result={state} />
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          className="min-w-0 flex-1"
          label={`${t('name')} (${accountLabel})`}
          name="name"
          defaultValue={name}
          maxLength={70}
          autoComplete="off"
          hint={t('nameHint')}
          error={fieldError('name')}
        />
        <Button type="submit" variant="secondary" className="mb-6" disabled={pending}>
          {t('rename')}
        </Button>
      </div>
    </form>
  );
}
