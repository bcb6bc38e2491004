'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { continueAfterCostsAction, stopAtCostsAction } from '@/lib/payments/actions/costs-decision';

/** "Continue to your bank" or "Stop", after the bank's costs; each answer says where the browser goes. */
export function CostsDecisionButtons({ paymentId }: { paymentId: string }) {
  const t = useTranslations('payment.costsStep');
  const tAll = useTranslations();
  const [pending, startTransition] = useTransition();
  const [chosen, setChosen] = useState<'continue' | 'stop' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = (choice: 'continue' | 'stop') =>
    startTransition(async () => {
      setChosen(choice);
      setError(null);
      try {
        const action = choice === 'continue' ? continueAfterCostsAction : stopAtCostsAction;
        const result = await action({ paymentId });
        if (result.ok) {
          window.location.assign(result.data.redirectTo);
          return;
        }
        setError(result.message && tAll.has(result.message) ? tAll(result.message) : tAll('bank.unexpected'));
      } catch {
        setError(tAll('bank.unexpected'));
      }
      setChosen(null);
    });

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          onClick={() => choose('continue')}
          disabled={pending}
          aria-busy={chosen === 'continue'}
        >
          {chosen === 'continue' ? t('continuing') : t('continue')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => choose('stop')}
          disabled={pending}
          aria-busy={chosen === 'stop'}
        >
          {chosen === 'stop' ? t('stopping') : t('stop')}
        </Button>
      </div>
      <p className="text-sm text-slate-600">{t('stopExplain')}</p>
      {error && (
        <p role="alert" className="text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
