'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { deferImport } from '@/lib/forms/deferred-schema';
import { registerSubscriptionAction } from '@/lib/webhooks/actions/register-subscription';
import { BankChoice, type WebhooksBankOption } from './bank-choice';
import { useCheckedForm } from './use-checked-form';
import { useFailureText } from './use-failure-text';

const loadSchema = deferImport(() =>
  import('@/lib/webhooks/subscription-forms').then((module) => module.registerSubscriptionSchema),
);

/** Registers a subscription made elsewhere, by the bank's id and its signing secret. */
export function RegisterSubscriptionForm({ banks }: { banks: WebhooksBankOption[] }) {
  const t = useTranslations('events.register');
  const tf = useTranslations('events.failure');
  const failureText = useFailureText();
  const router = useRouter();
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const { invalid, pending, held, formProps } = useCheckedForm(loadSchema, async (values, form) => {
    setMessage(null);
    const result = await registerSubscriptionAction(values);
    if (!result.ok) {
      setMessage({ text: failureText(result), ok: false });
      return;
    }
    setMessage({ text: t('done'), ok: true });
    for (const name of ['bankSubscriptionId', 'signingSecret']) {
      const input = form.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = '';
    }
    router.refresh();
  });

  return (
    <form {...formProps} className="space-y-4">
      <BankChoice banks={banks} />
      <TextField
        label={t('bankId')}
        name="bankSubscriptionId"
        autoComplete="off"
        error={invalid.has('bankSubscriptionId') ? tf('invalidInput') : undefined}
      />
      <TextField
        label={t('secret')}
        name="signingSecret"
        type="password"
        autoComplete="off"
        error={invalid.has('signingSecret') ? tf('invalidInput') : undefined}
      />
      {message && (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={`rounded border p-2 text-sm ${message.ok ? 'border-green-300 bg-green-50' : 'border-red-300 bg-red-50'}`}
        >
          {message.text}
        </p>
      )}
      <Button type="submit" variant="secondary" disabled={held} aria-busy={pending}>
        {pending ? t('busy') : t('submit')}
      </Button>
    </form>
  );
}
