'use client';

import { get, useFormContext } from 'react-hook-form';
import { useFieldMessage } from './messages';

/** The translated error, in a payment form (react-hook-form), of the first of `names` that has one. */
export function usePaymentFieldError(...names: string[]): string | undefined {
  const {
    formState: { errors },
  } = useFormContext();
  const message = useFieldMessage();
  for (const name of names) {
    const error = get(errors, name) as { message?: string } | undefined;
    if (error?.message) return message(error.message);
  }
  return undefined;
}
