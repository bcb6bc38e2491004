import { formatNumber, SEPARATORS } from '@/lib/format/number';
import type { Locale } from '@/lib/i18n/routing';
import { amountMarks, minorUnits, parseAmountInput } from '@/lib/payments/money';
import { issueMessage } from '@/lib/payments/schemas/issue-message';

/**
 * Where a bulk row's amount cell comes from: a file, whose writer may have used either language's marks or the
 * bank's own form ("1500.50", spec 2.4), whatever the page's language; or the table, typed by the PSU in the
 * page's marks as the amount field reads them.
 */
export type AmountSource = 'file' | 'typed';

export type BulkAmount = { ok: true; amount: string } | { ok: false; message: string };

/** One mark between up to three digits and exactly three: thousands in one language, decimals in the other. */
const THOUSANDS_OR_DECIMALS = /^(\d{1,3})([.,])(\d{3})$/;

/**
 * Reads a bulk row's amount cell as the page's language writes amounts ("1.500,50" in Icelandic, "1,500.50" in
 * English, `parseAmountInput`), and the bank's own form ("1500.50"), never at an amount a thousand times more
 * or less than its writer meant:
 *
 * - A cell of one mark between one to three digits and three ("1.500", "1,500") is thousands in one language
 *   and three decimals in the other, or in the bank's form. From a file it is refused, naming both readings,
 *   unless its mark is the page's thousands mark and the currency has no decimals ("12.500" krónur on an
 *   Icelandic page, as the Icelandic template writes them, "12,500" on an English one): no one writes decimals
 *   of krónur. Typed, it is read as the amount field reads it, but refused when the page's reading has three
 *   decimals that the currency cannot have ("1,500" EUR on an Icelandic page): never "remove the extra
 *   decimals", which would pay a thousandth of what was meant.
 * - A cell that only the other language's marks read ("1,234.50" on an Icelandic page) is refused, showing
 *   the amount in the page's marks, as the amount field would refuse it.
 *
 * The amount is returned as the spec's string, not yet checked against the currency (the schema does that).
 */
export function readBulkAmount(
  text: string,
  currency: string,
  locale: Locale,
  source: AmountSource,
): BulkAmount {
  const digits = minorUnits(currency);
  const split = THOUSANDS_OR_DECIMALS.exec(amountMarks(text)?.body ?? '');
  if (split) {
    const [, whole = '', mark = '', fraction = ''] = split;
    const byPage = mark === SEPARATORS[locale].group ? 'thousands' : 'decimals';
    const wholeIsThousands = digits === 0 && !whole.startsWith('0');
    const pageReadingFits = digits === undefined || digits >= 3;
    const refused =
      source === 'file'
        ? !(byPage === 'thousands' && wholeIsThousands)
        : byPage === 'decimals' && !pageReadingFits;
    if (refused)
      return {
        ok: false,
        message: bothReadings(text.trim(), whole + fraction, `${whole}.${fraction}`, currency, locale),
      };
  }
  const read = parseAmountInput(text, currency, locale);
  if (read.ok) return { ok: true, amount: read.amount };
  const other = parseAmountInput(text, currency, locale === 'is' ? 'en' : 'is');
  if (other.ok)
    return {
      ok: false,
      message: issueMessage(
        locale === 'is' ? 'validation.amount.writeIcelandicMarks' : 'validation.amount.writeEnglishMarks',
        { typed: text.trim(), rewritten: formatNumber(other.amount, locale) },
      ),
    };
  return { ok: false, message: issueMessage(read.error) };
}

/**
 * The refusal of a cell that reads as `thousands` or as `decimals`: both shown in the page's marks, each in a form
 * that reads only one way (thousands with the currency's decimals, "1,500.00"; decimals without their trailing
 * zeros, "1.5"), unless the decimals are no amount of the currency.
 */
function bothReadings(
  typed: string,
  thousands: string,
  decimals: string,
  currency: string,
  locale: Locale,
): string {
  const digits = minorUnits(currency);
  const shownDigits = digits ?? 2;
  const whole = formatNumber(shownDigits > 0 ? `${thousands}.${'0'.repeat(shownDigits)}` : thousands, locale);
  const decimal = decimals.replace(/\.?0+$/, '');
  const decimalDigits = decimal.split('.')[1]?.length ?? 0;
  if (digits === 0 || decimalDigits > (digits ?? 3))
    return issueMessage('validation.amount.thousandsOrTooManyDecimals', { typed, whole, currency });
  return issueMessage('validation.amount.thousandsOrDecimals', {
    typed,
    whole,
    decimal: formatNumber(decimal, locale),
  });
}
