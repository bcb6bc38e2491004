'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/text-field';
import { initiateSinglePayment } from '@/lib/payments/actions/initiate-single-payment';
import { parseAmountInput } from '@/lib/payments/money';
import { SinglePaymentSchema, translateMessage } from '@/lib/payments/schemas';
import { submissionSchema } from '@/lib/payments/submission';

const formSchema = submissionSchema(SinglePaymentSchema);
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const remittanceMax = 140;

export function SinglePaymentForm({ submissionId }: { submissionId: string }) {
  const t = useTranslations('newPayment');
  const tAll = useTranslations();
  const locale = useLocale() === 'en' ? 'en' : 'is';
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    getValues,
    formState: { errors, isSubmitting, submitCount, isValid },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      submissionId,
      scaLanguage: locale,
      payment: {
        debtorAccount: { iban: '' },
        creditorAccount: { iban: '' },
        instructedAmount: { currency: 'ISK', amount: '' },
      },
    },
  });
  const remittance = watch('payment.remittanceInformationUnstructured') ?? '';
  const message = (text: string | undefined) => (text ? translateMessage(text, locale) : undefined);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await initiateSinglePayment(values);
    if (result.ok) {
      window.location.assign(result.redirectTo);
      return;
    }
    for (const fieldError of result.fieldErrors ?? []) {
      setError(fieldError.path as FieldPath<FormInput>, { message: fieldError.message });
    }
    if (result.messageKey)
      setFailure(tAll.has(result.messageKey) ? tAll(result.messageKey) : tAll('bank.unexpected'));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {(failure || (submitCount > 0 && !isValid && Object.keys(errors).length > 0)) && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {failure ?? t('fixErrors')}
        </p>
      )}
      <input type="hidden" {...register('submissionId')} />
      <TextField
        label={t('debtorAccount')}
        autoComplete="off"
        spellCheck={false}
        error={message(
          errors.payment?.debtorAccount?.iban?.message ?? errors.payment?.debtorAccount?.message,
        )}
        {...register('payment.debtorAccount.iban', { setValueAs: compactIban })}
      />
      <TextField
        label={t('creditorAccount')}
        autoComplete="off"
        spellCheck={false}
        error={message(
          errors.payment?.creditorAccount?.iban?.message ?? errors.payment?.creditorAccount?.message,
        )}
        {...register('payment.creditorAccount.iban', { setValueAs: compactIban })}
      />
      <TextField
        label={t('creditorName')}
        autoComplete="off"
        error={message(errors.payment?.creditorName?.message)}
        {...register('payment.creditorName', { setValueAs: emptyToUndefined })}
      />
      <div className="grid grid-cols-[1fr_8rem] gap-3">
        <TextField
          label={t('amount')}
          inputMode="decimal"
          autoComplete="off"
          error={message(errors.payment?.instructedAmount?.amount?.message)}
          {...register('payment.instructedAmount.amount', {
            setValueAs: (value: string) => {
              const parsed = parseAmountInput(value, getValues('payment.instructedAmount.currency') ?? 'ISK');
              return parsed.ok ? parsed.amount : value;
            },
          })}
        />
        <SelectField
          label={t('currency')}
          error={message(errors.payment?.instructedAmount?.currency?.message)}
          {...register('payment.instructedAmount.currency')}
        >
          {['ISK', 'EUR', 'USD', 'GBP', 'DKK', 'NOK', 'SEK'].map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={t('remittance')}
        maxLength={remittanceMax}
        hint={t('charactersLeft', { count: remittanceMax - remittance.length })}
        error={message(errors.payment?.remittanceInformationUnstructured?.message)}
        {...register('payment.remittanceInformationUnstructured', { setValueAs: emptyToUndefined })}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t('scaLanguage')}</legend>
        <div className="flex gap-6">
          <label className="flex items-center gap-2">
            <input type="radio" value="is" {...register('scaLanguage')} />
            <span lang="is">{t('scaLanguageIs')}</span>
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="en" {...register('scaLanguage')} />
            <span lang="en">{t('scaLanguageEn')}</span>
          </label>
        </div>
      </fieldset>
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}

/** People paste IBANs with spaces and in lower case; the bank wants neither. */
function compactIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}
