import { linkedKennitala } from '@/lib/auth/identity';
import type { ClaimToPay } from '@/lib/bank/payments';
import type { Db } from '@/lib/db';
import { billsWithClaimId } from '@/lib/db/queries/bills';
import { normalizeIban } from '@/lib/payments/accounts';
import { toMinorUnits } from '@/lib/payments/money/amount';

/** The reference's composite claim id: claimant, account (bank, branch, 66, number), `+`, due date YYYYMMDD. */
const COMPOSITE_CLAIM_ID = /^(\d{10})(\d{4}66\d{6})\+(\d{4})(\d{2})(\d{2})$/;

export interface BillPaymentCandidate {
  psuId: string;
  service: string;
  product: string;
  /** The message of the payment (a bill's pay form sends its claim id). */
  reference: string | null;
  creditorAccount: string;
  amount: string;
  currency: string;
}

/**
 * The claim a payment pays, where it is a bill's payment as the bill's pay form makes it (lib/bills/view.ts reads
 * the same: a single credit transfer to the bill's deposit account with its claim id as the message, by the PSU
 * the bill is on), with its key read from the claim id; undefined for any other payment, and for a bill whose
 * claim id is not the reference's composite one (its key is then not known here: it is paid as a credit transfer).
 * lib/bank sends it as a claim payment where the bank takes those.
 */
export async function claimPaidBy(db: Db, payment: BillPaymentCandidate): Promise<ClaimToPay | undefined> {
  if (payment.service !== 'payments' || payment.product !== 'credit-transfers' || !payment.reference)
    return undefined;
  const key = COMPOSITE_CLAIM_ID.exec(payment.reference);
  if (!key) return undefined;
  const payorId = await linkedKennitala(payment.psuId, db);
  if (!payorId) return undefined;
  const bill = (await billsWithClaimId(db, payorId, payment.reference)).find(
    (row) =>
      normalizeIban(row.depositIban) === normalizeIban(payment.creditorAccount) &&
      row.currency === payment.currency,
  );
  if (!bill) return undefined;
  const [, claimantId = '', account = '', year, month, day] = key;
  return {
    claimantId,
    account,
    dueDate: `${year}-${month}-${day}`,
    partial:
      toMinorUnits(payment.amount, payment.currency) < toMinorUnits(bill.totalAmountDue, bill.currency),
  };
}
