import { useTranslations } from 'next-intl';
import { Amount } from '@/components/payments/amount';
import { FeeType } from '@/components/payments/fee-type';
import { usePageLocale } from '@/components/ui/use-page-locale';
import type { Money, PaymentCosts } from '@/lib/bank/costs';
import { formatAmount, formatAmounts, formatNumber } from '@/lib/format';
import { type CostsTotal, conversionFeeApart } from '@/lib/payments/costs-total';
import { rateInWords, rateQuoteCurrency } from '@/lib/payments/rate-words';

/**
 * What will leave the account, in the account's currency, where the costs say enough to tell; else what
 * is known (lib/payments/costs-total.ts).
 */
function TotalLine({ total, amounts }: { total: CostsTotal; amounts: readonly Money[] }) {
  const t = useTranslations('story.total');
  const locale = usePageLocale();
  const money = (value: Money) => formatAmount(value.amount, value.currency, locale);
  // A bulk in several currencies is for each of its totals ("ISK 1,000 + EUR 500").
  const amount = formatAmounts(amounts, locale);
  const fees = total.fees ? money(total.fees) : '';
  const explain =
    total.kind === 'bank'
      ? t('bank')
      : total.kind === 'sum'
        ? total.fees
          ? t('sum', { amount, fees })
          : t('sumNoFees', { amount })
        : total.kind === 'converted'
          ? t('converted', {
              amount,
              converted: money(total.converted),
              fees,
              hasFees: total.fees ? 'yes' : 'no',
            })
          : t('unknown', { amount, fees, hasFees: total.fees ? 'yes' : 'no' });
  return (
    <div
      className="mt-4 border-t border-slate-200 pt-3"
      data-testid="costs-total"
      data-total-kind={total.kind}
    >
      {total.kind !== 'unknown' && (
        <p className="flex flex-wrap items-baseline justify-between gap-2">
          <span className="font-medium">{t('title')}</span>
          <span className="text-xl font-semibold" data-total>
            <Amount {...total.total} />
          </span>
        </p>
      )}
      {/* An amount that ends the sentence keeps one full stop: "595 kr." not "595 kr..". */}
      <p className="text-sm text-slate-700">{explain.replace(/\.\.(?=\s|$)/g, '.')}</p>
      {!total.feesComplete && <p className="text-sm text-slate-700">{t('feesIncomplete')}</p>}
    </div>
  );
}

/**
 * The fees, fee indicator and exchange rate the bank gave when it received the payment (spec 2.5), each
 * fee named in words, and what will leave the account in all. Each shows only where the bank sent it.
 */
export function PaymentCostsSection({
  costs,
  total = null,
  amounts = [],
}: {
  costs: PaymentCosts | null;
  total?: CostsTotal | null;
  /** What the payment is for, one amount per currency (lib/payments/amounts.ts). */
  amounts?: readonly Money[];
}) {
  const t = useTranslations('payment.costs');
  const locale = usePageLocale();
  if (!costs) return null;
  const rate = costs.exchangeRateInformation;
  const rateShown = rateInWords(rate, locale, t, rateQuoteCurrency(rate, total, amounts));
  const indicator = costs.transactionFeeIndicator;
  const conversionApart = conversionFeeApart(costs);
  return (
    <section aria-labelledby="costs-heading" className="rounded border border-slate-200 bg-white p-4">
      <h2 id="costs-heading" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('intro')}</p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1" data-testid="payment-costs">
        {costs.transactionFees && (
          <>
            <dt>{t('transactionFees')}</dt>
            <dd data-cost="transactionFees">
              <Amount {...costs.transactionFees} />
            </dd>
          </>
        )}
        {costs.transactionFeesDetails?.map((fee, index) => (
          // The bank's fee type in words (spec 2.5 gives no list; our sandbox's and IOBWS 3.2's are known).
          // biome-ignore lint/suspicious/noArrayIndexKey: the bank's list, shown in its order
          <div key={index} className="contents" data-cost="fee">
            <dt className="pl-4 text-slate-700">
              <FeeType feeType={fee.feeType} />
            </dt>
            <dd>
              <Amount {...fee.value} />
            </dd>
          </div>
        ))}
        {/* Shown apart unless the bank's list has it as one of its lines. */}
        {conversionApart && (
          <>
            <dt>{t('currencyConversionFee')}</dt>
            <dd data-cost="currencyConversionFee">
              <Amount {...conversionApart} />
            </dd>
          </>
        )}
        {/* On a phone the rate and its contract go under their names, across the box: beside the fees' names
            "ISK 145 for 1 EUR (selling rate)" had a column a word wide and stood on four lines. */}
        {rateShown && (
          <>
            <dt className="max-sm:col-span-2">{t('exchangeRate')}</dt>
            <dd className="max-sm:col-span-2 max-sm:pl-4" data-cost="exchangeRate">
              {rateShown}
            </dd>
          </>
        )}
        {rate?.contractIdentification && (
          <>
            <dt className="max-sm:col-span-2">{t('rateContract')}</dt>
            <dd className="max-sm:col-span-2 max-sm:pl-4 [overflow-wrap:anywhere]">
              {rate.contractIdentification}
            </dd>
          </>
        )}
      </dl>
      {/* Entries of the bank's list of fees that could not be read (lib/bank/costs.ts readFeeList): the others
          are shown, and the PSU is told that some are not. */}
      {costs.unreadableFees ? (
        <p className="mt-3 text-sm" data-testid="fees-unreadable">
          {t('feesUnreadable', {
            count: costs.unreadableFees,
            countShown: formatNumber(String(costs.unreadableFees), locale),
          })}
        </p>
      ) : null}
      {indicator !== undefined && (
        <p className="mt-3 text-sm" data-fee-indicator={String(indicator)}>
          {t(indicator ? 'feeIndicatorTrue' : 'feeIndicatorFalse')}
        </p>
      )}
      {total && amounts.length > 0 && <TotalLine total={total} amounts={amounts} />}
    </section>
  );
}
