import type { Db } from '../db/db.js';
import { sandboxNow } from '../db/queries/clock.js';
import type { PaymentRow } from '../db/queries/payments.js';
import { cancellationNeedsSca } from '../sca/decisions.js';
import { cancelPayment } from './approval.js';

/**
 * DELETE on a payment: cancelled at once before SCA (RCVD, PATC, and an IOBWS payment that is not yet executing);
 * with the PSU's authorisation once authorised but not yet executing (ACTC, PDNG, ACWC, a standing order in
 * ACSP); afterwards not at all.
 */
export async function cancelByTpp(
  db: Db,
  payment: PaymentRow,
): Promise<'cancelled' | 'needs-sca' | 'too-late'> {
  const immediate =
    payment.transaction_status === 'RCVD' ||
    payment.transaction_status === 'PATC' ||
    (payment.sca_approach === 'IOBWS' && cancellationNeedsSca(payment));
  if (immediate) {
    await db.transaction(async (tx) => {
      await cancelPayment(tx, payment.id, 'cancelled by the TPP', await sandboxNow(tx));
    });
    return 'cancelled';
  }
  return cancellationNeedsSca(payment) ? 'needs-sca' : 'too-late';
}
