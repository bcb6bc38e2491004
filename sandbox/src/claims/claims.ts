import type { Queryable } from '../db/db.js';
import { fromMinorUnits } from '../shared/money.js';

/**
 * Claims (IOBWS-Claims 3.1 / ÍST TS 315 in spirit, small). A claim's id is the standard composite key:
 * claimant kennitala (10) + bank branch (4) + ledger `66` + claim number (6) + `+` + due date (YYYYMMDD),
 * e.g. `5501692829015966000001+20260415`. The bank branch is that of the deposit account, the claimant's
 * own ISK account into which the claim is paid.
 */
export interface ClaimRow {
  id: string;
  claim_no: number;
  claimant_username: string;
  claimant_kennitala: string;
  claimant_name: string;
  payor_id: string;
  deposit_iban: string;
  currency: string;
  amount_minor: string;
  paid_minor: string;
  due_date: string;
  reference: string | null;
  partial_allowed: boolean;
  status: 'Unpaid' | 'Paid';
  closing_date: string | null;
  created_at: number;
  updated_at: number;
}

const COLUMNS = `id, claim_no, claimant_username, claimant_kennitala, claimant_name, payor_id, deposit_iban, currency,
  amount_minor::text AS amount_minor, paid_minor::text AS paid_minor, due_date, reference, partial_allowed, status,
  closing_date, created_at, updated_at`;

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

export async function insertClaim(tx: Queryable, claim: NewClaim): Promise<ClaimRow> {
  await tx.query('SELECT pg_advisory_xact_lock(4012, hashtext($1))', [claim.claimantKennitala]);
  const next = await tx.query<{ n: number }>(
    'SELECT coalesce(max(claim_no), 0)::int + 1 AS n FROM claims WHERE claimant_kennitala = $1',
    [claim.claimantKennitala],
  );
  const claimNo = next[0]?.n ?? 1;
  const rows = await tx.query<ClaimRow>(
    `INSERT INTO claims (id, claim_no, claimant_username, claimant_kennitala, claimant_name, payor_id, deposit_iban,
       currency, amount_minor, paid_minor, due_date, reference, partial_allowed, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::numeric, 0, $10, $11, $12, 'Unpaid', $13, $13) RETURNING ${COLUMNS}`,
    [
      claimIdFor(claim.claimantKennitala, claim.depositIban, claimNo, claim.dueDate),
      claimNo,
      claim.claimantUsername,
      claim.claimantKennitala,
      claim.claimantName,
      claim.payorId,
      claim.depositIban,
      claim.currency,
      claim.amountMinor.toString(),
      claim.dueDate,
      claim.reference,
      claim.partialAllowed,
      claim.now,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findClaim(db: Queryable, id: string): Promise<ClaimRow | undefined> {
  return (await db.query<ClaimRow>(`SELECT ${COLUMNS} FROM claims WHERE id = $1`, [id]))[0];
}

export async function listClaims(
  db: Queryable,
  filter: { payorId?: string; claimantKennitala?: string; status?: string },
): Promise<ClaimRow[]> {
  return db.query<ClaimRow>(
    `SELECT ${COLUMNS} FROM claims
     WHERE ($1::text IS NULL OR payor_id = $1) AND ($2::text IS NULL OR claimant_kennitala = $2)
       AND ($3::text IS NULL OR status = $3)
     ORDER BY due_date, id`,
    [filter.payorId ?? null, filter.claimantKennitala ?? null, filter.status ?? null],
  );
}

export async function claimPayments(db: Queryable, claimId: string) {
  return db.query<{
    payment_id: string;
    element_index: number;
    amount_minor: string;
    partial: boolean;
    at: number;
  }>(
    `SELECT payment_id, element_index, amount_minor::text AS amount_minor, partial, at FROM claim_payments
     WHERE claim_id = $1 ORDER BY id`,
    [claimId],
  );
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
