import { useTranslations } from 'next-intl';
import { AccountNumber } from '@/components/payments/account-number';
import { Amount } from '@/components/payments/amount';
import { StatusBadge } from '@/components/payments/status-badge';
import { usePageLocale } from '@/components/ui/use-page-locale';
import type { BulkPaymentResult, BulkResults } from '@/lib/bank/bulk-results';
import { formatNumber } from '@/lib/format';

// A long bulk opens folded: the summary above it says what became of its payments.
const openUpTo = 100;

function ResultCell({ payment }: { payment: BulkPaymentResult }) {
  const t = useTranslations('payment.bulk');
  const tBank = useTranslations('bank');
  const status = payment.transactionStatus ?? (payment.errorCodes ? 'RJCT' : undefined);
  return (
    <>
      {status ? <StatusBadge status={status} /> : <span className="text-slate-600">{t('noError')}</span>}
      {payment.errorCodes?.map((code) => (
        <span key={code} className="block text-sm" data-error-code={code}>
          {tBank.has(`code.${code}`) ? tBank(`code.${code}`) : code}
        </span>
      ))}
    </>
  );
}

/**
 * What became of each payment of a bulk that has ended (PART, RJCT, ACSC, ACCC, ACWP), as the bank's
 * payment information gave it (payment spec 2.6): each with its own status or errors. A bank that
 * gives none per payment leaves the bulk's own status to speak for all of them.
 */
export function BulkResultsSection({ results }: { results: BulkResults | null }) {
  const t = useTranslations('payment.bulk');
  const locale = usePageLocale();
  if (!results) return null;
  const list = results.payments;
  const notCarriedOut = list?.filter((p) => p.transactionStatus === 'RJCT' || p.errorCodes).length ?? 0;
  return (
    <section aria-labelledby="bulk-results-heading" className="rounded border border-slate-200 bg-white p-4">
      <h2 id="bulk-results-heading" className="mb-2 text-lg font-semibold">
        {t('title')}
      </h2>
      {!list ? (
        <p data-bulk-results="bulk-only">{t('bulkOnly')}</p>
      ) : (
        <details open={list.length <= openUpTo}>
          <summary className="cursor-pointer" data-bulk-results="each">
            {t('summary', {
              count: list.length,
              countShown: formatNumber(String(list.length), locale),
              rejected: notCarriedOut,
              rejectedShown: formatNumber(String(notCarriedOut), locale),
            })}
          </summary>
          <table className="mt-3 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-1 pr-3">
                  #
                </th>
                <th scope="col" className="py-1 pr-3">
                  {t('creditorAccount')}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {t('reference')}
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  {t('amount')}
                </th>
                <th scope="col" className="py-1">
                  {t('result')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((payment) => (
                <tr
                  key={payment.position}
                  className="border-b border-slate-100 align-top"
                  data-bulk-position={payment.position}
                  data-status={payment.transactionStatus ?? (payment.errorCodes ? 'RJCT' : '')}
                >
                  <td className="py-1 pr-3 tabular-nums">{payment.position}</td>
                  <td className="py-1 pr-3">
                    {payment.creditorAccount ? <AccountNumber account={payment.creditorAccount} /> : '—'}
                  </td>
                  <td className="py-1 pr-3">{payment.reference ?? ''}</td>
                  <td className="py-1 pr-3 text-right">
                    {payment.amount && payment.currency ? (
                      <Amount amount={payment.amount} currency={payment.currency} />
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="py-1">
                    <ResultCell payment={payment} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </section>
  );
}
