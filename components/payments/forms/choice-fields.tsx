'use client';

import { useTranslations } from 'next-intl';
import { Children, isValidElement, useEffect, useState } from 'react';
import { get, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { NAMED_PURPOSE_CODES } from '@/lib/payments/purpose-words';
import { CHARGE_BEARERS } from '@/lib/payments/schemas/enums';
import { usePaymentFieldError } from './use-payment-field-error';
import { useRegistered } from './use-registered';

// The list offers the purpose codes (textalyklar) with a name. Which codes a bank accepts is up to the bank
// (ÍST TS-310), so "another code" lets the user type any; the schema checks the length.
const OTHER = 'other';

export function PurposeCodeField({ name }: { name: string }) {
  const t = useTranslations('forms.fields');
  const tCommon = useTranslations('forms.common');
  const { getValues, setValue } = useFormContext();
  const { isSubmitted } = useFormState();
  const value = (useWatch({ name }) as string | undefined) ?? '';
  const [choice, setChoice] = useState<string>(() => {
    const initial = (getValues(name) as string | undefined) ?? '';
    return initial === '' || (NAMED_PURPOSE_CODES as readonly string[]).includes(initial) ? initial : OTHER;
  });
  const error = usePaymentFieldError(name);
  const set = (code: string) => setValue(name, code, { shouldValidate: isSubmitted, shouldDirty: true });
  return (
    <div className="space-y-3">
      <SelectField
        label={t('icelandicPurposeCode')}
        value={choice}
        error={choice === OTHER ? undefined : error}
        onChange={(event) => {
          setChoice(event.target.value);
          set(event.target.value === OTHER ? '' : event.target.value);
        }}
      >
        <option value="">{tCommon('none')}</option>
        {NAMED_PURPOSE_CODES.map((code) => (
          <option key={code} value={code}>
            {t(`purpose.${code}`)}
          </option>
        ))}
        <option value={OTHER}>{t('purposeOther')}</option>
      </SelectField>
      {choice === OTHER && (
        <TextField
          label={t('purposeOtherCode')}
          autoComplete="off"
          value={value}
          hint={t('icelandicPurposeCodeHint')}
          error={error}
          onChange={(event) => set(event.target.value)}
        />
      )}
    </div>
  );
}

export function ChargeBearerField({ name }: { name: string }) {
  const t = useTranslations('forms.fields');
  const tCommon = useTranslations('forms.common');
  const field = useRegistered(name);
  const error = usePaymentFieldError(name);
  return (
    <SelectField label={t('chargeBearer')} error={error} {...field}>
      <option value="">{tCommon('none')}</option>
      {CHARGE_BEARERS.map((code) => (
        <option key={code} value={code}>
          {t(`chargeBearerOption.${code}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** The language of the bank's SCA page; each option is written in its own language's label. */
export function ScaLanguageField() {
  const t = useTranslations('forms.fields');
  const field = useRegistered('scaLanguage');
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">{t('scaLanguage')}</legend>
      <div className="flex gap-6">
        <label className="flex items-center gap-2">
          <input type="radio" value="is" {...field} />
          <span>{t('scaLanguageIs')}</span>
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" value="en" {...field} />
          <span>{t('scaLanguageEn')}</span>
        </label>
      </div>
    </fieldset>
  );
}

/**
 * The rarely needed fields, in a closed section. They are rendered when it is first opened (and
 * kept after): nobody fills in a field they cannot see, and the page hydrates faster without them.
 * It opens by itself when one of its fields has an error (the bank's refusal of a recipient's address,
 * say), so that the PSU sees what to correct.
 */
export function MoreDetails({ children }: { children: React.ReactNode }) {
  const t = useTranslations('forms.common');
  const names = Children.toArray(children).flatMap((child) =>
    isValidElement<{ name?: unknown }>(child) && typeof child.props.name === 'string'
      ? [child.props.name]
      : [],
  );
  const { errors } = useFormState({ name: names });
  const hasError = names.some((name) => get(errors, name) !== undefined);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!hasError) return;
    setOpen(true);
    setOpened(true);
  }, [hasError]);
  return (
    <details
      className="group rounded border border-slate-300 bg-white p-4"
      open={open}
      onToggle={(event) => {
        setOpen(event.currentTarget.open);
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary className="cursor-pointer font-medium">
        {t('moreDetails')}
        <span className="ml-2 text-sm font-normal text-slate-600">{t('moreDetailsHint')}</span>
      </summary>
      <div className="mt-4 space-y-5">{opened && children}</div>
    </details>
  );
}

/** An optional text field of the body; empty means "not given". */
export function OptionalTextField({
  name,
  label,
  hint,
  transform,
}: {
  name: string;
  label: string;
  hint?: string;
  transform?: (value: string) => string;
}) {
  const field = useRegistered(name, transform ? { setValueAs: transform } : undefined);
  const error = usePaymentFieldError(name);
  return <TextField label={label} autoComplete="off" hint={hint} error={error} {...field} />;
}

/** A boolean of the body as a checkbox. */
export function CheckboxField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const field = useRegistered(name);
  const error = usePaymentFieldError(name);
  const id = `${name.replaceAll('.', '-')}-checkbox`;
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className="h-4 w-4"
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() || undefined
          }
          {...field}
        />
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A select bound to a field of the body. */
export function RegisteredSelect({
  name,
  label,
  children,
}: {
  name: string;
  label: string;
  children: React.ReactNode;
}) {
  const field = useRegistered(name);
  const error = usePaymentFieldError(name);
  return (
    <SelectField label={label} error={error} {...field}>
      {children}
    </SelectField>
  );
}
