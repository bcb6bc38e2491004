import { eq } from 'drizzle-orm';
import { toBulkResults } from '@/lib/bank/bulk-results';
import { readPaymentInformation } from '@/lib/bank/payments';
import type { Db } from '@/lib/db';
import { type Payment, payments } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { inPaymentBank } from './payment-bank';
import { bankRefOf } from './sca';

// Bulk statuses after which the bank has decided each payment: some rejected (PART), all rejected
// (RJCT), or carried out (ACSC, ACCC, ACWP).
const decided = new Set(['PART', 'RJCT', 'ACSC', 'ACCC', 'ACWP']);

/** A bulk payment whose results per payment are to be read: it has ended, and not been read since. */
export function bulkResultsDue(payment: Pick<Payment, 'service' | 'transactionStatus' | 'bulkResults'>) {
  const status = payment.transactionStatus;
  return (
    payment.service === 'bulk-payments' &&
    status !== null &&
    decided.has(status) &&
    payment.bulkResults?.bulkStatus !== status
  );
}

/**
 * Reads the payment information of a bulk that has ended and keeps what it says of each payment
 * (lib/bank/bulk-results.ts). A failed read is logged and tried again at the next reading of the
 * payment (the PSU opening it); the bulk's own status stands meanwhile.
 */
export async function syncBulkResults(db: Db, payment: Payment, status: string): Promise<void> {
  if (!payment.bankPaymentId) return;
  try {
    const ref = bankRefOf(payment, payment.bankPaymentId);
    const body = await inPaymentBank(payment, () => readPaymentInformation(ref));
    const results = toBulkResults(body, status);
    if (!results) {
      logger.warn({ paymentId: payment.id }, 'the bulk payment information has no list of payments');
      return;
    }
    await db.update(payments).set({ bulkResults: results }).where(eq(payments.id, payment.id));
  } catch (error) {
    logger.warn(
      { paymentId: payment.id, err: error instanceof Error ? error.message : error },
      'bulk payment information read failed',
    );
  }
}
