import { bankName } from '@/lib/bank/directory';
import type { Db } from '@/lib/db';
import { allMatchingPayments, type HistoryFilters } from './history-query';
import { toPaymentView } from './view';

const headers = {
  en: [
    'created',
    'payment id',
    'type',
    'recipient',
    'recipient account',
    'reference',
    'amount',
    'currency',
    'status',
    'bank',
  ],
  is: [
    'stofnuð',
    'auðkenni',
    'tegund',
    'viðtakandi',
    'reikningur viðtakanda',
    'tilvísun',
    'upphæð',
    'gjaldmiðill',
    'staða',
    'banki',
  ],
} as const;

/**
 * A cell as spreadsheets read it safely: quoted when needed, and a leading =, +, - or @ defused so
 * that a creditor name can never run as a formula.
 */
function cell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function paymentsCsv(db: Db, psuId: string, filters: HistoryFilters, locale: 'is' | 'en') {
  const lines = [headers[locale].join(',')];
  for await (const payment of allMatchingPayments(db, psuId, { ...filters, after: undefined })) {
    const view = toPaymentView(payment, []);
    lines.push(
      [
        view.createdAt,
        view.id,
        view.service,
        view.creditorName,
        view.creditorAccount,
        view.reference,
        view.amount,
        view.currency,
        view.displayStatus,
        bankName(payment.bankId) ?? payment.bankId,
      ]
        .map(cell)
        .join(','),
    );
  }
  // A byte-order mark lets spreadsheet programs read Icelandic letters as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
