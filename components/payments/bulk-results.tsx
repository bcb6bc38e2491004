import { useTranslations } from 'next-intl';
import { AccountNumber } from '@/components/payments/account-number';
import { Amount } from '@/components/payments/amount';
import { StatusBadge } from '@/components/payments/status-badge';
import { usePageLocale } from '@/components/ui/use-page-locale';
import type { BulkResults } from '@/lib/bank/bulk-results';
import { formatAmount, formatAmounts, formatNumber } from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';
import { bulkAmountsSplit, bulkLinesTotal, rejectedByBank } from '@/lib/payments/amounts';
import type { StoryBulkLine } from '@/lib/payments/story';

// A long bulk opens folded: the summary above it says what became of its payments.
const openUpTo = 100;

type Row = Pick<StoryBulkLine, 'position' | 'account' | 'name' | 'amount' | 'currency' | 'message'> & {
  status: string | null;
  errorCodes: string[];
};

/** The rows to list: what was sent (the story's lines), or, without them, what the bank read back. */
function rowsOf(results: BulkResults | null, lines: StoryBulkLine[] | null): Row[] {
  if (lines && lines.length > 0) return lines;
  return (results?.payments ?? []).map((p) => ({
    position: p.position,
    account: p.creditorAccount ?? null,
    name: null,
    amount: p.amount ?? null,
    currency: p.currency ?? null,
    message: p.reference ?? null,
    status: p.transactionStatus ?? (p.errorCodes ? 'RJCT' : null),
    errorCodes: p.errorCodes ?? [],
  }));
}

function ResultCell({ payment }: { payment: Row }) {
  const t = useTranslations('payment.bulk');
  const tBank = useTranslations('bank');
  const status = payment.status;
  return (
    <>
      {status ? <StatusBadge status={status} /> : <span className="text-slate-600">{t('noError')}</span>}
      {payment.errorCodes.map((code) => (
        <span key={code} className="block text-sm" data-error-code={code}>
          {tBank.has(`code.${code}`) ? tBank(`code.${code}`) : t('reasonUnknown', { code })}
        </span>
      ))}
      {rejectedByBank(payment) && payment.errorCodes.length === 0 && (
        <span className="block text-sm">{t('noReason')}</span>
      )}
    </>
  );
}

/**
 * What a bulk takes from the PSU's account: its payments and their total; where the bank rejected some of
 * them, how many and how much, and what is left to leave the account (nothing, where it rejected them all).
 */
function bulkIntro(lines: StoryBulkLine[], ts: ReturnType<typeof useTranslations<'story'>>, locale: Locale) {
  const count = { count: lines.length, countShown: formatNumber(String(lines.length), locale) };
  const totals = bulkLinesTotal(lines);
  const split = bulkAmountsSplit(lines);
  if (split) {
    const rejected = {
      ...count,
      total: formatAmounts(totals, locale),
      rejected: split.rejectedCount,
      rejectedShown: formatNumber(String(split.rejectedCount), locale),
      rejectedTotal: formatAmounts(split.rejected, locale),
    };
    return split.rest.length > 0
      ? ts('bulkIntroRejected', { ...rejected, restTotal: formatAmounts(split.rest, locale) })
      : ts('bulkIntroAllRejected', rejected);
  }
  return totals.length === 1 && totals[0]
    ? ts('bulkIntro', { ...count, total: formatAmount(totals[0].amount, totals[0].currency, locale) })
    : ts('bulkIntroMixed', count);
}

/**
 * Each payment of a bulk: whom it pays, how much, with what message, as it was sent; and once the bulk
 * has ended (PART, RJCT, ACSC, ACCC, ACWP), what became of each, as the bank's payment information gave
 * it (payment spec 2.6): its own status or errors. A bank that gives none per payment leaves the bulk's
 * own status to speak for all of them.
 */
