import type { PaymentCosts } from '@/lib/bank/costs';
import { formatNumber } from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * The bank's exchange rate in words (spec 2.5 exchangeRateInformation), as the payment's page and its receipt
 * give it: "146,5 fyrir 1 EUR (sölugengi)". `t`: the `payment.costs` messages.
 */
export function rateInWords(
  rate: NonNullable<PaymentCosts['exchangeRateInformation']>,
  locale: Locale,
  t: Translate,
): string {
  const value = formatNumber(rate.exchangeRate ?? '', locale);
  const shown = rate.unitCurrency ? t('rateForOne', { rate: value, unit: rate.unitCurrency }) : value;
  return rate.rateType ? `${shown} (${t(`rateType.${rate.rateType}`)})` : shown;
}
