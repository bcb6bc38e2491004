'use client';

import { useActionState } from 'react';
import { FormMessage } from '@/components/layout/account-form-parts';
import type { ActionResult } from '@/lib/actions/result';
import { OneButtonForm } from './one-button-form';

/**
 * A form of one button (send a new link, verify with electronic ID, sign out everywhere) around a
 * server action, with the action's answer shown above the button. It works before hydration too.
 */
export function ActionButtonForm({
  action,
  label,
  fields,
  variant = 'secondary',
}: {
  action: (previous: unknown, form: unknown) => Promise<ActionResult>;
  label: string;
  fields: Record<string, string>;
  variant?: 'primary' | 'secondary';
}) {
  const [state, formAction, pending] = useActionState<ActionResult | null, FormData>(action, null);
  return (
    <OneButtonForm action={formAction} pending={pending} label={label} fields={fields} variant={variant}>
      <FormMessage result={state} />
    </OneButtonForm>
  );
}
