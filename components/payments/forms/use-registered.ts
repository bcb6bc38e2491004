'use client';

import { useMemo } from 'react';
import { type RegisterOptions, type UseFormRegisterReturn, useFormContext } from 'react-hook-form';

/**
 * A field registered with the form once per name: what `register` answers (its `ref`, `onChange`, `onBlur`),
 * kept across renders. `register` answers a new `ref` callback on every call, so a field that called it as it
 * rendered was detached from the form and registered anew on every render of the form, the press that shows a
 * form's errors included. The options are the field's for its whole life (a `setValueAs`, no rule that changes).
 */
export function useRegistered(name: string, options?: RegisterOptions): UseFormRegisterReturn {
  const { register } = useFormContext();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options are fixed for the field's life (above)
  return useMemo(() => register(name, options), [register, name]);
}
