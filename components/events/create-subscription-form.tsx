'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { deferImport } from '@/lib/forms/deferred-schema';
import { createSubscriptionAction } from '@/lib/webhooks/actions/create-subscription';
import { eventTypeWords, subscribableEventTypes } from '@/lib/webhooks/subscribable-event-types';
import { BankChoice, type WebhooksBankOption } from './bank-choice';
import { useCheckedForm } from './use-checked-form';
import { useFailureText } from './use-failure-text';

const loadSchema = deferImport(() =>
  import('@/lib/webhooks/subscription-forms').then((module) => module.createSubscriptionSchema),
);

/**
 * Creates a subscription whose callback is this app. The signing secret the bank returns is shown
 * here once, from the action's answer; it is never read back from the database for display.
 */
export function CreateSubscriptionForm({ banks }: { banks: WebhooksBankOption[] }) {
  const t = useTranslations('events.create');
  const tf = useTranslations('events.failure');
  const failureText = useFailureText();
  const router = useRouter();
  const [secret, setSecret] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { invalid, pending, held, formProps } = useCheckedForm(loadSchema, async (values, form) => {
    setFailure(null);
    setSecret(null);
    const result = await createSubscriptionAction(values);
    if (!result.ok) {
      setFailure(failureText(result));
      return;
    }
    setSecret(result.data.signingSecret);
    const description = form.elements.namedItem('description');
    if (description instanceof HTMLInputElement) description.value = '';
    router.refresh();
  });

  return (
    <div className="space-y-4">
      <form {...formProps} className="space-y-4">
        <BankChoice banks={banks} />
        <TextField
          label={t('description')}
          hint={t('descriptionHint')}
          name="description"
          autoComplete="off"
          maxLength={200}
          error={invalid.has('description') ? tf('invalidInput') : undefined}
        />
        <fieldset>
          <legend className="mb-1 text-sm font-medium">{t('eventType')}</legend>
          {subscribableEventTypes.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input type="radio" name="eventType" value={type} defaultChecked={type === 'Claim'} />
              {t(eventTypeWords[type])}
            </label>
          ))}
        </fieldset>
        {failure && (
          <p role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm">
            {failure}
          </p>
        )}
        <Button type="submit" disabled={held} aria-busy={pending}>
          {pending ? t('busy') : t('submit')}
        </Button>
      </form>
      {secret && (
        <div role="status" className="space-y-2 rounded border border-green-300 bg-green-50 p-3">
          <p>{t('created')}</p>
          <p className="text-sm font-medium">{t('secretTitle')}</p>
          <code data-testid="signing-secret" className="block break-all rounded bg-white p-2 text-sm">
            {secret}
          </code>
          <p className="text-xs text-slate-700">{t('secretNote')}</p>
        </div>
      )}
    </div>
  );
}
