import { linkedKennitala } from '@/lib/auth/identity';
import { CLAIM_STATUSES, type ClaimStatus, payable } from '@/lib/bank/claims';
import { bankName } from '@/lib/bank/directory';
import type { Db } from '@/lib/db';
import type { Bill } from '@/lib/db/bills-schema';
import { billsOf, paymentsReferencing } from '@/lib/db/queries/bills';
import { normalizeIban } from '@/lib/payments/accounts';
import { type BillView, claimNumberOf } from './bill-view';

/** A status the bank gave that this app does not know is shown as open: it is never taken for paid. */
function billStatus(status: string): ClaimStatus {
  return (CLAIM_STATUSES as readonly string[]).includes(status) ? (status as ClaimStatus) : 'Unpaid';
}

function toView(bill: Bill, payment: { id: string; transactionStatus: string | null } | undefined): BillView {
  return {
    bankId: bill.bankId,
    bankName: bankName(bill.bankId) ?? null,
    claimId: bill.claimId,
    claimNumber: claimNumberOf(bill.claimId),
    claimantName: bill.claimantName,
    status: billStatus(bill.status),
    partiallyPaid: bill.isPartiallyPaid,
    payable: payable({ claimStatus: billStatus(bill.status), depositAccount: { iban: bill.depositIban } }),
    amount: bill.amount,
    totalAmountDue: bill.totalAmountDue,
    currency: bill.currency,
    dueDate: bill.dueDate,
    reference: bill.reference,
    paidEventAt: bill.paidEventAt?.toISOString() ?? null,
    payment: payment ? { id: payment.id, transactionStatus: payment.transactionStatus } : null,
  };
}

/** The PSU's verified kennitala, the payor id of their claims; null until an identity provider linked one. */
export async function payorIdOf(psuId: string, db: Db): Promise<string | null> {
  return linkedKennitala(psuId, db);
}

export async function billViews(db: Db, psuId: string, payorId: string): Promise<BillView[]> {
  const rows = await billsOf(db, payorId);
  const payments = await paymentsReferencing(
    db,
    psuId,
    rows.map((row) => row.claimId),
  );
  // A bill's payment is the latest one to its deposit account with its claim id, as its pay form sends
  // it: a payment to someone else that happens to carry the same text is not the bill's.
  return rows.map((row) =>
    toView(
      row,
      payments.find(
        (payment) =>
          payment.reference === row.claimId &&
          normalizeIban(payment.creditorAccount) === normalizeIban(row.depositIban),
      ),
    ),
  );
}
