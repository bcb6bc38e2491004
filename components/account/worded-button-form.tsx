'use client';

import { useActionState } from 'react';
import { AnswerNote } from '@/components/layout/answer-note';
import { LocaleField } from '@/components/layout/locale-field';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';
import type { FormInWords } from '@/lib/actions/result';

/**
 * A form of one button (send a new link, verify with electronic ID, sign out everywhere, remove or
 * mark a saved item, verify or delete a webhook subscription) around a server action that answers in words
 * (`wordedFormAction`, lib/actions/client.ts): the fields it sends, hidden, with the page's locale, in which the
 * action words its answer, so that the page's scripts carry no translations for it; the answer above the
 * button, which is held while the action runs (saying `pendingLabel` then, where given). It works before
 * hydration too, but for one that asks first (`confirm`, the question put to the user before anything is sent):
 * its button waits for the page's scripts. `once`: what the button does can be done once (confirming an
 * address), so it is gone once it succeeded.
 */
export function WordedButtonForm({
  action,
  label,
  pendingLabel,
  confirm,
  fields = {},
  variant = 'secondary',
  once = false,
}: {
  action: (previous: unknown, form: unknown) => Promise<FormInWords>;
  label: string;
  pendingLabel?: string;
  confirm?: string;
  fields?: Record<string, string>;
  variant?: 'primary' | 'secondary';
  once?: boolean;
}) {
  const [answer, formAction, pending] = useActionState<FormInWords | null, FormData>(action, null);
  const hydrated = useHydrated();
  return (
    <form
      action={formAction}
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
      className="space-y-2"
    >
      <LocaleField />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {answer?.text && <AnswerNote ok={answer.ok} text={answer.text} />}
      {!(once && answer?.ok) && (
        <Button
          type="submit"
          variant={variant}
          disabled={pending || (confirm !== undefined && !hydrated)}
          aria-busy={pending}
        >
          {pending && pendingLabel ? pendingLabel : label}
        </Button>
      )}
    </form>
  );
}
