'use client';

import { useActionState } from 'react';
import { AnswerNote } from '@/components/layout/answer-note';
import { LocaleField } from '@/components/layout/locale-field';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { FormInWords } from '@/lib/actions/result';
import { renameMyAccountAction } from '@/lib/payments/actions/my-accounts';

/**
 * The name the PSU gives one of their accounts; it works before the page hydrates too. Its texts come
 * from the page and its answer in words from the action, so the page loads no translations for it.
 */
export function RenameAccountForm({
  id,
  name,
  texts,
}: {
  id: string;
  name: string;
  texts: { label: string; hint: string; rename: string };
}) {
  const [answer, action, pending] = useActionState<FormInWords | null, FormData>(renameMyAccountAction, null);
  return (
    <form action={action} className="space-y-2">
      <LocaleField />
      <input type="hidden" name="id" value={id} />
      {answer?.text && <AnswerNote ok={answer.ok} text={answer.text} />}
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          className="min-w-0 flex-1"
          label={texts.label}
          name="name"
          defaultValue={answer?.values?.name ?? name}
          maxLength={70}
          autoComplete="off"
          hint={texts.hint}
          error={answer?.fields?.name}
        />
        <Button type="submit" variant="secondary" className="mb-6" disabled={pending}>
          {texts.rename}
        </Button>
      </div>
    </form>
  );
}
