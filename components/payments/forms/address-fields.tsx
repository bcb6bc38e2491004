'use client';

import { useTranslations } from 'next-intl';
import { OptionalTextField } from './choice-fields';
import { INVALID_GROUP } from './error-summary';
import { usePaymentFieldError } from './use-payment-field-error';

const upper = (value: string) => value.trim().toUpperCase();

/** An Address (spec 2.4) at `name`; left wholly empty, it is not sent. */
export function AddressFields({ name, legend }: { name: string; legend: string }) {
  const t = useTranslations('forms.fields');
  const error = usePaymentFieldError(name);
  // An error about the address as a whole (the bank asks for it, or a part is missing) is the group's: the
  // error summary lists the group by its legend and focuses it (INVALID_GROUP).
  const id = `${name.replaceAll('.', '-')}-group`;
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      {...{ [INVALID_GROUP]: error ? 'true' : undefined }}
      aria-describedby={error ? `${id}-error` : undefined}
      className="space-y-3 rounded border border-slate-200 p-3"
    >
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <OptionalTextField name={`${name}.streetName`} label={t('streetName')} />
        <OptionalTextField name={`${name}.buildingNumber`} label={t('buildingNumber')} />
      </div>
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr_8rem]">
        <OptionalTextField name={`${name}.postCode`} label={t('postCode')} />
        <OptionalTextField name={`${name}.townName`} label={t('townName')} />
        <OptionalTextField name={`${name}.country`} label={t('country')} transform={upper} />
      </div>
    </fieldset>
  );
}
