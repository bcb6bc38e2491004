import { useTranslations } from 'next-intl';
import type { BankOutcome } from '@/lib/payments/outcome';

const tone: Record<string, string> = {
  ACSC: 'bg-green-100 text-green-900',
  ACCC: 'bg-green-100 text-green-900',
  RJCT: 'bg-red-100 text-red-900',
  refused: 'bg-red-100 text-red-900',
  CANC: 'bg-slate-200 text-slate-900',
  PART: 'bg-amber-100 text-amber-900',
  PATC: 'bg-amber-100 text-amber-900',
};

/**
 * A status in words. `outcome`, where the status is the payment's own as it now is: RCVD says whom the bank waits
 * for: the PSU ("yours"), the account's holder (a straight-through payment from an account the PSU may not confirm
 * for), or, the SCA done, the bank itself; RJCT says when it was the confirmation at the bank that failed
 * (declined there), not the bank that rejected it. `standing`: a standing order's, which the bank runs on its dates once
 * accepted ("Active"), where a single payment's ACSP says its money is on its way.
 */
export function StatusBadge({
  status,
  outcome = null,
  standing = false,
}: {
  status: string;
  outcome?: BankOutcome | null;
  standing?: boolean;
}) {
  const t = useTranslations('status');
  const known = t.has(`${status}.label`);
  const variant =
    outcome === 'awaitingHolder'
      ? 'holderLabel'
      : outcome === 'awaitingBank'
        ? 'confirmedLabel'
        : outcome === 'declined'
          ? 'declinedLabel'
          : null;
  const label =
    variant && t.has(`${status}.${variant}`)
      ? `${status}.${variant}`
      : standing && t.has(`${status}.standingLabel`)
        ? `${status}.standingLabel`
        : `${status}.label`;
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone[status] ?? 'bg-sky-100 text-sky-900'}`}
      data-status={status}
      // The bank's code, for an expert who hovers over the words.
      title={known ? status : undefined}
    >
      {known ? t(label) : status}
    </span>
  );
}
