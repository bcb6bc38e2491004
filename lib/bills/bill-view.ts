import type { ClaimStatus } from '@/lib/bank/claims';

/** A bill as the PSU's page shows it, with the PSU's latest payment of it, if any. */
export interface BillView {
  /** The directory's id of the bank whose claims interface holds the claim, and its name (null if no longer listed). */
  bankId: string;
  bankName: string | null;
  claimId: string;
  claimantName: string;
  status: ClaimStatus;
  partiallyPaid: boolean;
  /** Open, and the bank named the account it is paid into (lib/bank/claims.ts `payable`). */
  payable: boolean;
  amount: string;
  totalAmountDue: string;
  currency: string;
  dueDate: string;
  reference: string | null;
  /** When the bank's `claim.paid` notice told us it was paid. */
  paidEventAt: string | null;
  payment: { id: string; transactionStatus: string | null } | null;
  /**
   * A payment of the bill that can still succeed (lib/bills/payment-of-bill.ts): while there is one, the
   * bill is not offered for paying again. `paymentId` when it is this PSU's own.
   */
  paying: { paymentId: string | null } | null;
}

/** Worth asking again soon: a bill is open while a payment of it is under way or settled. */
export function awaitingEvent(views: BillView[]): boolean {
  return views.some((view) => view.status === 'Unpaid' && view.paying !== null);
}
