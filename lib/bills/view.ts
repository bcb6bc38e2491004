import { linkedKennitala } from '@/lib/auth/identity';
import { CLAIM_STATUSES, type ClaimStatus } from '@/lib/bank/claims';
import { bankName } from '@/lib/bank/directory';
import type { Db } from '@/lib/db';
import type { Bill } from '@/lib/db/bills-schema';
import { billsOf, paymentsInFlightOfBills, paymentsReferencing } from '@/lib/db/queries/bills';
import { type BillView, claimNumberOf } from './bill-view';
import { billNotPayableWhy, canStillSucceed, paysBillByDeposit } from './payment-of-bill';

/** A status the bank gave that this app does not know is shown as open: it is never taken for paid. */
function billStatus(status: string): ClaimStatus {
  return (CLAIM_STATUSES as readonly string[]).includes(status) ? (status as ClaimStatus) : 'Unpaid';
}

type OwnPayment = { id: string; phase: string; transactionStatus: string | null; paidDay?: string | null };

function toView(
  bill: Bill,
  payment: OwnPayment | undefined,
  paying: BillView['paying'],
  partPayments: BillView['partPayments'],
): BillView {
  const notPayableWhy = billNotPayableWhy(bill) ?? null;
  return {
    bankId: bill.bankId,
    bankName: bankName(bill.bankId) ?? null,
    claimId: bill.claimId,
    claimNumber: claimNumberOf(bill.claimId),
    claimantName: bill.claimantName,
    status: billStatus(bill.status),
    partiallyPaid: bill.isPartiallyPaid,
    payable: billStatus(bill.status) === 'Unpaid' && notPayableWhy === null,
    notPayableWhy,
    amount: bill.amount,
    totalAmountDue: bill.totalAmountDue,
    currency: bill.currency,
    discountOffered: bill.discountOffered,
    dueDate: bill.dueDate,
    finalDueDate: bill.finalDueDate,
    reference: bill.reference,
    paidEventAt: bill.paidEventAt?.toISOString() ?? null,
    payment: payment
      ? {
          id: payment.id,
          transactionStatus: payment.transactionStatus,
          paidDay: payment.paidDay ?? null,
          failed: !canStillSucceed(payment),
        }
      : null,
    paying,
    partPayments,
  };
}

/** The PSU's verified kennitala, the payor id of their claims; null until an identity provider linked one. */
export async function payorIdOf(psuId: string, db: Db): Promise<string | null> {
  return linkedKennitala(psuId, db);
}

export async function billViews(db: Db, psuId: string, payorId: string): Promise<BillView[]> {
  const rows = await billsOf(db, payorId);
  const [payments, inFlight] = await Promise.all([
    paymentsReferencing(
      db,
      psuId,
      rows.map((row) => row.claimId),
    ),
    paymentsInFlightOfBills(
      db,
      rows.map((row) => ({ bankId: row.bankId, claimId: row.claimId, amountDue: row.totalAmountDue })),
    ),
  ]);
  return rows.map((row) => {
    // A bill's payment is the latest one to its deposit account with its claim id, as its pay form sends it.
    const ofBill = payments.filter((payment) => paysBillByDeposit(payment, row));
    const latest = ofBill[0];
    // Of a bill still open and partly paid, the PSU's payments the bank reported paid paid part of it.
    const partPayments = ofBill
      .flatMap(({ id, paidDay, ...payment }) =>
        paidDay && canStillSucceed(payment) ? [{ id, paidDay }] : [],
      )
      .reverse();
    // The payment that holds the bill for what is due on it now (the payor's: another PSU's payment is not linked
    // to it, see lib/bills/payment-of-bill.ts); or one of the PSU's saved before payments named their bill, that
    // can still succeed. A payment of part of the bill that the bank carried out holds it no longer.
    const holding = inFlight.find((p) => p.billBankId === row.bankId && p.billClaimId === row.claimId);
    const paying = holding
      ? { paymentId: holding.psuId === psuId ? holding.id : null }
      : latest && latest.billClaimId === null && canStillSucceed(latest)
        ? { paymentId: latest.id }
        : null;
    return toView(
      row,
      latest,
      paying,
      billStatus(row.status) === 'Unpaid' && row.isPartiallyPaid ? partPayments : [],
    );
  });
}
