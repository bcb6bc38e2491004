import type { Db } from '../db/db.js';
import { sandboxNow } from '../db/queries/clock.js';
import { changingPayment, type PaymentRow } from '../db/queries/payments.js';
import { cancellationNeedsSca } from '../sca/decisions.js';
import { cancelPayment } from './approval.js';

/**
 * DELETE on a payment: cancelled at once before SCA (RCVD, PATC, and an IOBWS payment that is not yet executing);
 * with the PSU's authorisation once authorised but not yet executing (ACTC, PDNG, ACWC, a standing order in
 * ACSP); afterwards not at all. Decided on the payment as it is when held, not as the request first read it: the
 * bank's steps may have moved it on meanwhile; `transactionStatus` is that status.
 */
export async function cancelByTpp(
  db: Db,
  payment: PaymentRow,
): Promise<{ outcome: 'cancelled' | 'needs-sca' | 'too-late'; transactionStatus: string }> {
  return changingPayment(db, payment.id, async (tx, held) => {
    const current = held ?? payment;
    const immediate =
      current.transaction_status === 'RCVD' ||
      current.transaction_status === 'PATC' ||
      (current.sca_approach === 'IOBWS' && cancellationNeedsSca(current));
    const { transaction_status: transactionStatus } = current;
    if (!immediate)
      return { outcome: cancellationNeedsSca(current) ? 'needs-sca' : 'too-late', transactionStatus };
    await cancelPayment(tx, current.id, 'cancelled by the TPP', await sandboxNow(tx));
    return { outcome: 'cancelled', transactionStatus: 'CANC' };
  });
}

/**
 * (extra) The PSU stops the payment in the bank's own online bank, where no TPP is asked: cancelled wherever a TPP's
 * cancellation could still be (RCVD, PATC, or with the PSU's authorisation: ./cancellation.ts's `cancelByTpp`), at
 * once, the PSU being signed in there. A TPP's cancellation authorisation left open stays as it was, never
 * finalised: its `scaStatus` tells the TPP that its own cancellation did not end the payment.
 */
export async function stopInOnlineBank(
  db: Db,
  paymentId: string,
): Promise<{ outcome: 'cancelled' | 'too-late' | 'unknown'; transactionStatus?: string }> {
  return changingPayment(db, paymentId, async (tx, held) => {
    if (!held) return { outcome: 'unknown' };
    const { transaction_status: transactionStatus } = held;
    if (transactionStatus !== 'RCVD' && transactionStatus !== 'PATC' && !cancellationNeedsSca(held))
      return { outcome: 'too-late', transactionStatus };
    await cancelPayment(tx, held.id, 'stopped by the PSU in their online bank', await sandboxNow(tx));
    return { outcome: 'cancelled', transactionStatus: 'CANC' };
  });
}
