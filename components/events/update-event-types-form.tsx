'use client';

import { type ReactNode, useState, useTransition } from 'react';
import { AnswerNote } from '@/components/layout/answer-note';
import { useFrameLocale } from '@/components/layout/frame-context';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';
import type { updateSubscriptionAction } from '@/lib/webhooks/actions/update-subscription';
import type { EventsFormTexts } from './form-texts';

/**
 * The event types of one subscription, changed at the bank (webhooks spec part 4: "eventTypes can be
 * changed"); the action's answer, in words, names what the bank echoed back, and the page then lists it.
 * Its texts come drawn from the page (`label` names the subscription).
 */
export function UpdateEventTypesForm({
  action,
  subscriptionId,
  label,
  eventTypeChoice,
  description,
  texts,
}: {
  /** `updateSubscriptionAction`, from the page: a client module that imports an action carries its caller's code. */
  action: typeof updateSubscriptionAction;
  subscriptionId: string;
  label: string;
  /** The subscription's types as check boxes (components/events/event-type-choice.tsx), drawn by the page. */
  eventTypeChoice: ReactNode;
  description: string | null;
  texts: EventsFormTexts['update'];
}) {
  const locale = useFrameLocale();
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The boxes ticked, in the order of subscribableEventTypes (the order they are drawn in).
    const chosen = new FormData(event.currentTarget).getAll('eventType').map(String);
    if (chosen.length === 0) {
      setMessage({ text: texts.noneChosen, ok: false });
      return;
    }
    startTransition(async () => {
      setMessage(null);
      const result = await action({
        subscriptionId,
        eventTypes: chosen,
        ...(description ? { description } : {}),
        locale,
      });
      setMessage({ text: result.text ?? texts.invalidInput, ok: result.ok });
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-label={label}>
      {eventTypeChoice}
      <Button type="submit" variant="secondary" disabled={pending || !hydrated} aria-busy={pending}>
        {pending ? texts.busy : texts.submit}
      </Button>
      {message && <AnswerNote {...message} />}
    </form>
  );
}
