'use client';

import { useTranslations } from 'next-intl';
import { useWatch } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import { usePageLocale } from '@/components/ui/use-page-locale';
import { withShownNumbers } from '@/lib/format/number';
import { characterCount } from './bounds';
import { usePaymentFieldError } from './use-payment-field-error';
import { useRegistered } from './use-registered';

/**
 * A text field with a remaining-character counter. `max` is the bound the field's schema is built
 * from (`lib/payments/schemas/limits`), counted as the bank counts (code points). The field does
 * not stop typing at the bound: the counter turns into "N characters too many" and the schema's
 * message says what to do.
 */
export function RemittanceField({ name, label, max }: { name: string; label: string; max: number }) {
  const t = useTranslations('forms.fields');
  const locale = usePageLocale();
  const field = useRegistered(name);
  const value = (useWatch({ name }) as string | undefined) ?? '';
  const error = usePaymentFieldError(name);
  const left = max - characterCount(value);
  return (
    <TextField
      label={label}
      autoComplete="off"
      error={error}
      hint={
        <span aria-live="polite" className={left < 0 ? 'font-medium text-red-700' : undefined}>
          {left >= 0
            ? t('charactersLeft', withShownNumbers({ count: left }, locale))
            : t('charactersOver', withShownNumbers({ count: -left }, locale))}
        </span>
      }
      {...field}
    />
  );
}
