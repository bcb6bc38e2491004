'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useValueFromBeforeHydration } from '@/components/ui/use-value-from-before-hydration';
import { formatAmount, formatNumber } from '@/lib/format';
import { AMOUNT_PATTERN, fractionFits, minorUnits, parseAmountInput } from '@/lib/payments/money';
import { issueMessage } from '@/lib/payments/schemas/issue-message';
import { useFieldMessage, useFormLocale } from './messages';
import { usePaymentFieldError } from './use-payment-field-error';
import { useRegistered } from './use-registered';

export const CURRENCIES = ['ISK', 'EUR', 'USD', 'GBP', 'DKK', 'NOK', 'SEK', 'CHF'] as const;

/**
 * An Amount (at `name`): the amount is typed as the page's language writes it ("1.234.567",
 * "1.234,50" in Icelandic; "1,234,567", "1,234.50" in English) and the body gets the spec's
 * "1234567" / "1234.50"; below the field the amount is shown as people read it ("1.234.567 kr.").
 */
export function AmountField({ name, label }: { name: string; label?: string }) {
  const t = useTranslations('forms.fields');
  const locale = useFormLocale();
  const translate = useFieldMessage();
  const { getValues, setValue, trigger } = useFormContext();
  const currencyField = useRegistered(`${name}.currency`);
  const { isSubmitted } = useFormState();
  const currency = (useWatch({ name: `${name}.currency` }) as string | undefined) ?? 'ISK';
  const amount = (useWatch({ name: `${name}.amount` }) as string | undefined) ?? '';
  const [text, setText] = useState(() => {
    const initial = getValues(`${name}.amount`) as string | undefined;
    return initial ? formatNumber(initial, locale) : '';
  });
  const parsed = text.trim() === '' ? undefined : parseAmountInput(text, currency, locale);
  const inputError = parsed && !parsed.ok ? translate(issueMessage(parsed.error)) : undefined;
  const schemaError = usePaymentFieldError(`${name}.amount`, name);
  const currencyError = usePaymentFieldError(`${name}.currency`);

  const store = (value: string, inCurrency: string) => {
    const result = value.trim() === '' ? undefined : parseAmountInput(value, inCurrency, locale);
    setValue(`${name}.amount`, result === undefined ? '' : result.ok ? result.amount : value.trim(), {
      shouldDirty: true,
    });
    if (isSubmitted) void trigger(name);
  };
  // The same text may mean another amount in another currency ("1.234" has three decimals in KWD).
  const lastCurrency = useRef(currency);
  useEffect(() => {
    if (lastCurrency.current === currency) return;
    lastCurrency.current = currency;
    store(text, currency);
  });

  // An amount typed before the page's scripts ran is kept, as if typed after them.
  const amountInput = useRef<HTMLInputElement>(null);
  useValueFromBeforeHydration(amountInput, text, (value) => {
    setText(value);
    store(value, currency);
  });

  const shown =
    AMOUNT_PATTERN.test(amount) && fractionFits(amount, currency)
      ? t('amountShown', { amount: formatAmount(amount, currency, locale) })
      : undefined;

  return (
    <div className="grid grid-cols-[1fr_8rem] gap-3">
      <TextField
        ref={amountInput}
        label={label ?? t('amount')}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        // Krónur have no decimals: their example has none either.
        hint={shown ?? t(minorUnits(currency) === 0 ? 'amountHintWhole' : 'amountHint')}
        error={inputError ?? schemaError}
        onChange={(event) => {
          setText(event.target.value);
          store(event.target.value, currency);
        }}
        onBlur={() => {
          if (parsed?.ok) setText(formatNumber(parsed.amount, locale));
        }}
      />
      <SelectField label={t('currency')} error={currencyError} {...currencyField}>
        {CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
