'use client';

import { type ReactNode, useState } from 'react';
import { AnswerNote } from '@/components/layout/answer-note';
import { useFrameLocale } from '@/components/layout/frame-context';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { Parser } from '@/lib/actions/client';
import type { WordedResult } from '@/lib/actions/result';
import { deferImport } from '@/lib/forms/deferred-import';
import type { EventsFormTexts, SendTexts } from './form-texts';
import { useCheckedForm } from './use-checked-form';

const loadSchemas = deferImport(() => import('@/lib/webhooks/subscription-forms'));

/** A text field of the form, as the page draws its label (and hint). */
export interface SubscriptionField {
  name: string;
  label: string;
  hint?: string;
  type?: 'text' | 'password';
  maxLength?: number;
}

/**
 * A form of the events page that ends with a subscription held here, checked where typed before anything is
 * sent (lib/webhooks/subscription-forms.ts, `kind`'s schema): a new one made at the bank (`create`), whose
 * signing secret is shown here once, from the action's answer, and never read back from the database for
 * display; or one made elsewhere, registered by the bank's id and its signing secret (`register`). Its fields and
 * texts, its choice of bank (components/events/bank-choice.tsx) and of event types (event-type-choice.tsx) come
 * drawn from the page; the bank's answer in words from the action. The text fields are emptied once it is done.
 */
export function SubscriptionForm({
  kind,
  action,
  bankChoice,
  fields,
  eventTypeChoice,
  texts,
  variant,
}: {
  kind: 'create' | 'register';
  /** The action, from the page: a client module that imports an action carries its caller's code. */
  action: (input: unknown) => Promise<WordedResult<{ signingSecret: string } | null>>;
  bankChoice: ReactNode;
  fields: SubscriptionField[];
  eventTypeChoice?: ReactNode;
  texts: SendTexts & Partial<EventsFormTexts['secret']>;
  variant: 'primary' | 'secondary';
}) {
  const locale = useFrameLocale();
  const [secret, setSecret] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ text: string; ok: boolean } | null>(null);
  const load = async (): Promise<Parser<object>> => (await loadSchemas())[`${kind}SubscriptionSchema`];
  const { invalid, pending, held, formProps } = useCheckedForm(load, async (values, form) => {
    setAnswer(null);
    setSecret(null);
    const result = await action({ ...values, locale });
    // A subscription made is told by its secret; one registered, and a refusal, in the action's words.
    if (!result.ok || result.text) setAnswer({ text: result.text ?? texts.invalidInput, ok: result.ok });
    if (!result.ok) return;
    setSecret(result.data?.signingSecret ?? null);
    for (const { name } of fields) {
      const input = form.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = '';
    }
  });

  return (
    <div className="space-y-4">
      <form {...formProps} className="space-y-4">
        {bankChoice}
        {fields.map((field) => (
          <TextField
            key={field.name}
            {...field}
            autoComplete="off"
            error={invalid.has(field.name) ? texts.invalidInput : undefined}
          />
        ))}
        {eventTypeChoice}
        {answer && <AnswerNote {...answer} />}
        <Button type="submit" variant={variant} disabled={held} aria-busy={pending}>
          {pending ? texts.busy : texts.submit}
        </Button>
      </form>
      {secret && (
        <div role="status" className="space-y-2 rounded border border-green-300 bg-green-50 p-3">
          <p>{texts.created}</p>
          <p className="text-sm font-medium">{texts.secretTitle}</p>
          <code data-testid="signing-secret" className="block break-all rounded bg-white p-2 text-sm">
            {secret}
          </code>
          <p className="text-xs text-slate-700">{texts.secretNote}</p>
        </div>
      )}
    </div>
  );
}
