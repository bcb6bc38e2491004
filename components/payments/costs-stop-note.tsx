import { useTranslations } from 'next-intl';
import type { CostsStopNote } from '@/lib/payments/costs-step';

/**
 * What the payment's page says of a stop at the costs (lib/payments/costs-step.ts `costsStopNote`), as the
 * bank's status has it now: where the bank did not cancel and the payment still waits at the bank, a
 * warning that it may still be confirmed there and what to do; never a stop that the bank's status belies.
 */
export function CostsStopNoteText({ note }: { note: CostsStopNote | null }) {
  const t = useTranslations('payment.costsStep');
  if (!note) return null;
  const warning = note === 'stopped';
  return (
    <p
      className={`mt-3 rounded border p-3 ${warning ? 'border-amber-300 bg-amber-50' : 'border-slate-300 bg-slate-50'}`}
      data-costs-step={note}
      role={warning ? 'alert' : undefined}
    >
      {t(note)}
    </p>
  );
}
