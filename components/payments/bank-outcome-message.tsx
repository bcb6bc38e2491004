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

/** What the bank says about the payment, in the PSU's language (lib/payments/outcome.ts). */
export function BankOutcomeMessage({
  outcome,
  standing = false,
}: {
  outcome: BankOutcome | null;
  /** A standing order's: where it ended, it says so of the standing order ("no more will be paid"). */
  standing?: boolean;
}) {
  const t = useTranslations('payment.outcome');
  if (!outcome) return null;
  const key = standing && t.has(`ofStandingOrder.${outcome}`) ? `ofStandingOrder.${outcome}` : outcome;
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
