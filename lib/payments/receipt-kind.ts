import type { Payment } from '@/lib/db/schema';
import { declinedAtBank } from './outcome';
import { isFinalStatus } from './status';

/**
 * What a PSU may keep of a payment: a receipt only for what was paid (ACSC, ACCC; a bulk partly paid,
 * PART), titled as such; a statement of what happened for one the bank rejected or cancelled, or never
 * accepted, or that the PSU did not confirm at the bank (declined there: RJCT after a failed SCA); nothing
 * for a payment under way, nor for ACWP (accepted without reaching the recipient's account: the PSU is told
 * to ask the bank) or a standing order, which pays on dates of its own.
 */
export type ReceiptKind = 'paid' | 'partial' | 'rejected' | 'declined' | 'cancelled' | 'refused';

export function receiptKind(
  payment: Pick<Payment, 'phase' | 'transactionStatus' | 'service'> &
    Partial<Pick<Payment, 'sca' | 'bulkResults'>>,
): ReceiptKind | null {
  if (payment.phase === 'refused') return 'refused';
  if (payment.phase !== 'initiated') return null;
  switch (payment.transactionStatus) {
    case 'ACSC':
    case 'ACCC':
      return payment.service === 'periodic-payments' && !isFinalStatus(payment.transactionStatus, payment)
        ? null
        : 'paid';
    case 'PART':
      // Some accepted, the others rejected (spec part 3): a receipt once the bank says a payment of it was paid.
      return payment.bulkResults?.payments?.some((one) =>
        ['ACSC', 'ACCC'].includes(one.transactionStatus ?? ''),
      )
        ? 'partial'
        : null;
    case 'RJCT':
      return declinedAtBank(payment.transactionStatus, payment.sca?.scaStatus) ? 'declined' : 'rejected';
    case 'CANC':
      return 'cancelled';
    default:
      return null;
  }
}