export function BulkResultsSection({
  results,
  lines = null,
  payAgainRejectedOnly = false,
}: {
  results: BulkResults | null;
  lines?: StoryBulkLine[] | null;
  /** "Pay again" below fills in a new bulk with the payments the bank rejected, and those only. */
  payAgainRejectedOnly?: boolean;
}) {
  const t = useTranslations('payment.bulk');
  const ts = useTranslations('story');
  const locale = usePageLocale();
  const list = rowsOf(results, lines);
  if (!results && list.length === 0) return null;
  const perPayment = results?.payments ?? null;
  const notCarriedOut = list.filter(rejectedByBank).length;
  const countShown = formatNumber(String(list.length), locale);
  const showResults = perPayment !== null;
  const withIntro = lines !== null && lines.length > 0;
  return (
    <section aria-labelledby="bulk-results-heading" className="rounded border border-slate-200 bg-white p-4">
      <h2 id="bulk-results-heading" className="mb-2 text-lg font-semibold">
        {results ? t('title') : ts('bulkTitle')}
      </h2>
      {withIntro && <p data-testid="bulk-intro">{bulkIntro(lines, ts, locale)}</p>}
      {results && !perPayment && <p data-bulk-results="bulk-only">{t('bulkOnly')}</p>}
      {!results && <p className="text-sm text-slate-700">{ts('bulkWaiting')}</p>}
      {list.length > 0 && (
        <details open={list.length <= openUpTo}>
          {/* Where the intro above says how many payments there are and how many the bank rejected, the toggle names
              what it opens; without it (the bank's read-back alone), the toggle gives the count. */}
          <summary className="cursor-pointer" data-bulk-results={showResults ? 'each' : 'sent'}>
            {!showResults
              ? ts('bulkEach')
              : withIntro
                ? t('summaryEach')
                : t('summary', {
                    count: list.length,
                    countShown,
                    rejected: notCarriedOut,
                    rejectedShown: formatNumber(String(notCarriedOut), locale),
                  })}
          </summary>
          {/* On a phone each payment is a card (its number, to whom and the amount, then its message and what became
              of it), so that the amount is whole and the table keeps inside its box. */}
          <table className="mt-3 w-full text-left text-sm max-sm:block">
            <thead className="max-sm:sr-only">
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-1 pr-3">
                  #
                </th>
                <th scope="col" className="py-1 pr-3">
                  {ts('recipient')}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {ts('message')}
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  {t('amount')}
                </th>
                {showResults && (
                  <th scope="col" className="py-1">
                    {t('result')}
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {list.map((payment) => (
                <tr
                  key={payment.position}
                  className="border-b border-slate-100 align-top max-sm:grid max-sm:grid-cols-[auto_minmax(0,1fr)_auto] max-sm:gap-x-3 max-sm:gap-y-1 max-sm:py-2"
                  data-bulk-position={payment.position}
                  data-status={showResults ? (payment.status ?? '') : ''}
                >
                  <td className="py-1 pr-3 tabular-nums max-sm:row-span-3 max-sm:p-0">{payment.position}</td>
                  <td className="py-1 pr-3 [overflow-wrap:anywhere] max-sm:p-0">
                    {payment.name && <span className="block font-medium">{payment.name}</span>}
                    {payment.account ? <AccountNumber account={payment.account} /> : '—'}
                  </td>
                  <td className="py-1 pr-3 [overflow-wrap:anywhere] max-sm:col-span-2 max-sm:col-start-2 max-sm:row-start-2 max-sm:p-0 max-sm:text-slate-700 max-sm:empty:hidden">
                    {payment.message ?? null}
                  </td>
                  <td className="py-1 pr-3 text-right max-sm:col-start-3 max-sm:row-start-1 max-sm:p-0">
                    {payment.amount && payment.currency ? (
                      <Amount amount={payment.amount} currency={payment.currency} />
                    ) : (
                      '—'
                    )}
                  </td>
                  {showResults && (
                    <td className="py-1 max-sm:col-span-2 max-sm:col-start-2 max-sm:row-start-3 max-sm:p-0">
                      <ResultCell payment={payment} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
      {showResults && notCarriedOut > 0 && payAgainRejectedOnly && (
        <p className="mt-3 text-sm" data-testid="bulk-pay-again">
          {t('payAgainRejected')}
        </p>
      )}
    </section>
  );
}
