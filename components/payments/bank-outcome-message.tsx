import { useTranslations } from 'next-intl';
import type { BankOutcome } from '@/lib/payments/outcome';

const tone: Partial<Record<BankOutcome, string>> = {
  accepted: 'border-green-300 bg-green-50',
  standing: 'border-green-300 bg-green-50',
  debited: 'border-green-300 bg-green-50',
  completed: 'border-green-300 bg-green-50',
  declined: 'border-red-300 bg-red-50',
  rejected: 'border-red-300 bg-red-50',
};

/** Words said of the whole of a standing order or a bulk payment, where "the payment" would read as one payment. */
const ofKind: Partial<Record<string, string>> = {
  'periodic-payments': 'ofStandingOrder',
  'bulk-payments': 'ofBulk',
};

/**
 * What the bank says about the payment, in the PSU's language (lib/payments/outcome.ts); of a standing order
 * or a bulk payment, said of it ("no more will be paid", "the bulk payment").
 */
export function BankOutcomeMessage({ outcome, service }: { outcome: BankOutcome | null; service: string }) {
  const t = useTranslations('payment.outcome');
  if (!outcome) return null;
  const kind = ofKind[service];
  const key = kind && t.has(`${kind}.${outcome}`) ? `${kind}.${outcome}` : outcome;
  return (
    <p
      role="status"
      aria-live="polite"
      data-outcome={outcome}
      className={`rounded border p-3 ${tone[outcome] ?? 'border-amber-300 bg-amber-50'}`}
    >
      {t(key)}
    </p>
  );
}
