'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { type FieldValues, get, type UseFormReturn, useFormContext } from 'react-hook-form';
import { SelectField } from '@/components/ui/select-field';
import type { CountryChoice } from '@/lib/payments/countries';
import { OptionalTextField } from './choice-fields';
import { INVALID_GROUP } from './error-summary';
import { usePaymentFieldError } from './use-payment-field-error';
import { useRegistered } from './use-registered';

/** An Address (spec 2.4) at `name`; left wholly empty, it is not sent. */
export function AddressFields({
  name,
  legend,
  hint,
  countries,
}: {
  name: string;
  legend: string;
  /** Why the address is asked for, under the legend. */
  hint?: string;
  /** The countries by name, in the page's language (lib/payments/countries.ts). */
  countries: readonly CountryChoice[];
}) {
  const t = useTranslations('forms.fields');
  const error = usePaymentFieldError(name);
  // An error about the address as a whole (the bank asks for it, or a part is missing) is the group's: the
  // error summary lists the group by its legend and focuses it (INVALID_GROUP).
  const id = `${name.replaceAll('.', '-')}-group`;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim();
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      {...{ [INVALID_GROUP]: error ? 'true' : undefined }}
      aria-describedby={described || undefined}
      className="space-y-3 rounded border border-slate-200 p-3"
    >
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <OptionalTextField name={`${name}.streetName`} label={t('streetName')} />
        <OptionalTextField name={`${name}.buildingNumber`} label={t('buildingNumber')} />
      </div>
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <OptionalTextField name={`${name}.postCode`} label={t('postCode')} />
        <OptionalTextField name={`${name}.townName`} label={t('townName')} />
      </div>
      <CountryField name={`${name}.country`} countries={countries} />
    </fieldset>
  );
}

/**
 * The country, chosen by its name. A code the list does not hold (a past payment's, filled in again) is
 * offered as it is, so that it is neither lost nor changed unseen.
 */
function CountryField({ name, countries }: { name: string; countries: readonly CountryChoice[] }) {
  const t = useTranslations('forms');
  const { getValues } = useFormContext();
  const country = useRegistered(name);
  const error = usePaymentFieldError(name);
  const current = (getValues(name) as string | undefined) ?? '';
  const unlisted = current !== '' && !countries.some(({ code }) => code === current);
  return (
    <SelectField label={t('fields.country')} error={error} {...country}>
      <option value="">{t('common.none')}</option>
      {unlisted && <option value={current}>{current}</option>}
      {countries.map(({ code, name: country }) => (
        <option key={code} value={code}>
          {country}
        </option>
      ))}
    </SelectField>
  );
}

const CREDITOR_IBAN = 'payment.creditorAccount.iban';
const isAbroad = (iban: unknown) =>
  typeof iban === 'string' && /^[A-Z]{2}\d/.test(iban) && !iban.startsWith('IS');

/**
 * Whether the recipient's account is abroad (an IBAN of a country other than Iceland), where banks ask
 * for the recipient's address. The form is drawn again when that changes, not on every keystroke.
 */
export function useCreditorAbroad(form: Pick<UseFormReturn<FieldValues>, 'watch' | 'getValues'>): boolean {
  const { watch, getValues } = form;
  const [abroad, setAbroad] = useState(() => isAbroad(getValues(CREDITOR_IBAN)));
  useEffect(() => {
    const subscription = watch((values, { name }) => {
      if (name === undefined || CREDITOR_IBAN.startsWith(name))
        setAbroad(isAbroad(get(values, CREDITOR_IBAN)));
    });
    return () => subscription.unsubscribe();
  }, [watch]);
  return abroad;
}
