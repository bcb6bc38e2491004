'use client';

import { useTranslations } from 'next-intl';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { MAX_STRUCTURED_REFERENCES } from '@/lib/payments/schemas/limits';
import { OptionalTextField } from './choice-fields';
import { usePaymentFieldError } from './use-payment-field-error';

/** An array of RemittanceInformationStructured (spec 2.4) at `name`, of at most MAX_STRUCTURED_REFERENCES. */
export function StructuredReferences({ name }: { name: string }) {
  const t = useTranslations('forms.fields');
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  const error = usePaymentFieldError(name);
  return (
    <fieldset className="space-y-3 rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium">{t('remittanceStructured')}</legend>
      <p className="text-sm text-slate-700">
        {t('remittanceStructuredHint', { max: MAX_STRUCTURED_REFERENCES })}
      </p>
      {error && <p className="text-sm text-red-700">{error}</p>}
      {fields.map((field, index) => (
        <div key={field.id} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_1fr_auto]">
          <OptionalTextField name={`${name}.${index}.reference`} label={t('remittanceReference')} />
          <OptionalTextField name={`${name}.${index}.referenceType`} label={t('referenceType')} />
          <OptionalTextField name={`${name}.${index}.referenceIssuer`} label={t('referenceIssuer')} />
          <Button type="button" variant="secondary" onClick={() => remove(index)}>
            {t('removeReference', { number: index + 1 })}
          </Button>
        </div>
      ))}
      {fields.length < MAX_STRUCTURED_REFERENCES && (
        <Button
          type="button"
          variant="secondary"
          onClick={() => append({ reference: '', referenceType: '', referenceIssuer: '' })}
        >
          {t('addReference')}
        </Button>
      )}
    </fieldset>
  );
}
