'use client';

import { useState } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import { reykjavikDateOf, toExecutionDateTime } from '@/lib/payments/calendar';
import { usePaymentFieldError } from './use-payment-field-error';

/**
 * A day picked in the form, stored in the body as the spec's date-time: midnight in Iceland
 * ("2027-03-26T00:00:00Z"). Empty means "not given".
 */
export function DateField({
  name,
  label,
  hint,
  onDateChange,
}: {
  name: string;
  label: string;
  hint?: string;
  onDateChange?: (date: string) => void;
}) {
  const { getValues, setValue } = useFormContext();
  const { isSubmitted } = useFormState();
  const [date, setDate] = useState(() => {
    const initial = getValues(name) as string | undefined;
    return initial ? (reykjavikDateOf(initial) ?? '') : '';
  });
  const error = usePaymentFieldError(name);
  return (
    <TextField
      type="date"
      label={label}
      hint={hint}
      value={date}
      error={error}
      onChange={(event) => {
        const value = event.target.value;
        setDate(value);
        onDateChange?.(value);
        setValue(name, value ? toExecutionDateTime(value) : '', {
          shouldValidate: isSubmitted,
          shouldDirty: true,
        });
      }}
    />
  );
}
