import { useTranslations } from 'next-intl';
import { Amount } from '@/components/payments/amount';
import { usePageLocale } from '@/components/ui/use-page-locale';
import type { PaymentCosts } from '@/lib/bank/costs';
import { formatNumber } from '@/lib/format';

/**
 * The fees, fee indicator and exchange rate the bank gave when it received the payment (spec 2.5), as
 * it gave them: nothing is worked out or added here. Each shows only where the bank sent it.
 */
export function PaymentCostsSection({ costs }: { costs: PaymentCosts | null }) {
  const t = useTranslations('payment.costs');
  const locale = usePageLocale();
  if (!costs) return null;
  const rate = costs.exchangeRateInformation;
  const indicator = costs.transactionFeeIndicator;
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
          // The bank's own name for the fee (spec 2.5 gives no list of them), shown as text.
          // biome-ignore lint/suspicious/noArrayIndexKey: the bank's list, shown in its order
          <div key={index} className="contents" data-cost="fee">
            <dt className="pl-4 text-slate-700">{fee.feeType}</dt>
            <dd>
              <Amount {...fee.value} />
            </dd>
          </div>
        ))}
        {costs.currencyConversionFee && (
          <>
            <dt>{t('currencyConversionFee')}</dt>
            <dd data-cost="currencyConversionFee">
              <Amount {...costs.currencyConversionFee} />
            </dd>
          </>
        )}
        {rate?.exchangeRate && (
          <>
            <dt>{t('exchangeRate')}</dt>
            <dd data-cost="exchangeRate">
              {rate.unitCurrency
                ? t('rateForOne', { rate: formatNumber(rate.exchangeRate, locale), unit: rate.unitCurrency })
                : formatNumber(rate.exchangeRate, locale)}
              {rate.rateType && ` (${t(`rateType.${rate.rateType}`)})`}
            </dd>
          </>
        )}
        {rate?.contractIdentification && (
          <>
            <dt>{t('rateContract')}</dt>
            <dd>{rate.contractIdentification}</dd>
          </>
        )}
      </dl>
      {indicator !== undefined && (
        <p className="mt-3 text-sm" data-fee-indicator={String(indicator)}>
          {t(indicator ? 'feeIndicatorTrue' : 'feeIndicatorFalse')}
        </p>
      )}
    </section>
  );
}
