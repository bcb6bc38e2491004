import type { Db } from '@/lib/db';
import { formatAmount, formatDate, formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';
import { dayInReykjavik } from './calendar/date-time';
import {
  exportTranslator,
  icelandicDay,
  icelandicMoment,
  type PaymentInWords,
  payDayInWords,
  paymentLinesInWords,
} from './export-words';
import { allMatchingPayments } from './history-query';
import { minorUnits } from './money/minor-units';
import { type MaybeListed, payDayOf } from './view';

/** Paid, as far as the PSU is concerned: the money has left their account (spec part 3). */
const PAID = new Set(['ACSC', 'ACCC', 'ACWP']);

export interface StatementRow extends PaymentInWords {
  /** The amount as the statement's language writes it: "12.500 kr.", "ISK 12,500". */
  shownAmount: string;
}

/** A payments statement for a period, in one language: the same for the PDF and a test. */
export interface Statement {
  locale: Locale;
  title: string;
  period: string;
  issued: string;
  columns: { day: string; payDay: string; name: string; reference: string; status: string; amount: string };
  rows: StatementRow[];
  empty: string;
  /**
   * What was paid in the period, per currency: "Greitt samtals: 187.500 kr."; with several currencies each names
   * its own ("Paid in total in EUR: EUR 250.00"), so that no two lines both claim to be the total.
   */
  totals: string[];
  /**
   * Where a total is in a currency other than krónur: that it is the payments' own currency, not what left the
   * PSU's account (a payment in euros from a króna account took krónur at the bank's rate, plus fees).
   */
  totalsNote: string | null;
  footer: string;
}

/** The sum of decimal amounts of one currency, exactly (in minor units). */
function sum(amounts: readonly string[], currency: string): string {
  const digits = minorUnits(currency) ?? 3;
  let total = 0n;
  for (const amount of amounts) {
    const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
    const minor = BigInt(whole + fraction.padEnd(digits, '0').slice(0, digits));
    total += amount.startsWith('-') ? -minor : minor;
  }
  const negative = total < 0n;
  const text = (negative ? -total : total).toString().padStart(digits + 1, '0');
  const shown = digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
  return negative ? `-${shown}` : shown;
}

/** The statement of `payments` (newest first, as the list has them) for the days `from` to `to`. */
export function buildStatement(
  payments: readonly MaybeListed[],
  period: { from: string; to: string },
  locale: Locale,
  now: Date,
): Statement {
  const t = exportTranslator(locale);
  // Icelandic readers take "10.12.2026" as the exports write it; to an English reader it could be 12 October.
  const day = (iso: string) => (locale === 'is' ? icelandicDay(iso) : formatDate(iso, locale));
  const lines = payments.map((payment) => {
    const payDay = payDayOf(payment);
    const rows = paymentLinesInWords(payment, locale).map((row) => ({
      ...row,
      ...(locale === 'is'
        ? {}
        : {
            day: day(dayInReykjavik(payment.createdAt)),
            payDay: payDay ? payDayInWords(t, day(payDay), payment.service) : row.payDay,
          }),
      shownAmount: formatAmount(row.amount, row.currency, locale),
    }));
    return { payment, rows };
  });
  const rows = lines.flatMap((line) => line.rows);
  const paid = new Map<string, string[]>();
  // A standing order is listed, not summed: its status tells nothing of how many times it has paid.
  for (const line of lines) {
    if (line.payment.service === 'periodic-payments') continue;
    for (const row of line.rows)
      if (PAID.has(row.statusCode)) paid.set(row.currency, [...(paid.get(row.currency) ?? []), row.amount]);
  }
  const currencies = [...paid.keys()].sort((a, b) => a.localeCompare(b));
  return {
    locale,
    title: t('exports.statement.title'),
    period: t('exports.statement.period', { from: day(period.from), to: day(period.to) }),
    issued: t('exports.statement.issued', {
      at: locale === 'is' ? icelandicMoment(now).created : formatDateTime(now, locale),
    }),
    columns: {
      // The made day and the day it is paid on, named as the CSV names them.
      day: t('exports.columns.created'),
      payDay: t('exports.columns.payDay'),
      name: t('exports.statement.name'),
      reference: t('exports.statement.reference'),
      status: t('exports.statement.status'),
      amount: t('exports.statement.amount'),
    },
    rows,
    empty: t('exports.statement.empty'),
    totals: currencies.map((currency) => {
      const amount = formatAmount(sum(paid.get(currency) ?? [], currency), currency, locale);
      return currencies.length > 1
        ? t('exports.statement.totalIn', { currency, amount })
        : t('exports.statement.total', { amount });
    }),
    totalsNote: currencies.some((currency) => currency !== 'ISK') ? t('exports.statement.totalsNote') : null,
    footer: t('exports.statement.footer'),
  };
}

/** The signed-in PSU's statement for the days `from` to `to` (Icelandic calendar days), oldest first. */
export async function statementFor(
  db: Db,
  psuId: string,
  period: { from: string; to: string },
  locale: Locale,
  now = new Date(),
): Promise<Statement> {
  const payments: MaybeListed[] = [];
  for await (const payment of allMatchingPayments(db, psuId, period)) payments.push(payment);
  return buildStatement(payments.reverse(), period, locale, now);
}
