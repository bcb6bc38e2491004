'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { FormInWords } from '@/lib/actions/result';
import { addPayeeAction } from '@/lib/payments/actions/payees';

/**
 * Saves the recipient typed in the payment form (its account or card) under the name given here.
 * Not a form of its own: it sits inside the payment form, so it sends the action itself.
 */
export function SavePayeePanel({ nameField, onClose }: { nameField?: string; onClose: () => void }) {
  const t = useTranslations();
  const locale = useLocale();
  const { getValues } = useFormContext();
  const [name, setName] = useState(() =>
    nameField ? ((getValues(nameField) as string | undefined) ?? '') : '',
  );
  const [answer, setAnswer] = useState<FormInWords | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const save = async () => {
    const account = (getValues('payment.creditorAccount') ?? {}) as { iban?: string; maskedPan?: string };
    const form = new FormData();
    form.set('locale', locale);
    form.set('name', name);
    form.set('accountKind', account.maskedPan !== undefined ? 'maskedPan' : 'iban');
    form.set('account', account.maskedPan ?? account.iban ?? '');
    setPending(true);
    try {
      setAnswer(await addPayeeAction(null, form));
    } catch {
      setAnswer({ ok: false, text: t('forms.common.unexpected') });
    } finally {
      setPending(false);
    }
  };

  const accountError = answer?.fields?.account ?? answer?.fields?.kennitala;
  return (
    <section
      aria-label={t('saved.payees.saveFromForm')}
      className="space-y-3 rounded border border-slate-200 p-4"
    >
      <TextField
        ref={input}
        label={t('saved.payees.nameOfPayee')}
        value={name}
        maxLength={70}
        error={answer?.fields?.name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void save();
          }
        }}
      />
      {accountError && (
        <p role="alert" className="text-sm text-red-700">
          {accountError}
        </p>
      )}
      {answer?.text && (
        <p
          role={answer.ok ? 'status' : 'alert'}
          className={`text-sm ${answer.ok ? 'text-green-900' : 'text-red-700'}`}
        >
          {answer.text}
        </p>
      )}
      <div className="flex gap-3">
        <Button type="button" disabled={pending} onClick={() => void save()}>
          {t('saved.payees.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {t('saved.payees.cancel')}
        </Button>
      </div>
    </section>
  );
}
