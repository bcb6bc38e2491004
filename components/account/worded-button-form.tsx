'use client';

import { useActionState } from 'react';
import { AnswerNote } from '@/components/layout/answer-note';
import { useFrameLocale } from '@/components/layout/frame-context';
import { Button } from '@/components/ui/button';
import type { AnswerInWords } from '@/lib/actions/result';

/**
 * A form of one button (send a new link, verify with electronic ID, sign out everywhere, remove or
 * mark a saved item) around a server action that answers in words (`wordedFormAction`,
 * lib/actions/client.ts): the fields it sends, hidden, with the page's locale, in which the action
 * words its answer, so that the page's scripts carry no translations for it; the answer above the
 * button, which is held while the action runs. It works before hydration too.
 */
export function WordedButtonForm({
  action,
  label,
  fields = {},
  variant = 'secondary',
}: {
  action: (previous: unknown, form: unknown) => Promise<AnswerInWords | null>;
  label: string;
  fields?: Record<string, string>;
  variant?: 'primary' | 'secondary';
}) {
  const [answer, formAction, pending] = useActionState<AnswerInWords | null, FormData>(action, null);
  const locale = useFrameLocale();
  return (
    <form action={formAction} className="space-y-2">
      {Object.entries(locale ? { locale, ...fields } : fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {answer && <AnswerNote ok={answer.ok} text={answer.text} />}
      <Button type="submit" variant={variant} disabled={pending}>
        {label}
      </Button>
    </form>
  );
}
