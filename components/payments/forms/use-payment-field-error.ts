'use client';

import { get, useFormState } from 'react-hook-form';
import { useFieldMessage } from './messages';

/**
 * The translated error, in a payment form (react-hook-form), of the first of `names` that has one. Only
 * the field's own component draws again when its error comes or goes, not the whole form.
 */
export function usePaymentFieldError(...names: string[]): string | undefined {
  const { errors } = useFormState({ name: names });
  const message = useFieldMessage();
  for (const name of names) {
    const error = get(errors, name) as { message?: string } | undefined;
    if (error?.message) return message(error.message);
  }
  return undefined;
}
