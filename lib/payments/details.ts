import { eq } from 'drizzle-orm';
import { toPaymentDetails } from '@/lib/bank/payment-details';
import { readPaymentInformation } from '@/lib/bank/payments';
import type { Db } from '@/lib/db';
import { type Payment, payments } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { inPaymentBank } from './payment-bank';
import { bankRefOf } from './sca';

// Before the PSU's authorisation the bank has decided nothing (RCVD, PATC); after a rejection or a
// cancellation it pays nothing (RJCT, CANC): what it holds of the payment then adds nothing to the page.
const undecided = new Set(['RCVD', 'PATC', 'RJCT', 'CANC']);

/**
 * A single payment or standing order the bank has accepted, whose details it has not been asked for
 * since its status last changed: what the bank holds (the date it pays on above all: an ACWC may have
 * moved it) follows the status. A bulk's payments are read by ./bulk-results.ts once it has ended.
 */
export function detailsDue(
  payment: Pick<Payment, 'service' | 'bankPaymentId' | 'bankDetails'>,
  status: string,
) {
  return (
    payment.service !== 'bulk-payments' &&
    payment.bankPaymentId !== null &&
    !undecided.has(status) &&
    payment.bankDetails?.status !== status
  );
}

/**
 * Reads the payment information (spec 2.6) and keeps what it says. A failed read is logged and tried
 * again at the next reading of the payment; what we hold meanwhile stands.
 */
export async function syncPaymentDetails(db: Db, payment: Payment, status: string): Promise<void> {
  if (!payment.bankPaymentId) return;
  try {
    const ref = bankRefOf(payment, payment.bankPaymentId);
    // At the payment's own bank, and in its audit trail under the payment and its PSU.
    const body = await inPaymentBank(payment, () => readPaymentInformation(ref));
    await db
      .update(payments)
      .set({ bankDetails: toPaymentDetails(body, status) })
      .where(eq(payments.id, payment.id));
  } catch (error) {
    logger.warn(
      { paymentId: payment.id, err: error instanceof Error ? error.message : error },
      'payment information read failed',
    );
  }
}
