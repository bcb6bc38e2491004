'use client';

import { useActionState, useState } from 'react';
import { AnswerNote } from '@/components/layout/answer-note';
import { LocaleField } from '@/components/layout/locale-field';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { FormInWords } from '@/lib/actions/result';
import { addPayeeAction, updatePayeeAction } from '@/lib/payments/actions/payees';
import type { PayeeFormTexts } from './payee-form-texts';

export interface PayeeValues {
  id?: string;
  name: string;
  accountKind: 'iban' | 'maskedPan';
  account: string;
  kennitala: string;
}

/**
 * Adds a payee, or edits one (`payee.id`): name, an account or a card, and a kennitala where given. Its
 * words come from the page and its actions' answers in words, so the payees page loads no translations.
 */
export function PayeeForm({
  texts,
  payee,
  onDone,
}: {
  texts: PayeeFormTexts;
  payee?: PayeeValues;
  onDone?: () => void;
}) {
  const [answer, action, pending] = useActionState<FormInWords | null, FormData>(async (previous, form) => {
    const result = await (payee?.id ? updatePayeeAction : addPayeeAction)(previous, form);
    if (result.ok) onDone?.();
    return result;
  }, null);
  const [kind, setKind] = useState(payee?.accountKind ?? 'iban');
  const typed = answer?.ok ? undefined : answer?.values;
  const value = (field: keyof PayeeValues) => typed?.[field] ?? payee?.[field] ?? '';
  // The account typed or saved for the kind chosen; another kind starts empty.
  const accountKind = typed?.accountKind ?? payee?.accountKind ?? 'iban';
  // A new, empty form after each payee added.
  const formKey = answer?.ok ? JSON.stringify(answer.data) : 'form';
  return (
    <form key={formKey} action={action} className="space-y-4">
      <LocaleField />
      {payee?.id && <input type="hidden" name="id" value={payee.id} />}
      {answer?.text && <AnswerNote ok={answer.ok} text={answer.text} />}
      <TextField
        label={texts.name}
        name="name"
        defaultValue={value('name')}
        maxLength={70}
        error={answer?.fields?.name}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{texts.kind}</legend>
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
              <span>{option === 'iban' ? texts.kindIban : texts.kindCard}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        key={kind}
        label={kind === 'iban' ? texts.account : texts.card}
        name="account"
        defaultValue={kind === accountKind ? value('account') : ''}
        autoComplete="off"
        spellCheck={false}
        hint={kind === 'iban' ? texts.accountHint : texts.cardHint}
        error={answer?.fields?.account}
      />
      <TextField
        label={texts.kennitala}
        name="kennitala"
        inputMode="numeric"
        defaultValue={value('kennitala')}
        autoComplete="off"
        error={answer?.fields?.kennitala}
      />
      <div className="flex gap-3">
        <Button type="submit" disabled={pending}>
          {texts.save}
        </Button>
        {onDone && payee?.id && (
          <Button type="button" variant="secondary" onClick={onDone}>
            {texts.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}
