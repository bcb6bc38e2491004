import type { Queryable } from '../db/db.js';
import { type ClaimRow, claimPayments, insertClaim, nextClaimNumber } from '../db/queries/claims.js';
import { fromMinorUnits } from '../shared/money.js';

/**
 * Claims (IOBWS-Claims 3.1 / ÍST TS 315 in spirit, small). A claim's id is the standard composite key:
 * claimant kennitala (10) + bank branch (4) + ledger `66` + claim number (6) + `+` + due date (YYYYMMDD),
 * e.g. `5501692829015966000001+20260415`. The bank branch is that of the deposit account, the claimant's
 * own ISK account into which the claim is paid.
 */
export interface NewClaim {
  claimantUsername: string;
  claimantKennitala: string;
  claimantName: string;
  payorId: string;
  depositIban: string;
  currency: string;
  amountMinor: bigint;
  dueDate: string;
  reference: string | null;
  partialAllowed: boolean;
  now: number;
}

export function claimIdFor(claimantKennitala: string, depositIban: string, claimNo: number, dueDate: string) {
  const bank = depositIban.slice(4, 8);
  return `${claimantKennitala}${bank}66${String(claimNo).padStart(6, '0')}+${dueDate.replaceAll('-', '')}`;
}

/** Inserts a claim with the claimant's next claim number; run it in a transaction (the numbering is locked). */
export async function createClaim(tx: Queryable, claim: NewClaim): Promise<ClaimRow> {
  const claimNo = await nextClaimNumber(tx, claim.claimantKennitala);
  return insertClaim(tx, {
    id: claimIdFor(claim.claimantKennitala, claim.depositIban, claimNo, claim.dueDate),
    claim_no: claimNo,
    claimant_username: claim.claimantUsername,
    claimant_kennitala: claim.claimantKennitala,
    claimant_name: claim.claimantName,
    payor_id: claim.payorId,
    deposit_iban: claim.depositIban,
    currency: claim.currency,
    amount_minor: claim.amountMinor,
    due_date: claim.dueDate,
    reference: claim.reference,
    partial_allowed: claim.partialAllowed,
    created_at: claim.now,
  });
}

/** The JSON of a claim: IOBWS names where they exist (claimKey, payorId, claimStatus, amount, totalAmountDue, …). */
export async function claimJson(db: Queryable, row: ClaimRow, publicUrl: string) {
  const amount = BigInt(row.amount_minor);
  const paid = BigInt(row.paid_minor);
  const due = amount > paid ? amount - paid : 0n;
  const money = (minor: bigint) => Number(fromMinorUnits(minor, row.currency));
  const payments = await claimPayments(db, row.id);
  return {
    claimId: row.id,
    claimKey: {
      claimantId: row.claimant_kennitala,
      account: `${row.deposit_iban.slice(4, 8)}66${String(row.claim_no).padStart(6, '0')}`,
      dueDate: row.due_date,
    },
    claimantName: row.claimant_name,
    payorId: row.payor_id,
    claimStatus: row.status,
    isPartiallyPaid: row.status === 'Unpaid' && paid > 0n,
    isPartialPaymentAllowed: row.partial_allowed,
    currency: row.currency,
    amount: money(amount),
    amountPaid: money(paid),
    totalAmountDue: money(due),
    dueDate: row.due_date,
    finalDueDate: row.due_date,
    reference: row.reference,
    depositAccount: { iban: row.deposit_iban },
    closingDate: row.closing_date,
    createdDate: new Date(row.created_at).toISOString(),
    lastChangeDate: new Date(row.updated_at).toISOString(),
    payments: payments.map((p) => ({
      paymentId: p.payment_id,
      elementIndex: p.element_index,
      amount: money(BigInt(p.amount_minor)),
      partialPayment: p.partial,
      bookedAt: new Date(p.at).toISOString(),
    })),
    links: [{ rel: 'self', href: `${publicUrl}${claimPath(row.id)}`, method: 'GET' }],
  };
}

export function claimPath(claimId: string): string {
  return `/business/claims/${claimId}`;
}
