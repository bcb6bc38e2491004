import type { Money, PaymentCosts } from '@/lib/bank/costs';
import { formatAmount, formatNumber } from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';
import type { CostsTotal } from './costs-total';

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * The currency the bank's rate gives 1 `unitCurrency` in (BG: "1GBP = xxxCUR"), where the total converted the
 * payment at that rate (./costs-total.ts): of the account's currency and the payment's, the one that is not the
 * unit. Null where the total converted nothing, so the rate is not read as something the app does not know.
 */
export function rateQuoteCurrency(
  rate: PaymentCosts['exchangeRateInformation'],
  total: CostsTotal | null,
  amounts: readonly Money[],
): string | null {
  if (total?.kind !== 'converted' || !rate?.unitCurrency) return null;
  const currencies = new Set([total.converted.currency, ...amounts.map((money) => money.currency)]);
  currencies.delete(rate.unitCurrency);
  return currencies.size === 1 ? ([...currencies][0] ?? null) : null;
}

/**
 * The bank's exchange rate in words (spec 2.5 exchangeRateInformation), as the payment's page and its receipt
 * give it: "146,5 kr. fyrir 1 EUR (sölugengi)", the rate written as an amount in `quote` where that is known
 * (`rateQuoteCurrency`), else as a number; where the bank named the kind of rate without its figure, that kind
 * ("umsamið gengi"); undefined where it gave neither. `t`: the `payment.costs` messages.
 */
export function rateInWords(
  rate: PaymentCosts['exchangeRateInformation'],
  locale: Locale,
  t: Translate,
  quote: string | null = null,
): string | undefined {
  const kind = rate?.rateType ? t(`rateType.${rate.rateType}`) : undefined;
  if (!rate?.exchangeRate) return kind;
  const value = quote
    ? formatAmount(rate.exchangeRate, quote, locale)
    : formatNumber(rate.exchangeRate, locale);
  const shown = rate.unitCurrency ? t('rateForOne', { rate: value, unit: rate.unitCurrency }) : value;
  return kind ? `${shown} (${kind})` : shown;
}
