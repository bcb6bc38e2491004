import type { Locale } from '@/lib/i18n/routing';
import { minorUnits } from './minor-units';

/** The bank's amount pattern (spec 2.4), anchored. */
export const AMOUNT_PATTERN = /^-?[0-9]{1,14}(\.[0-9]{1,3})?$/;

/** Number of digits after the decimal point of a spec-shaped amount string. */
export function fractionDigits(amount: string): number {
  const dot = amount.indexOf('.');
  return dot === -1 ? 0 : amount.length - dot - 1;
}

/**
 * True when the amount has no more decimals than the currency's ISO 4217 minor unit ("1234.5" does
 * not fit ISK, "1234.567" does not fit EUR). Currencies outside the table always fit: the pattern
 * already limits them to 3 decimals.
 */
export function fractionFits(amount: string, currency: string): boolean {
  const digits = minorUnits(currency);
  return digits === undefined || fractionDigits(amount) <= digits;
}

/** True for an amount strictly greater than zero ("0", "0.00" and negatives are not). */
export function isPositiveAmount(amount: string): boolean {
  return !amount.startsWith('-') && /[1-9]/.test(amount);
}

// Sums use integers of thousandths: the amount pattern allows at most 3 decimals, so every valid
// amount is exact at this scale, whatever its currency.
const SCALE = 3;
// Any decimal with up to 3 decimals: sums may grow past the 14 digits of a single amount.
const DECIMAL = /^-?[0-9]+(\.[0-9]{1,3})?$/;

function toThousandths(amount: string): bigint {
  if (!DECIMAL.test(amount)) throw new RangeError(`Not a valid amount: ${amount}`);
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const value = BigInt(whole) * 10n ** BigInt(SCALE) + BigInt(fraction.padEnd(SCALE, '0'));
  return negative ? -value : value;
}

