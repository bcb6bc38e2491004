'use client';

import { useTranslations } from 'next-intl';
import { useActionState } from 'react';
import { FormMessage } from '@/components/layout/account-form-parts';
import { Button } from '@/components/ui/button';
import type { ActionResult } from '@/lib/actions/result';
import { setPaymentEndMailAction } from '@/lib/notices/actions/set-payment-end-mail';

/** The PSU's choice of an e-mail when a payment ends; off until they tick it. Works before hydration. */
export function PaymentEndMailForm({ on, verified }: { on: boolean; verified: boolean }) {
  const t = useTranslations('notices.mail');
  const [state, action, pending] = useActionState<
    ActionResult<{ mailOnPaymentEnd: boolean }> | null,
    FormData
  >(setPaymentEndMailAction, null);
  // React resets a form after its action: the box then shows the choice just saved.
  const saved = state?.ok ? state.data.mailOnPaymentEnd : on;
  return (
    <form action={action} className="space-y-3">
      <FormMessage result={state} />
      <p className="text-sm text-slate-700">{t('intro')}</p>
      {!verified && <p className="text-sm text-amber-900">{t('unverified')}</p>}
      <label className="flex items-start gap-2">
        <input
          key={String(saved)}
          type="checkbox"
          name="mailOnPaymentEnd"
          value="on"
          defaultChecked={saved}
          className="mt-1 h-4 w-4"
        />
        <span>{t('label')}</span>
      </label>
      <Button type="submit" variant="secondary" disabled={pending}>
        {t('save')}
      </Button>
    </form>
  );
}
