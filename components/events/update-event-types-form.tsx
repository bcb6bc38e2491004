'use client';

import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';
import { updateSubscriptionAction } from '@/lib/webhooks/actions/update-subscription';
import {
  eventTypesInWords,
  eventTypeWords,
  subscribableEventTypes,
} from '@/lib/webhooks/subscribable-event-types';
import { useFailureText } from './use-failure-text';

/**
 * The event types of one subscription, changed at the bank (webhooks spec part 4: "eventTypes can be
 * changed"); what the page then lists is what the bank echoed back.
 */
export function UpdateEventTypesForm({
  subscriptionId,
  name,
  eventTypes,
  description,
}: {
  subscriptionId: string;
  name: string;
  eventTypes: string[];
  description: string | null;
}) {
  const t = useTranslations('events.update');
  const tCreate = useTranslations('events.create');
  const format = useFormatter();
  const failureText = useFailureText();
  const router = useRouter();
  const [chosen, setChosen] = useState<string[]>(() =>
    subscribableEventTypes.filter((type) => eventTypes.includes(type)),
  );
  const [message, setMessage] = useState<{ text: string; tone: 'ok' | 'bad' } | null>(null);
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();

  const toggle = (type: string, on: boolean) =>
    setChosen((current) =>
      subscribableEventTypes.filter((known) => (known === type ? on : current.includes(known))),
    );

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setMessage({ text: t('noneChosen'), tone: 'bad' });
      return;
    }
    startTransition(async () => {
      setMessage(null);
      const result = await updateSubscriptionAction({
        subscriptionId,
        eventTypes: chosen,
        ...(description ? { description } : {}),
      });
      setMessage(
        result.ok
          ? {
              text: t('done', {
                types: eventTypesInWords(result.data.eventTypes, tCreate, (items) => format.list(items)),
              }),
              tone: 'ok',
            }
          : { text: failureText(result), tone: 'bad' },
      );
      router.refresh();
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-label={t('label', { name })}>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t('legend')}</legend>
        {subscribableEventTypes.map((type) => (
          <label key={type} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              value={type}
              checked={chosen.includes(type)}
              onChange={(event) => toggle(type, event.target.checked)}
            />
            {tCreate(eventTypeWords[type])}
          </label>
        ))}
      </fieldset>
      <Button type="submit" variant="secondary" disabled={pending || !hydrated} aria-busy={pending}>
        {pending ? t('busy') : t('submit')}
      </Button>
      {message && (
        <p
          role={message.tone === 'ok' ? 'status' : 'alert'}
          data-outcome="update"
          className={`rounded border p-2 text-sm ${message.tone === 'ok' ? 'border-green-300 bg-green-50' : 'border-amber-300 bg-amber-50'}`}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}
