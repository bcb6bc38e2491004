'use client';

import { useActionState } from 'react';
import { AnswerNote } from '@/components/layout/answer-note';
import { LocaleField } from '@/components/layout/locale-field';
import { Button } from '@/components/ui/button';
import type { FormInWords } from '@/lib/actions/result';
import { setPaymentEndMailAction } from '@/lib/notices/actions/set-payment-end-mail';

/**
 * The PSU's choice of an e-mail when a payment ends; off until they tick it. Works before hydration.
 * Its texts come from the page and its answer in words from the action, so the page loads no
 * translations for it.
 */
export function PaymentEndMailForm({
  on,
  verified,
  texts,
}: {
  on: boolean;
  verified: boolean;
  texts: { intro: string; unverified: string; label: string; save: string };
}) {
  const [answer, action, pending] = useActionState<
    FormInWords<{ mailOnPaymentEnd: boolean }> | null,
    FormData
  >(setPaymentEndMailAction, null);
  // React resets a form after its action: the box then shows the choice just saved.
  const saved = answer?.data ? answer.data.mailOnPaymentEnd : on;
  return (
    <form action={action} className="space-y-3">
      <LocaleField />
      {answer?.text && <AnswerNote ok={answer.ok} text={answer.text} />}
      <p className="text-sm text-slate-700">{texts.intro}</p>
      {!verified && <p className="text-sm text-amber-900">{texts.unverified}</p>}
      <label className="flex items-start gap-2">
        <input
          key={String(saved)}
          type="checkbox"
          name="mailOnPaymentEnd"
          value="on"
          defaultChecked={saved}
          className="mt-1 h-4 w-4"
        />
        <span>{texts.label}</span>
      </label>
      <Button type="submit" variant="secondary" disabled={pending}>
        {texts.save}
      </Button>
    </form>
  );
}
