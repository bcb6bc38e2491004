'use client';

import { useActionState } from 'react';
import { FormMessage, useFieldError } from '@/components/layout/account-form-parts';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { ActionResult } from '@/lib/actions/result';

/** Saves something of a past payment under a name the PSU gives (a payee, a bulk template). */
export function NamedSaveForm({
  action,
  paymentId,
  nameLabel,
  defaultName,
  submitLabel,
}: {
  action: (previous: unknown, form: unknown) => Promise<ActionResult<unknown>>;
  paymentId: string;
  nameLabel: string;
  defaultName: string;
  submitLabel: string;
}) {
  const [state, formAction, pending] = useActionState<ActionResult<unknown> | null, FormData>(action, null);
  const fieldError = useFieldError(state);
  return (
    <form action={formAction} className="space-y-2">
      <input type="hidden" name="paymentId" value={paymentId} />
      <FormMessage result={state} />
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          className="min-w-0 flex-1"
          label={nameLabel}
          name="name"
          defaultValue={defaultName}
          maxLength={70}
          autoComplete="off"
          error={fieldError('name')}
        />
        <Button
          type="submit"
          variant="secondary"
          className={fieldError('name') ? 'mb-6' : ''}
          disabled={pending}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
