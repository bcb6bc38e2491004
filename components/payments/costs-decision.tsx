'use client';

import { useState, useTransition } from 'react';
import { useFrameLocale } from '@/components/layout/frame-context';
import { Button } from '@/components/ui/button';
import { continueAfterCostsAction, stopAtCostsAction } from '@/lib/payments/actions/costs-decision';

/** What the two buttons after the bank's costs say, and what is said when something unexpected happens. */
export type CostsDecisionTexts = Record<
  'continue' | 'continuing' | 'stop' | 'stopping' | 'stopExplain' | 'unexpected',
  string
>;

/**
 * "Continue to your bank" or "Stop", after the bank's costs; each answer says where the browser goes.
 * Its texts come from the page, and a refusal in words from the action, in the page's locale: the
 * costs page loads no translations for it.
 */
export function CostsDecisionButtons({ paymentId, texts }: { paymentId: string; texts: CostsDecisionTexts }) {
  const locale = useFrameLocale();
  const [pending, startTransition] = useTransition();
  const [chosen, setChosen] = useState<'continue' | 'stop' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = (choice: 'continue' | 'stop') =>
    startTransition(async () => {
      setChosen(choice);
      setError(null);
      try {
        const action = choice === 'continue' ? continueAfterCostsAction : stopAtCostsAction;
        const result = await action({ paymentId, locale });
        if (result.ok) {
          window.location.assign(result.data.redirectTo);
          return;
        }
        setError(result.text ?? texts.unexpected);
      } catch {
        setError(texts.unexpected);
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
          {chosen === 'continue' ? texts.continuing : texts.continue}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => choose('stop')}
          disabled={pending}
          aria-busy={chosen === 'stop'}
        >
          {chosen === 'stop' ? texts.stopping : texts.stop}
        </Button>
      </div>
      <p className="text-sm text-slate-600">{texts.stopExplain}</p>
      {error && (
        <p role="alert" className="text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
