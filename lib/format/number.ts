import type { Locale } from '@/lib/i18n/routing';

// Numbers are written from their decimal strings, digit by digit, with the separators of CLDR's `is` and
// `en` number symbols: never through a float and never through Intl, whose locale data the browser may
// lack (Chromium without Icelandic data writes "10,000" on an Icelandic page). Amounts (./amount.ts)
// are numbers with their currency's decimals and sign.

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
/** Each language's marks: between groups of three digits, and before the decimals. */
export const SEPARATORS: Record<Locale, { group: string; decimal: string }> = {
  is: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

export interface DecimalParts {
  negative: boolean;
  whole: string;
  fraction: string;
}

export function decimalParts(amount: string): DecimalParts | undefined {
  const match = DECIMAL.exec(amount);
  if (!match) return undefined;
  const [, sign = '', digits = '0', fraction = ''] = match;
  const whole = digits.replace(/^0+(?=\d)/, '');
  // "-0" and "-0.00" are zero, and zero has no sign.
  const negative = sign === '-' && /[1-9]/.test(whole + fraction);
  return { negative, whole, fraction };
}

export function joinParts({ whole, fraction }: DecimalParts, locale: Locale): string {
  const { group, decimal } = SEPARATORS[locale];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return fraction ? `${grouped}${decimal}${fraction}` : grouped;
}

/**
 * A decimal string written the locale's way, with the decimals it has: "1234567.5" →
 * "1.234.567,5" (is), "1,234,567.5" (en). This is how the amount field shows what was typed. A
 * string that is not a decimal comes back unchanged.
 */
export function formatNumber(amount: string, locale: Locale): string {
  const parts = decimalParts(amount);
  if (!parts) return amount;
  return `${parts.negative ? '-' : ''}${joinParts(parts, locale)}`;
}

/**
 * A message's parameters with every whole number also written the page's way, as `{name}Shown` ("10.000" on
 * an Icelandic page): a message shows `{countShown}` and counts with `{count, plural, …}`. ICU's own
 * `{count, number}` and a plural's `#` go through the browser's Intl, which may lack Icelandic (Chromium
 * writes "10,000"), so that the page the server drew and the one the browser draws differ; and the first
 * Intl.NumberFormat a page makes costs it tens of milliseconds while it hydrates.
 */
export function withShownNumbers<Params extends Record<string, unknown>>(
  params: Params,
  locale: Locale,
): Params & Record<`${string}Shown`, string> {
  const shown: Record<string, unknown> = { ...params };
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number' && Number.isInteger(value))
      shown[`${name}Shown`] = formatNumber(String(value), locale);
  }
  return shown as Params & Record<`${string}Shown`, string>;
}
