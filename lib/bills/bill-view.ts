import type { ClaimStatus, NotPayableWhy } from '@/lib/bank/claims';

/** A bill as the PSU's page shows it, with the PSU's latest payment of it, if any. */
export interface BillView {
  /** The directory's id of the bank whose claims interface holds the claim, and its name (null if no longer listed). */
  bankId: string;
  bankName: string | null;
  claimId: string;
  /** The claim's number as people read it, "0130-66-000123" (bank, ledger 66, number), where the id holds one. */
  claimNumber: string | null;
  claimantName: string;
  status: ClaimStatus;
  /**
   * Part of it was paid (the claim's `isPartiallyPaid`): `amount` is what it was, `totalAmountDue` what is left, null
   * where the bank did not say.
   */
  partiallyPaid: boolean;
  /** Open, and the bank named the account it is paid into (lib/bank/claims.ts `payable`). */
  payable: boolean;
  /** Why an open bill is not payable here (lib/bills/payment-of-bill.ts `billNotPayableWhy`), null where it is. */
  notPayableWhy: NotPayableWhy | 'unreadable' | null;
  amount: string;
  totalAmountDue: string | null;
  currency: string;
  /** The discount the bank says is offered, where it gave one (components/bills/discount-note.tsx). */
  discountOffered: string | null;
  dueDate: string;
  /** The claim's final due date (eindagi), null where the bank gave none. */
  finalDueDate: string | null;
  reference: string | null;
  /** When the bank's `claim.paid` notice told us it was paid. */
  paidEventAt: string | null;
  /**
   * The PSU's latest payment of it, with the day the bank reported it paid (null until then); `failed` when the
   * bank refused, rejected or cancelled it.
   */
  payment: { id: string; transactionStatus: string | null; paidDay: string | null; failed: boolean } | null;
  /**
   * A payment of the bill that can still succeed (lib/bills/payment-of-bill.ts): while there is one, the
   * bill is not offered for paying again. `paymentId` when it is this PSU's own.
   */
  paying: { paymentId: string | null } | null;
  /** The PSU's own payments of it that the bank reported paid, oldest first, with that day: of a part, where open. */
  partPayments: { id: string; paidDay: string }[];
}

/** Worth asking again soon: a bill is open while a payment of it is under way or settled. */
export function awaitingEvent(views: BillView[]): boolean {
  return views.some((view) => view.status === 'Unpaid' && view.paying !== null);
}

/**
 * The claim number of the reference's composite claim id (claimant's kennitala, bank, ledger 66, number,
 * `+`, due date YYYYMMDD, lib/bank/claims.ts `claimIdOf`) as Icelandic banks print it: "0130-66-000123".
 * Null for an id of another shape: it is then not shown to the PSU at all.
 */
export function claimNumberOf(claimId: string): string | null {
  const match = /^\d{10}(\d{4})66(\d{6})\+\d{8}$/.exec(claimId);
  return match ? `${match[1]}-66-${match[2]}` : null;
}
