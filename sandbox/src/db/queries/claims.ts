import type { Queryable } from '../db.js';
import { insertInto, numeric } from './sql.js';

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

export type NewClaimRow = Omit<
  ClaimRow,
  'amount_minor' | 'paid_minor' | 'status' | 'closing_date' | 'updated_at'
> & {
  amount_minor: bigint;
};

const COLUMNS = `id, claim_no, claimant_username, claimant_kennitala, claimant_name, payor_id, deposit_iban, currency,
  amount_minor::text AS amount_minor, paid_minor::text AS paid_minor, due_date, reference, partial_allowed, status,
  closing_date, created_at, updated_at`;

/**
 * The next claim number of a claimant. Takes a transaction-scoped lock on the claimant's numbering, so call it
 * in the transaction that inserts the claim.
 */
export async function nextClaimNumber(tx: Queryable, claimantKennitala: string): Promise<number> {
  await tx.query('SELECT pg_advisory_xact_lock(4012, hashtext($1))', [claimantKennitala]);
  const next = await tx.query<{ n: number }>(
    'SELECT coalesce(max(claim_no), 0)::int + 1 AS n FROM claims WHERE claimant_kennitala = $1',
    [claimantKennitala],
  );
  return next[0]?.n ?? 1;
}

export async function insertClaim(q: Queryable, claim: NewClaimRow): Promise<ClaimRow> {
  const rows = await insertInto<ClaimRow>(
    q,
    'claims',
    {
      ...claim,
      amount_minor: numeric(claim.amount_minor),
      paid_minor: 0,
      status: 'Unpaid',
      updated_at: claim.created_at,
    },
    `RETURNING ${COLUMNS}`,
  );
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findClaim(q: Queryable, id: string): Promise<ClaimRow | undefined> {
  return (await q.query<ClaimRow>(`SELECT ${COLUMNS} FROM claims WHERE id = $1`, [id]))[0];
}

/** Locks a claim's row for this transaction; false when there is no such claim. */
export async function lockClaim(tx: Queryable, id: string): Promise<boolean> {
  return (await tx.query('SELECT id FROM claims WHERE id = $1 FOR UPDATE', [id])).length > 0;
}

export async function listClaims(
  q: Queryable,
  filter: { payorId?: string; claimantKennitala?: string; status?: string },
): Promise<ClaimRow[]> {
  return q.query<ClaimRow>(
    `SELECT ${COLUMNS} FROM claims
     WHERE ($1::text IS NULL OR payor_id = $1) AND ($2::text IS NULL OR claimant_kennitala = $2)
       AND ($3::text IS NULL OR status = $3)
     ORDER BY due_date, id`,
    [filter.payorId ?? null, filter.claimantKennitala ?? null, filter.status ?? null],
  );
}

/** The newest claim of a claimant (by online-banking username). */
export async function newestClaimIdOf(q: Queryable, claimantUsername: string): Promise<string | undefined> {
  const rows = await q.query<{ id: string }>(
    'SELECT id FROM claims WHERE claimant_username = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
    [claimantUsername],
  );
  return rows[0]?.id;
}

export async function claimPayments(q: Queryable, claimId: string) {
  return q.query<{
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

/**
 * Records that a payment (a bulk: one of its elements) paid a claim, and adds the amount to the claim, closing it
 * (`Paid`, with its closing date) when `settledOn` is given. False, and nothing changed, when that payment element
 * was already recorded.
 */
export async function recordClaimPayment(
  tx: Queryable,
  payment: {
    claimId: string;
    paymentId: string;
    elementIndex: number;
    amountMinor: bigint;
    partial: boolean;
  },
  at: number,
  settledOn: string | null,
): Promise<boolean> {
  const inserted = await insertInto(
    tx,
    'claim_payments',
    {
      claim_id: payment.claimId,
      payment_id: payment.paymentId,
      element_index: payment.elementIndex,
      amount_minor: numeric(payment.amountMinor),
      partial: payment.partial,
      at,
    },
    'ON CONFLICT (payment_id, element_index) DO NOTHING RETURNING id',
  );
  if (inserted.length === 0) return false;
  await tx.query(
    `UPDATE claims SET paid_minor = paid_minor + $2::numeric, status = $3, closing_date = $4, updated_at = $5
     WHERE id = $1`,
    [payment.claimId, payment.amountMinor.toString(), settledOn === null ? 'Unpaid' : 'Paid', settledOn, at],
  );
  return true;
}

/** Whether a claimant (by online-banking username) has any claim. */
export async function hasClaims(q: Queryable, claimantUsername: string): Promise<boolean> {
  return (
    (await q.query('SELECT 1 FROM claims WHERE claimant_username = $1 LIMIT 1', [claimantUsername])).length >
    0
  );
}
