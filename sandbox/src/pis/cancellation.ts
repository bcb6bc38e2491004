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
