import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { defuseFormula } from '@/lib/security/spreadsheet-cell';
import { exportTranslator, MEMBER_COLUMNS, type PaymentInWords, paymentLinesInWords } from './export-words';
import { allMatchingPayments, type HistoryFilters } from './history-query';

/**
 * The payments as Excel opens them in an Icelandic locale, by double-click:
 * - `;` between cells, since `,` is the Icelandic decimal mark (Excel takes the list separator of the
 *   locale, `;` in Icelandic);
 * - UTF-8 with a byte-order mark, so þ, ð, æ and ö arrive as themselves;
 * - times as "dd.mm.yyyy HH:MM" in Iceland's time, which Icelandic Excel reads as a date and time;
 * - amounts with `,` for decimals and no thousands mark ("1234,50", "12500"): Icelandic Excel reads that
 *   as a number to sum, and nothing in it can be taken for a date or for thousands; "1.234,50" would also
 *   be read in Icelandic, but a "1.500" ISK would be read as 1500 in one locale and 1,5 in another;
 * - statuses and kinds in words, in the chosen language, with the bank's code in a column of its own;
 * - who pays the charges in words, the recipient's address on one line.
 */
const COLUMNS = [
  'created',
  'payDay',
  'kind',
  'name',
  'account',
  'reference',
  'amount',
  'currency',
  'status',
  'statusCode',
  'bank',
  'id',
  // What more the bank holds of the payment (spec 2.6), as its receipt says it.
  ...MEMBER_COLUMNS,
] as const satisfies readonly (keyof PaymentInWords)[];

/**
 * A cell of the file: a leading =, +, -, @ defused (never a formula; a negative amount, a number and nothing
 * else, is left to be summed), quoted when it holds ; " or a line break.
 */
export function excelCell(value: string): string {
  const text = /^-\d+(,\d+)?$/.test(value) ? value : defuseFormula(value);
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** An amount as Icelandic Excel reads a number: `,` for decimals, no thousands mark. */
export const excelAmount = (amount: string) => amount.replace('.', ',');

export function excelRow(row: PaymentInWords): string {
  return COLUMNS.map((column) => excelCell(column === 'amount' ? excelAmount(row.amount) : row[column])).join(
    ';',
  );
}

export async function paymentsExcelCsv(db: Db, psuId: string, filters: HistoryFilters, locale: Locale) {
  const t = exportTranslator(locale);
  const lines = [COLUMNS.map((column) => excelCell(t(`exports.columns.${column}`))).join(';')];
  for await (const payment of allMatchingPayments(db, psuId, { ...filters, after: undefined })) {
    for (const row of paymentLinesInWords(payment, locale)) lines.push(excelRow(row));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
