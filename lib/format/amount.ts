import type { Locale } from '@/lib/i18n/routing';
import { minorUnits } from '@/lib/payments/money/minor-units';
import { decimalParts, joinParts } from './number';

// Amounts are formatted from their decimal strings, digit by digit, with the separators of CLDR's
// `is` and `en` number symbols: never through a float (a 14-digit amount with 3 decimals has more
// digits than a double holds) and never through Intl, whose locale data the browser may lack
// (Chromium without Icelandic data writes "ISK 12,500" on an Icelandic page).

/** Keeps an amount and its currency on one line, as CLDR's currency patterns do. */
const NO_BREAK_SPACE = '\u00a0';

/** Currencies Icelandic text writes with a sign: each sign names one currency only. */
const ICELANDIC_SIGNS: Readonly<Record<string, string>> = { ISK: 'kr.', EUR: '€', GBP: '£' };

/**
 * The decimals to show: the currency's ISO 4217 minor unit ("1234.5" EUR → "1234.50", "12500.00"
 * ISK → "12500"), never fewer than the amount has digits that count ("1234.567" EUR keeps all
 * three). A currency outside the table keeps the decimals it came with: we do not know its unit.
 */
function currencyFraction(fraction: string, currency: string): string {
  const digits = minorUnits(currency);
  if (digits === undefined) return fraction;
  let shown = fraction.padEnd(digits, '0');
  while (shown.length > digits && shown.endsWith('0')) shown = shown.slice(0, -1);
  return shown;
}

/**
 * An amount and its currency as people read them, from the spec's decimal string:
 *
 * - Icelandic (CLDR `is`: "#,##0.00 ¤"): the number, a no-break space, then "kr." for ISK, the
 *   sign for the two currencies whose sign names one currency only ("1.234,50 €", "1.234,50 £",
 *   CLDR's narrow symbols, as Icelandic banks write them on their sites) and the ISO code for every
 *   other currency ("1.234,50 USD"): "$" would be a dozen dollars, and "kr." for DKK, NOK or SEK
 *   would read as krónur.
 * - English (CLDR `en` with the code): the ISO code, a no-break space, then the number, for ISK
 *   too: "ISK 12,500", "EUR 1,234.50", "-EUR 1,234.50", as banks write amounts in English
 *   statements; "kr." means nothing to most English readers.
 *
 * Decimals follow the currency (see `currencyFraction`); digits are never dropped or rounded. A
 * string that is not a decimal is shown unchanged beside its currency.
 */
export function formatAmount(amount: string, currency: string, locale: Locale): string {
  const parts = decimalParts(amount);
  const sign = parts?.negative ? '-' : '';
  const number = parts
    ? joinParts({ ...parts, fraction: currencyFraction(parts.fraction, currency) }, locale)
    : amount;
  if (locale === 'is') return `${sign}${number}${NO_BREAK_SPACE}${ICELANDIC_SIGNS[currency] ?? currency}`;
  return `${sign}${currency}${NO_BREAK_SPACE}${number}`;
}

/** A payment's amounts, one per currency (a bulk in several currencies), as written: "ISK 1,000 + EUR 500.00". */
export function formatAmounts(
  amounts: readonly { amount: string; currency: string }[],
  locale: Locale,
): string {
  return amounts.map(({ amount, currency }) => formatAmount(amount, currency, locale)).join(' + ');
}