function fromThousandths(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = 10n ** BigInt(SCALE);
  const whole = (abs / unit).toString();
  let fraction = (abs % unit).toString().padStart(SCALE, '0');
  // Keep the currency's decimals; drop only trailing zeros beyond them.
  while (fraction.length > decimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Whether two amounts are the same number ("1500" and the bank's "1500.00"); false where either is not an amount. */
export function sameAmount(a: string, b: string): boolean {
  return DECIMAL.test(a) && DECIMAL.test(b) && toThousandths(a) === toThousandths(b);
}

/** The amount as an integer of the currency's minor units ("1234.5" EUR → 123450n). Throws if it does not fit. */
export function toMinorUnits(amount: string, currency: string): bigint {
  const digits = minorUnits(currency) ?? SCALE;
  if (!fractionFits(amount, currency))
    throw new RangeError(`${amount} has too many decimals for ${currency}`);
  return toThousandths(amount) / 10n ** BigInt(SCALE - digits);
}

/** The spec string for an integer of minor units (123450n EUR → "1234.50"). */
export function fromMinorUnits(value: bigint, currency: string): string {
  const digits = minorUnits(currency) ?? SCALE;
  return fromThousandths(value * 10n ** BigInt(SCALE - digits), digits);
}

export interface CurrencyTotal {
  currency: string;
  /** Spec-shaped decimal string; may exceed the 14-digit amount pattern for very large bulks. */
  amount: string;
  count: number;
}

/**
 * Totals of a list of amounts per currency, in order of first appearance, computed exactly with
 * BigInt. Every amount must be a decimal string with at most 3 decimals.
 */
export function sumByCurrency(amounts: Iterable<{ amount: string; currency: string }>): CurrencyTotal[] {
  const totals = new Map<string, { sum: bigint; count: number }>();
  for (const { amount, currency } of amounts) {
    const entry = totals.get(currency) ?? { sum: 0n, count: 0 };
    entry.sum += toThousandths(amount);
    entry.count += 1;
    totals.set(currency, entry);
  }
  return [...totals].map(([currency, { sum, count }]) => ({
    currency,
    amount: fromThousandths(sum, minorUnits(currency) ?? 0),
    count,
  }));
}

export type ParseAmountResult =
  | { ok: true; amount: string }
  | { ok: false; error: 'validation.amountInput.format' | 'validation.amountInput.englishFormat' };

// Groups of thousands never follow a lone zero: "0.500" is a half written the other language's way, never 500.
const GROUPED = /^[1-9]\d{0,2}(\.\d{3})+$/;
const CURRENCY_MARK = /^(kr\.?|€|\$|£|[A-Za-z]{3})|(kr\.?|€|\$|£|[A-Za-z]{3})$/gi;

/**
 * The digits and marks of an amount as typed ("1.234,50" of "-EUR 1.234,50"), without spaces, a currency's
 * symbol, code or "kr.", and its sign; undefined when anything else is left.
 */
export function amountMarks(input: string): { negative: boolean; body: string } | undefined {
  let text = input.replace(/[\s\u00a0\u202f]/g, '');
  // The minus before or after the currency: "-EUR 5" as the app shows it, or "EUR -5".
  let negative = text.startsWith('-');
  text = text.replace(/^-/, '').replace(CURRENCY_MARK, '');
  if (!negative && text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  return /^[0-9.,]+$/.test(text) ? { negative, body: text } : undefined;
}

/**
 * Reads an amount typed as the page's language writes it and returns the spec's string.
 *
 * Icelandic (`is`): "1.234.567" → "1234567", "1.234,50" → "1234.50". Plain "1234567" and "1234.50" are
 * accepted too. A single dot followed by exactly three digits is a thousands separator unless the
 * currency has three decimals ("1.234" ISK → "1234", "1.234" KWD → "1.234").
 *
 * English (`en`): the marks change places, "1,234,567" → "1234567", "1,234.50" → "1234.50", and a single
 * comma followed by three digits always groups thousands ("1,234" KWD → "1234"); "12,5" is read as 12.5.
 * So an amount typed the Icelandic way on an English page ("12.500") is read the English way, as 12.5,
 * which ISK and EUR refuse for its decimals: it is never read as a thousand times less or more.
 *
 * A lone zero before the thousands mark is never thousands: "0.500" (is) or "0,500" (en) is "0.500", which ISK and
 * EUR refuse for its decimals, never 500.
 *
 * Zero decimals the currency lacks are dropped where they cannot be thousands: "2.750,00" ISK → "2750".
 *
 * Spaces, "kr." and a currency symbol or code are ignored, so what the app shows ("12.500 kr.",
 * "-EUR 1,234.50") reads back as the same amount. The result is not checked against the currency; the
 * schema does that.
 */
export function parseAmountInput(input: string, currency: string, locale: Locale = 'is'): ParseAmountResult {
  const fail: ParseAmountResult = {
    ok: false,
    error: locale === 'en' ? 'validation.amountInput.englishFormat' : 'validation.amountInput.format',
  };
  const marked = amountMarks(input);
  if (!marked) return fail;
  const { negative } = marked;
  let text = marked.body;
  // Read in the Icelandic marks from here on: English swaps them.
  if (locale === 'en') text = text.replace(/[.,]/g, (mark) => (mark === '.' ? ',' : '.'));

  let whole: string;
  let fraction: string | undefined;
  const commas = text.split(',');
  if (commas.length > 2) return fail;
  if (commas.length === 2) {
    [whole = '', fraction] = commas;
    if (whole.includes('.') && !GROUPED.test(whole)) return fail;
    whole = whole.replaceAll('.', '');
  } else {
    const dots = text.split('.');
    if (dots.length > 2) {
      if (!GROUPED.test(text)) return fail;
      whole = text.replaceAll('.', '');
    } else if (dots.length === 2) {
      const [left = '', right = ''] = dots;
      const threeDecimals = (minorUnits(currency) ?? 2) >= 3;
      const thousands = right.length === 3 && (locale === 'en' || !threeDecimals) && GROUPED.test(text);
      whole = thousands ? left + right : left;
      fraction = thousands ? undefined : right;
    } else {
      whole = text;
    }
  }
  if (!/^\d+$/.test(whole) || (fraction !== undefined && !/^\d+$/.test(fraction))) return fail;
  whole = whole.replace(/^0+(?=\d)/, '');
  // Zero decimals the currency lacks ("2.750,00" krónur, as a spreadsheet writes them) are dropped; never
  // three digits, which may be thousands typed the other language's way.
  const digits = minorUnits(currency) ?? 2;
  if (fraction && fraction.length <= 2 && fraction.length > digits && /^0+$/.test(fraction.slice(digits)))
    fraction = digits === 0 ? undefined : fraction.slice(0, digits);
  const amount = `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`;
  return { ok: true, amount };
}
