'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useState } from 'react';
import { FormMessage, typedValue, useFieldError } from '@/components/layout/account-form-parts';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { ActionResult } from '@/lib/actions/result';
import { addPayeeAction, updatePayeeAction } from '@/lib/payments/actions/payees';

export interface PayeeValues {
  id?: string;
  name: string;
  accountKind: 'iban' | 'maskedPan';
  account: string;
  kennitala: string;
}

/** Adds a payee, or edits one (`payee.id`): name, an account or a card, and a kennitala where given. */
export function PayeeForm({ payee, onDone }: { payee?: PayeeValues; onDone?: () => void }) {
  const t = useTranslations('saved.payees');
  const [state, action, pending] = useActionState<ActionResult<unknown> | null, FormData>(
    async (previous, form) => {
      const result = await (payee?.id ? updatePayeeAction : addPayeeAction)(previous, form);
      if (result.ok) onDone?.();
      return result;
    },
    null,
  );
  const fieldError = useFieldError(state);
  const [kind, setKind] = useState(payee?.accountKind ?? 'iban');
  const value = (field: keyof PayeeValues) => typedValue(state, field) ?? payee?.[field] ?? '';
  // A new, empty form after each payee added.
  const formKey = state?.ok ? JSON.stringify(state.data) : 'form';
  return (
    <form key={formKey} action={action} className="space-y-4">
      {payee?.id && <input type="hidden" name="id" value={payee.id} />}
      <FormMessage result={state} />
      <TextField
        label={t('name')}
        name="name"
        defaultValue={value('name')}
        maxLength={70}
        error={fieldError('name')}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t('kind')}</legend>
        <div className="flex flex-wrap gap-6">
          {(['iban', 'maskedPan'] as const).map((option) => (
            <label key={option} className="flex items-center gap-2">
              <input
                type="radio"
                name="accountKind"
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
              />
              <span>{option === 'iban' ? t('kindIban') : t('kindCard')}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        key={kind}
        label={kind === 'iban' ? t('account') : t('card')}
        name="account"
        defaultValue={kind === payee?.accountKind ? value('account') : ''}
        autoComplete="off"
        spellCheck={false}
        hint={kind === 'iban' ? t('accountHint') : t('cardHint')}
        error={fieldError('account')}
      />
      <TextField
        label={t('kennitala')}
        name="kennitala"
        inputMode="numeric"
        defaultValue={value('kennitala')}
        autoComplete="off"
        error={fieldError('kennitala')}
      />
      <div className="flex gap-3">
        <Button type="submit" disabled={pending}>
          {t('save')}
        </Button>
        {onDone && payee?.id && (
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
