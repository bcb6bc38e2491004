import type { PaymentCosts } from '@/lib/bank/costs';
import { formatNumber } from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * The bank's exchange rate in words (spec 2.5 exchangeRateInformation), as the payment's page and its receipt
 * give it: "146,5 fyrir 1 EUR (sölugengi)"; where the bank named the kind of rate without its figure, that kind
 * ("umsamið gengi"); undefined where it gave neither. `t`: the `payment.costs` messages.
 */
export function rateInWords(
  rate: PaymentCosts['exchangeRateInformation'],
  locale: Locale,
  t: Translate,
): string | undefined {
  const kind = rate?.rateType ? t(`rateType.${rate.rateType}`) : undefined;
  if (!rate?.exchangeRate) return kind;
  const value = formatNumber(rate.exchangeRate, locale);
  const shown = rate.unitCurrency ? t('rateForOne', { rate: value, unit: rate.unitCurrency }) : value;
  return kind ? `${shown} (${kind})` : shown;
}
