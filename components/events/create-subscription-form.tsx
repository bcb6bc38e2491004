'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { deferredResolver, deferSchema, preloadOnInteraction } from '@/lib/forms/deferred-schema';
import { createSubscriptionAction } from '@/lib/webhooks/actions/create-subscription';
import { subscribableEventTypes } from '@/lib/webhooks/subscribable-event-types';
import type { CreateSubscriptionInput } from '@/lib/webhooks/subscription-forms';
import { BankChoice, type WebhooksBankOption } from './bank-choice';
import { useFailureText } from './use-failure-text';

const loadSchema = deferSchema(() =>
  import('@/lib/webhooks/subscription-forms').then((module) => module.createSubscriptionSchema),
);

/**
 * Creates a subscription whose callback is this app. The signing secret the bank returns is shown
 * here once, from the action's answer; it is never read back from the database for display.
 */
export function CreateSubscriptionForm({ banks }: { banks: WebhooksBankOption[] }) {
  const t = useTranslations('events.create');
  const failureText = useFailureText();
  const router = useRouter();
  const [secret, setSecret] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<CreateSubscriptionInput, unknown, CreateSubscriptionInput>({
    resolver: deferredResolver(loadSchema),
    defaultValues: { bankId: banks[0]?.id, description: '', eventType: 'Claim' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSecret(null);
    const result = await createSubscriptionAction(values);
    if (!result.ok) {
      setFailure(failureText(result));
      return;
    }
    setSecret(result.data.signingSecret);
    reset({ bankId: values.bankId, description: '', eventType: values.eventType });
    router.refresh();
  });

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} noValidate {...preloadOnInteraction(loadSchema)} className="space-y-4">
        <BankChoice banks={banks} field={register('bankId')} />
        <TextField
          label={t('description')}
          hint={t('descriptionHint')}
          autoComplete="off"
          maxLength={200}
          {...register('description')}
        />
        <fieldset>
          <legend className="mb-1 text-sm font-medium">{t('eventType')}</legend>
          {subscribableEventTypes.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input type="radio" value={type} {...register('eventType')} />
              {type === 'Claim' ? t('eventTypeClaim') : t('eventTypeClaimPaid')}
            </label>
          ))}
        </fieldset>
        {failure && (
          <p role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm">
            {failure}
          </p>
        )}
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? t('busy') : t('submit')}
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
