'use client';

import { useTranslations } from 'next-intl';
import { useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '@/components/ui/text-field';
import { characterCount, maxLengthOf } from './bounds';
import { useFieldError } from './use-field-error';

/**
 * A text field with a remaining-character counter. The bound is read from `schema` (the field's
 * own zod schema), and counted as the bank counts (code points). The field does not stop typing at
 * the bound: the counter turns into "N characters too many" and the schema's message says what to do.
 */
export function RemittanceField({ name, label, schema }: { name: string; label: string; schema: z.ZodType }) {
  const t = useTranslations('forms.fields');
  const { register } = useFormContext();
  const value = (useWatch({ name }) as string | undefined) ?? '';
  const max = maxLengthOf(schema);
  const error = useFieldError(name);
  const left = max === undefined ? undefined : max - characterCount(value);
  return (
    <TextField
      label={label}
      autoComplete="off"
      error={error}
      hint={
        left === undefined ? undefined : (
          <span aria-live="polite" className={left < 0 ? 'font-medium text-red-700' : undefined}>
            {left >= 0 ? t('charactersLeft', { count: left }) : t('charactersOver', { count: -left })}
          </span>
        )
      }
      {...register(name)}
    />
  );
}
