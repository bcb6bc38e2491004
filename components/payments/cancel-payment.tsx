'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { cancelPaymentAction } from '@/lib/payments/actions/cancel-payment';

/**
 * Cancel with an inline confirmation: a second, explicit click, never a browser dialog. Once the bank
 * has answered, `onAnswered` runs (a live view reads the payment again), then the page is refreshed.
 */
export function CancelPayment({
  paymentId,
  onAnswered,
}: {
  paymentId: string;
  onAnswered?: () => Promise<unknown>;
}) {
  const t = useTranslations('payment');
  const tAll = useTranslations();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [pending, startTransition] = useTransition();

  const confirm = () =>
    startTransition(async () => {
      const result = await cancelPaymentAction({ paymentId });
      setConfirming(false);
      if (result.ok && result.data.redirectTo) {
        window.location.assign(result.data.redirectTo);
        return;
      }
      setMessage(
        result.ok
          ? { text: t('cancelled'), error: false }
          : {
              text:
                result.message && tAll.has(result.message) ? tAll(result.message) : tAll('bank.unexpected'),
              error: true,
            },
      );
      await onAnswered?.();
      // A page that lists payments (the standing orders) shows the status the bank now reports.
      router.refresh();
    });

  return (
    <div className="mt-4 space-y-2">
      {confirming ? (
        <fieldset className="flex flex-wrap items-center gap-3" aria-label={t('cancel')}>
          <span>{t('cancelConfirm')}</span>
          <Button type="button" onClick={confirm} disabled={pending} className="bg-red-700 hover:bg-red-800">
            {pending ? t('cancelling') : t('cancel')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setConfirming(false)} disabled={pending}>
            {t('keep')}
          </Button>
        </fieldset>
      ) : (
        <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
          {t('cancel')}
        </Button>
      )}
      {message && (
        <p
          role={message.error ? 'alert' : 'status'}
          className={message.error ? 'text-red-800' : 'text-slate-800'}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
