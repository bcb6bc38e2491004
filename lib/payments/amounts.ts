import type { Money } from '@/lib/bank/costs';
import type { Payment } from '@/lib/db/schema';
import { sumByCurrency } from './money';
import type { StoryBulkLine } from './story';

/**
 * What a payment is for, one amount per currency: a single payment's or a standing order's amount; a bulk's
 * payments added up by currency, in the order the PSU entered them (a bulk may mix currencies, spec 2.3, and
 * its one stored amount is only its first currency's total).
 */
export function paymentAmounts(
  payment: Pick<Payment, 'service' | 'body' | 'amount' | 'currency'> & Partial<Pick<Payment, 'listOverview'>>,
): Money[] {
  // A bulk's own overview, kept when it was saved (a list reads the bulk without its payments).
  if (payment.listOverview) return payment.listOverview.amounts;
  const rows = payment.service === 'bulk-payments' ? payment.body.payments : undefined;
  const amounts = Array.isArray(rows)
    ? rows.flatMap((row) => {
        const instructed = (row as { instructedAmount?: { amount?: unknown; currency?: unknown } })
          ?.instructedAmount;
        return typeof instructed?.amount === 'string' && typeof instructed.currency === 'string'
          ? [{ amount: instructed.amount, currency: instructed.currency }]
          : [];
      })
    : [];
  if (amounts.length === 0) return [{ amount: payment.amount, currency: payment.currency }];
  return sumByCurrency(amounts).map(({ amount, currency }) => ({ amount, currency }));
}

type BulkLineResult = Pick<StoryBulkLine, 'amount' | 'currency' | 'status' | 'errorCodes'>;

/** Whether the bank rejected this payment of a bulk: its status says so, or it gave errors for it. */
export function rejectedByBank(line: Pick<BulkLineResult, 'status' | 'errorCodes'>): boolean {
  return line.status === 'RJCT' || line.errorCodes.length > 0;
}

/** What these payments of a bulk come to, added up by currency; a payment with no amount adds nothing. */
export function bulkLinesTotal(lines: readonly Pick<StoryBulkLine, 'amount' | 'currency'>[]): Money[] {
  return sumByCurrency(
    lines.flatMap((line) =>
      line.amount && line.currency ? [{ amount: line.amount, currency: line.currency }] : [],
    ),
  ).map(({ amount, currency }) => ({ amount, currency }));
}

/**
 * A bulk's amounts as the bank's results split them: of the payments it rejected (`rejected`, how many in
 * `rejectedCount`) and of the rest, which are what its account pays (`rest`), each added up by currency. Null
 * where the bank rejected none of them (or has not said yet): the bulk's total is then what the account pays.
 */
export function bulkAmountsSplit(
  lines: readonly BulkLineResult[],
): { rejected: Money[]; rejectedCount: number; rest: Money[] } | null {
  const rejected = lines.filter(rejectedByBank);
  if (rejected.length === 0) return null;
  return {
    rejected: bulkLinesTotal(rejected),
    rejectedCount: rejected.length,
    rest: bulkLinesTotal(lines.filter((line) => !rejectedByBank(line))),
  };
}
