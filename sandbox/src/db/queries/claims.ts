import type { Queryable } from '../db.js';
import { insertInto, numeric } from './sql.js';

export type ClaimStatus = 'Unpaid' | 'Paid' | 'Cancelled';

export interface ClaimRow {
  id: string;
  claim_no: number;
  /** Bank and branch (4 digits) of the claim key's account: `{branch}66{claim_no}`. */
  branch: string;
  claimant_username: string;
  claimant_kennitala: string;
  claimant_name: string;
  payor_id: string;
  deposit_iban: string;
  currency: string;
  amount_minor: string;
  paid_minor: string;
  due_date: string;
  final_due_date: string;
  expiration_date: string;
  reference: string | null;
  bill_number: string | null;
  template_code: string;
  partial_allowed: boolean;
  status: ClaimStatus;
  collection_state: string;
  closing_date: string | null;
  created_at: number;
  updated_at: number;
}

export type NewClaimRow = Omit<
  ClaimRow,
  'amount_minor' | 'paid_minor' | 'status' | 'closing_date' | 'updated_at' | 'collection_state'
> & {
  amount_minor: bigint;
  /** Seeded history: a claim already paid or cancelled. Default Unpaid, nothing paid. */
  status?: ClaimStatus;
  paid_minor?: bigint;
  closing_date?: string | null;
  collection_state?: string;
};

const COLUMNS = `id, claim_no, branch, claimant_username, claimant_kennitala, claimant_name, payor_id, deposit_iban,
  currency, amount_minor::text AS amount_minor, paid_minor::text AS paid_minor, due_date, final_due_date,
  expiration_date, reference, bill_number, template_code, partial_allowed, status, collection_state, closing_date,
  created_at, updated_at`;

/**
 * Inserts a claim; undefined when the claimant already has a claim with that number (the sandbox keeps claim
 * numbers unique per claimant, whatever the due date).
 */
export async function insertClaim(q: Queryable, claim: NewClaimRow): Promise<ClaimRow | undefined> {
  const rows = await insertInto<ClaimRow>(
    q,
    'claims',
    {
      ...claim,
      amount_minor: numeric(claim.amount_minor),
      paid_minor: numeric(claim.paid_minor ?? 0n),
      status: claim.status ?? 'Unpaid',
      closing_date: claim.closing_date ?? null,
      updated_at: claim.created_at,
    },
    `ON CONFLICT (claimant_kennitala, claim_no) DO NOTHING RETURNING ${COLUMNS}`,
  );
  return rows[0];
}

export async function findClaim(q: Queryable, id: string): Promise<ClaimRow | undefined> {
  return (await q.query<ClaimRow>(`SELECT ${COLUMNS} FROM claims WHERE id = $1`, [id]))[0];
}

/** Locks a claim's row for this transaction; false when there is no such claim. */
export async function lockClaim(tx: Queryable, id: string): Promise<boolean> {
  return (await tx.query('SELECT id FROM claims WHERE id = $1 FOR UPDATE', [id])).length > 0;
}

/** The date a claim list is narrowed by (IOBWS-Claims 3.1 `dateType`), as a YYYY-MM-DD expression. */
const DATE_COLUMNS = {
  DueDate: 'due_date',
  FinalDueDate: 'final_due_date',
  ExpirationDate: 'expiration_date',
  ClosingDate: 'closing_date',
  CreationDate: "to_char(to_timestamp(created_at / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD')",
  LastChangeDate: "to_char(to_timestamp(updated_at / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD')",
} as const;

export type ClaimDateType = keyof typeof DATE_COLUMNS;
export const CLAIM_DATE_TYPES = Object.keys(DATE_COLUMNS) as ClaimDateType[];

export interface ClaimFilter {
  /** Only claims this kennitala may see: its own as claimant or as payor. */
  visibleTo: string;
  payorId?: string | undefined;
  claimantId?: string | undefined;
  status?: ClaimStatus | undefined;
  collectionState?: string | undefined;
  dates?: { type: ClaimDateType; from?: string | undefined; to?: string | undefined } | undefined;
}

