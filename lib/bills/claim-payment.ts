import { linkedKennitala } from '@/lib/auth/identity';
import { claimKeyOfId } from '@/lib/bank/claims';
import type { ClaimToPay } from '@/lib/bank/payments';
import type { Db } from '@/lib/db';
import { billsWithClaimIds } from '@/lib/db/queries/bills';
import type { Payment } from '@/lib/db/schema';
import { toMinorUnits } from '@/lib/payments/money/amount';

/**
 * The claim a payment pays, where it is a bill's payment (the bill it was saved naming, lib/bills/payment-of-bill.ts)
 * made by the PSU the bill is on, as a single credit transfer, with the bill's key read from its composite claim
 * id; undefined for any other payment, and for a bill whose claim id is not the reference's composite one (its key
 * is then not known here: it is paid as a credit transfer). lib/bank sends it as a claim payment where the bank
 * takes those.
 */
export async function claimPaidBy(
  db: Db,
  payment: Pick<
    Payment,
    'psuId' | 'service' | 'product' | 'amount' | 'currency' | 'billBankId' | 'billClaimId'
  >,
): Promise<ClaimToPay | undefined> {
  const { billBankId, billClaimId } = payment;
  if (payment.service !== 'payments' || payment.product !== 'credit-transfers' || !billBankId || !billClaimId)
    return undefined;
  const key = claimKeyOfId(billClaimId);
  if (!key) return undefined;
  const payorId = await linkedKennitala(payment.psuId, db);
  if (!payorId) return undefined;
  const bill = (await billsWithClaimIds(db, [billClaimId])).find(
    (row) => row.bankId === billBankId && row.payorId === payorId && row.currency === payment.currency,
  );
  if (!bill) return undefined;
  return {
    ...key,
    // Where the bank did not say what is left, a payment of the bill with an amount pays part of it
    // (./payment-of-bill.ts); one without pays what the bank says is due.
    partial:
      bill.totalAmountDue === null
        ? payment.amount !== ''
        : toMinorUnits(payment.amount, payment.currency) < toMinorUnits(bill.totalAmountDue, bill.currency),
  };
}
