'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { deferredResolver, deferSchema, preloadOnInteraction } from '@/lib/forms/deferred-schema';
import { registerSubscriptionAction } from '@/lib/webhooks/actions/register-subscription';
import type { RegisterSubscriptionInput } from '@/lib/webhooks/subscription-forms';
import { BankChoice, type WebhooksBankOption } from './bank-choice';
import { useFailureText } from './use-failure-text';

const loadSchema = deferSchema(() =>
  import('@/lib/webhooks/subscription-forms').then((module) => module.registerSubscriptionSchema),
);

/** Registers a subscription made elsewhere, by the bank's id and its signing secret. */
export function RegisterSubscriptionForm({ banks }: { banks: WebhooksBankOption[] }) {
  const t = useTranslations('events.register');
  const tf = useTranslations('events.failure');
  const failureText = useFailureText();
  const router = useRouter();
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting, errors },
  } = useForm<RegisterSubscriptionInput, unknown, RegisterSubscriptionInput>({
    resolver: deferredResolver(loadSchema),
    defaultValues: { bankId: banks[0]?.id, bankSubscriptionId: '', signingSecret: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    const result = await registerSubscriptionAction(values);
    if (!result.ok) {
      setMessage({ text: failureText(result), ok: false });
      return;
    }
    setMessage({ text: t('done'), ok: true });
    reset({ bankId: values.bankId, bankSubscriptionId: '', signingSecret: '' });
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate {...preloadOnInteraction(loadSchema)} className="space-y-4">
      <BankChoice banks={banks} field={register('bankId')} />
      <TextField
        label={t('bankId')}
        autoComplete="off"
        error={errors.bankSubscriptionId ? tf('invalidInput') : undefined}
        {...register('bankSubscriptionId')}
      />
      <TextField
        label={t('secret')}
        type="password"
        autoComplete="off"
        error={errors.signingSecret ? tf('invalidInput') : undefined}
        {...register('signingSecret')}
      />
      {message && (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={`rounded border p-2 text-sm ${message.ok ? 'border-green-300 bg-green-50' : 'border-red-300 bg-red-50'}`}
        >
          {message.text}
        </p>
      )}
      <Button type="submit" variant="secondary" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? t('busy') : t('submit')}
      </Button>
    </form>
  );
}
