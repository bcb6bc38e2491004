import { useTranslations } from 'next-intl';

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
 * A status in words. `awaitingHolder`: the bank waits for the account's holder, not the PSU (a
 * straight-through payment from an account the PSU may not confirm for), so RCVD does not say "yours".
 * `standing`: a standing order's, which the bank runs on its dates once accepted ("Active"), where a
 * single payment's ACSP says its money is on its way.
 */
export function StatusBadge({
  status,
  awaitingHolder = false,
  standing = false,
}: {
  status: string;
  awaitingHolder?: boolean;
  standing?: boolean;
}) {
  const t = useTranslations('status');
  const known = t.has(`${status}.label`);
  const label =
    awaitingHolder && t.has(`${status}.holderLabel`)
      ? `${status}.holderLabel`
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
