import { bankName } from '@/lib/bank/directory';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { csvCell } from '@/lib/security/spreadsheet-cell';
import {
  bulkLineWords,
  exportTranslator,
  generatedBulkInWords,
  MEMBER_COLUMNS,
  membersInWords,
  statusInWords,
} from './export-words';
import { allMatchingPayments, type HistoryFilters } from './history-query';
import { bulkLinesOf } from './story';
import { type MaybeListed, toPaymentView } from './view';

const headers = {
  en: [
    'created (Iceland time)',
    'payment date',
    'payment id',
    'type',
    'recipient',
    'recipient account',
    'reference',
    'amount',
    'currency',
    'status',
    'bank',
    'on behalf of',
    'final recipient',
    'recipient address',
    'recipient bank',
    'purpose code (textalykill)',
    'who pays the charges',
    'account for the charges',
    'rate contract',
  ],
  is: [
    'stofnuð (íslenskur tími)',
    'greiðsludagur',
    'auðkenni',
    'tegund',
    'viðtakandi',
    'reikningur viðtakanda',
    'tilvísun',
    'upphæð',
    'gjaldmiðill',
    'staða',
    'banki',
    'fyrir hönd',
    'endanlegur viðtakandi',
    'heimilisfang viðtakanda',
    'banki viðtakanda',
    'textalykill',
    'hver greiðir kostnaðinn',
    'kostnaður tekinn af reikningi',
    'gengissamningur',
  ],
} as const;

/**
 * How the file is written: this plain CSV for machines is comma-separated; the one for Icelandic Excel
 * (`;` between cells, `,` in numbers) is export-excel-csv.ts.
 */
export interface CsvLayout {
  separator: ',' | ';';
}

export const COMMA_SEPARATED: CsvLayout = { separator: ',' };

/**
 * A moment on Iceland's clock (Atlantic/Reykjavik: UTC all year since 1968, so the UTC fields are the
 * time in Iceland) as spreadsheets read a date and time in either language: "2026-12-07 13:05:09".
 */
export function reykjavikTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A payment's lines, the status and type in words of the language, the time in Iceland: one, or a bulk's payments
 * each on its own (whom it paid, how much, and what the bank said of it where that differs from the bulk), so that
 * the file names everyone paid and its amounts add up to what was debited; each with the bulk's id, time and bank,
 * and what more the bank holds of the payment (spec 2.6), as its receipt says it.
 */
export function paymentCsvLines(payment: MaybeListed, locale: Locale, layout: CsvLayout = COMMA_SEPARATED) {
  const t = exportTranslator(locale);
  const words = (key: string, fallback: string) => (t.has(key) ? t(key) : fallback);
  const view = toPaymentView(payment, []);
  const status = statusInWords(t, view.displayStatus, view.outcome, payment.service);
  // What more the bank holds of it (spec 2.6), the accounts as the payment gives them; a bulk's on each of its lines.
  const members = membersInWords(payment, locale, (account) => account);
  // A bulk whose id the form made, as the payments list names it.
  const reference = generatedBulkInWords(payment, locale) ?? view.reference;
  const line = (
    cells: Record<
      'kind' | 'name' | 'account' | 'reference' | 'amount' | 'currency' | 'status',
      string | null
    >,
  ) =>
    [
      reykjavikTime(payment.createdAt),
      // The day it is paid on (yyyy-mm-dd): as soon as possible, the day the bank reported it paid, empty before.
      view.payDay ?? '',
      view.id,
      cells.kind,
      cells.name,
      cells.account,
      cells.reference,
      cells.amount,
      cells.currency,
      cells.status,
      bankName(payment.bankId) ?? payment.bankId,
      ...MEMBER_COLUMNS.map((column) => members[column]),
    ]
      .map((value) => csvCell(value, layout.separator))
      .join(layout.separator);
  const bulk = payment.service === 'bulk-payments' ? bulkLinesOf(payment) : [];
  if (bulk.length === 0) {
    return [
      line({
        kind: words(`payments.service.${view.service}`, view.service),
        name: view.creditorName,
        account: view.creditorAccount,
        reference,
        // A bulk in several currencies: its totals side by side, each with its currency in the next column.
        amount: view.amounts.map((money) => money.amount).join(' + '),
        currency: view.amounts.map((money) => money.currency).join(' + '),
        status,
      }),
    ];
  }
  return bulk.map((payee) => {
    const words = bulkLineWords(t, payee, bulk.length, view.displayStatus, locale);
    return line({
      kind: words.kind,
      name: payee.name,
      account: payee.account,
      reference: payee.message ?? reference,
      amount: payee.amount,
      currency: payee.currency,
      status: words.status ?? status,
    });
  });
}

export async function paymentsCsv(
  db: Db,
  psuId: string,
  filters: HistoryFilters,
  locale: Locale,
  layout: CsvLayout = COMMA_SEPARATED,
) {
  const lines = [headers[locale].join(layout.separator)];
  for await (const payment of allMatchingPayments(db, psuId, { ...filters, after: undefined })) {
    lines.push(...paymentCsvLines(payment, locale, layout));
  }
  // A byte-order mark lets spreadsheet programs read Icelandic letters as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