/** One page of the claims matching `filter`, by due date, and how many match in all. */
export async function listClaims(
  q: Queryable,
  filter: ClaimFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ClaimRow[]; total: number }> {
  const date = DATE_COLUMNS[filter.dates?.type ?? 'DueDate'];
  const where = `(claimant_kennitala = $1 OR payor_id = $1) AND ($2::text IS NULL OR payor_id = $2)
     AND ($3::text IS NULL OR claimant_kennitala = $3) AND ($4::text IS NULL OR status = $4)
     AND ($5::text IS NULL OR collection_state = $5)
     AND ($6::text IS NULL OR ${date} >= $6) AND ($7::text IS NULL OR ${date} <= $7)`;
  const params = [
    filter.visibleTo,
    filter.payorId ?? null,
    filter.claimantId ?? null,
    filter.status ?? null,
    filter.collectionState ?? null,
    filter.dates?.from ?? null,
    filter.dates?.to ?? null,
  ];
  const count = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM claims WHERE ${where}`, params);
  const rows = await q.query<ClaimRow>(
    `SELECT ${COLUMNS} FROM claims WHERE ${where} ORDER BY due_date, id LIMIT $8 OFFSET $9`,
    [...params, page.limit, page.offset],
  );
  return { rows, total: count[0]?.n ?? 0 };
}

/** A claimant's change to a claim (IOBWS-Claims 3.1 PATCH, a JSON merge patch): the fields given. */
export interface ClaimChange {
  status?: ClaimStatus | undefined;
  collection_state?: string | undefined;
  closing_date?: string | null | undefined;
  amount_minor?: bigint | undefined;
  final_due_date?: string | undefined;
  expiration_date?: string | undefined;
  reference?: string | null | undefined;
  bill_number?: string | null | undefined;
  partial_allowed?: boolean | undefined;
}

export async function updateClaim(q: Queryable, id: string, change: ClaimChange, at: number): Promise<void> {
  const entries = Object.entries(change).filter(([, value]) => value !== undefined);
  const sets = entries.map(([name, value], i) =>
    typeof value === 'bigint' ? `${name} = $${i + 3}::numeric` : `${name} = $${i + 3}`,
  );
  await q.query(`UPDATE claims SET ${['updated_at = $2', ...sets].join(', ')} WHERE id = $1`, [
    id,
    at,
    ...entries.map(([, value]) => (typeof value === 'bigint' ? value.toString() : value)),
  ]);
}

/**
 * The claim a test `claim.paid` event of a caller (by kennitala) is about: one they can read (as claimant or
 * payor), theirs as claimant before one they pay, one paid (in part or in full) before one not, the one paid
 * last before the others, then the newest.
 */
export async function testEventClaimIdOf(q: Queryable, kennitala: string): Promise<string | undefined> {
  const rows = await q.query<{ id: string }>(
    `SELECT c.id FROM claims c
      WHERE c.claimant_kennitala = $1 OR c.payor_id = $1
      ORDER BY c.claimant_kennitala = $1 DESC, c.paid_minor > 0 DESC,
        (SELECT max(p.at) FROM claim_payments p WHERE p.claim_id = c.id) DESC NULLS LAST,
        c.closing_date DESC NULLS LAST, c.created_at DESC, c.id DESC
      LIMIT 1`,
    [kennitala],
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

/** The claim numbers a claimant has used. */
export async function claimNumbersOf(q: Queryable, claimantKennitala: string): Promise<Set<number>> {
  const rows = await q.query<{ claim_no: number }>(
    'SELECT claim_no FROM claims WHERE claimant_kennitala = $1',
    [claimantKennitala],
  );
  return new Set(rows.map((row) => row.claim_no));
}
