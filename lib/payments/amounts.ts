import type { Money } from '@/lib/bank/costs';
import type { Payment } from '@/lib/db/schema';
import { sumByCurrency } from './money';

/**
 * What a payment is for, one amount per currency: a single payment's or a standing order's amount; a bulk's
 * payments added up by currency, in the order the PSU entered them (a bulk may mix currencies, spec 2.3, and
 * its one stored amount is only its first currency's total).
 */
export function paymentAmounts(payment: Pick<Payment, 'service' | 'body' | 'amount' | 'currency'>): Money[] {
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
