'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { useFrameLocale } from '@/components/layout/frame-context';
import { Button } from '@/components/ui/button';
import type { cancelPaymentAction } from '@/lib/payments/actions/cancel-payment';
import type { CancelTexts } from './cancel-texts';

/**
 * Cancel with an inline confirmation: a second, explicit click, never a browser dialog. Once the bank
 * has answered, the page is drawn again with the payment as it now is.
 * Its texts come from the page (`cancelTextsOf`), and a refusal in words from the action, in the
 * page's locale: a list of payments that can be cancelled loads no translations for it.
 */
export function CancelPayment({
  action,
  paymentId,
  texts,
}: {
  /** `cancelPaymentAction`, from the page: a client module that imports an action carries its caller's code. */
  action: typeof cancelPaymentAction;
  paymentId: string;
  texts: CancelTexts;
}) {
  const locale = useFrameLocale();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [pending, startTransition] = useTransition();

  const confirm = () =>
    startTransition(async () => {
      const result = await action({ paymentId, locale });
      setConfirming(false);
      if (result.ok && result.data.redirectTo) {
        window.location.assign(result.data.redirectTo);
        return;
      }
      setMessage(
        result.ok
          ? { text: texts.cancelled, error: false }
          : { text: result.text ?? texts.unexpected, error: true },
      );
      // A page that lists payments (the standing orders) shows the status the bank now reports.
      router.refresh();
    });

  return (
    <div className="mt-4 space-y-2">
      {confirming ? (
        <fieldset className="flex flex-wrap items-center gap-3" aria-label={texts.cancel}>
          <span>{texts.cancelConfirm}</span>
          <Button type="button" onClick={confirm} disabled={pending} className="bg-red-700 hover:bg-red-800">
            {pending ? texts.cancelling : texts.cancel}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setConfirming(false)} disabled={pending}>
            {texts.keep}
          </Button>
        </fieldset>
      ) : (
        <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
          {texts.cancel}
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
