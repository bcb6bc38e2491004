'use client';

import { useActionState } from 'react';
import { AnswerNote } from '@/components/layout/answer-note';
import type { AnswerInWords } from '@/lib/actions/result';
import { OneButtonForm } from './one-button-form';

/**
 * A form of one button around a server action that answers in words (lib/actions/in-words.ts), the answer shown
 * above the button: as ActionButtonForm, for a form on every page, which is to load no translations. It works
 * before hydration too.
 */
export function WordedButtonForm({
  action,
  label,
  fields,
}: {
  action: (previous: unknown, form: unknown) => Promise<AnswerInWords | null>;
  label: string;
  fields: Record<string, string>;
}) {
  const [answer, formAction, pending] = useActionState<AnswerInWords | null, FormData>(action, null);
  return (
    <OneButtonForm action={formAction} pending={pending} label={label} fields={fields}>
      {answer && <AnswerNote ok={answer.ok} text={answer.text} />}
    </OneButtonForm>
  );
}
