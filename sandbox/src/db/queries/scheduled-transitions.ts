import type { Queryable } from '../db.js';
import { type Insert, insertAll, jsonb } from './sql.js';

/** A step of a payment due at `due_at` on the sandbox clock (a status, or a named step such as FUNDS_RECHECK). */
export interface TransitionRow {
  id: string;
  payment_id: string;
  to_status: string;
  due_at: number;
  params: Record<string, unknown> | null;
  authorisation_id: string | null;
}

/** The row of a scheduled step, for `insertAll`. */
export function transitionInsert(t: Omit<TransitionRow, 'id'>): Insert {
  return {
    table: 'scheduled_transitions',
    columns: { ...t, params: t.params === null ? null : jsonb(t.params) },
  };
}

export async function insertTransition(q: Queryable, t: Omit<TransitionRow, 'id'>): Promise<void> {
  await insertAll(q, [transitionInsert(t)]);
}

/** Drops what a payment still had scheduled; `except` keeps steps of that name (an authorisation's own timer). */
export async function cancelTransitions(q: Queryable, paymentId: string, except?: string): Promise<void> {
  await q.query(
    `UPDATE scheduled_transitions SET done = true
     WHERE payment_id = $1 AND NOT done AND ($2::text IS NULL OR to_status <> $2)`,
    [paymentId, except ?? null],
  );
}

/** Up to 200 due steps, oldest first, locked for this transaction (another instance skips them). */
export async function lockDueTransitions(q: Queryable, now: number): Promise<TransitionRow[]> {
  return q.query<TransitionRow>(
    `SELECT id::text AS id, payment_id, to_status, due_at, params, authorisation_id FROM scheduled_transitions
     WHERE NOT done AND due_at <= $1 ORDER BY due_at, id LIMIT 200 FOR UPDATE SKIP LOCKED`,
    [now],
  );
}

export async function markTransitionDone(q: Queryable, id: string): Promise<void> {
  await q.query('UPDATE scheduled_transitions SET done = true WHERE id = $1::bigint', [id]);
}
