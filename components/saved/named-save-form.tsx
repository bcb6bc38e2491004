'use client';

import { useActionState } from 'react';
import { AnswerNote } from '@/components/layout/answer-note';
import { LocaleField } from '@/components/layout/locale-field';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { FormInWords } from '@/lib/actions/result';

/**
 * Saves something of a past payment under a name the PSU gives (a payee, a bulk template). Its labels come from
 * the page and its answer in words from the action, in the page's locale: the page carries no translations for it.
 */
export function NamedSaveForm({
  action,
  paymentId,
  nameLabel,
  defaultName,
  submitLabel,
}: {
  action: (previous: unknown, form: unknown) => Promise<FormInWords>;
  paymentId: string;
  nameLabel: string;
  defaultName: string;
  submitLabel: string;
}) {
  const [answer, formAction, pending] = useActionState<FormInWords | null, FormData>(action, null);
  const nameError = answer?.fields?.name;
  return (
    <form action={formAction} className="space-y-2">
      <LocaleField />
      <input type="hidden" name="paymentId" value={paymentId} />
      {answer?.text && <AnswerNote ok={answer.ok} text={answer.text} />}
      <div className="flex flex-wrap items-end gap-3">
        {/* At least 14rem wide: on a phone the button goes below the field rather than squeeze it. */}
        <TextField
          className="min-w-0 grow basis-56"
          label={nameLabel}
          name="name"
          defaultValue={answer?.values?.name ?? defaultName}
          maxLength={70}
          autoComplete="off"
          error={nameError}
        />
        <Button type="submit" variant="secondary" className={nameError ? 'mb-6' : ''} disabled={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
