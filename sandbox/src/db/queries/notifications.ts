import type { Queryable } from '../db.js';

/**
 * The notification outbox (rows written by database triggers on every status change of a payment initiated
 * with a TPP-Notification-URI, migration 0003) and its delivery attempts.
 */
interface OutboxRow {
  id: string;
  payment_id: string;
  authorisation_id: string | null;
  authorisation_kind: string | null;
  kind: 'transaction' | 'sca';
  status: string;
  attempts: number;
}

/** A notification due for delivery, with what its payment says about notifying the TPP. */
export interface DueNotification extends OutboxRow {
  reordered: boolean;
  /** A later transactionStatus change of the same payment is in the outbox: this status is not its last. */
  superseded: boolean;
  uri: string | null;
  preferred: string | null;
  payment_service: string;
  debtor_iban: string | null;
}

/**
 * Held notifications whose wait has run out become pending again, unless a later one of their payment is
 * pending: that one goes first, and releases them as it is settled (the clock may pass a hold while the next
 * notification waits for its turn).
 */
export async function releaseExpiredHolds(q: Queryable, now: number): Promise<void> {
  await q.query(
    `UPDATE notification_outbox o SET state = 'pending', next_attempt_at = $1, updated_at = $1
     WHERE o.state = 'held' AND o.next_attempt_at <= $1
       AND NOT EXISTS (SELECT 1 FROM notification_outbox l
                       WHERE l.payment_id = o.payment_id AND l.id > o.id AND l.state = 'pending')`,
    [now],
  );
}

/**
 * Up to 50 due notifications, each the oldest pending one of its payment (one at a time per payment, in order),
 * locked for this transaction.
 */
export async function lockDueNotifications(tx: Queryable, now: number): Promise<DueNotification[]> {
  return tx.query<DueNotification>(
    `SELECT o.id::text AS id, o.payment_id, o.authorisation_id, o.authorisation_kind, o.kind, o.status, o.attempts,
            o.reordered, p.tpp_notification_uri AS uri, p.tpp_notification_content_preferred AS preferred,
            p.payment_service, p.debtor_iban,
            EXISTS (SELECT 1 FROM notification_outbox l
                    WHERE l.payment_id = o.payment_id AND l.kind = 'transaction' AND l.id > o.id) AS superseded
     FROM notification_outbox o JOIN payments p ON p.id = o.payment_id
     WHERE o.state = 'pending' AND o.next_attempt_at <= $1
       AND NOT EXISTS (SELECT 1 FROM notification_outbox e
                       WHERE e.payment_id = o.payment_id AND e.id < o.id AND e.state = 'pending')
     ORDER BY o.id LIMIT 50 FOR UPDATE OF o SKIP LOCKED`,
    [now],
  );
}

/** Reserves a claimed notification until `until` (sandbox clock), in case the process stops mid-delivery. */
export async function leaseNotification(tx: Queryable, id: string, until: number): Promise<void> {
  await tx.query('UPDATE notification_outbox SET next_attempt_at = $2 WHERE id = $1::bigint', [id, until]);
}

/**
 * Sets a notification's state and outcome, then releases the notifications of its payment that a reorder rule
 * held back before it: they go out after this one.
 */
export async function settleNotification(
  q: Queryable,
  row: { id: string; payment_id: string },
  change: { state: string; outcome: string; nextAttemptAt: number; now: number },
): Promise<void> {
  await q.query(
    `UPDATE notification_outbox SET state = $2, outcome = $3, next_attempt_at = $4, updated_at = $5
     WHERE id = $1::bigint`,
    [row.id, change.state, change.outcome, change.nextAttemptAt, change.now],
  );
  await q.query(
    `UPDATE notification_outbox SET state = 'pending', next_attempt_at = 0, updated_at = $3
     WHERE payment_id = $1 AND state = 'held' AND id < $2::bigint`,
    [row.payment_id, row.id, change.now],
  );
}

/** Holds a notification back until `until` (a reorder fault rule). */
export async function holdNotification(q: Queryable, id: string, until: number, now: number): Promise<void> {
  await q.query(
    `UPDATE notification_outbox SET state = 'held', reordered = true, outcome = 'held back by a reorder fault rule',
       next_attempt_at = $2, updated_at = $3 WHERE id = $1::bigint`,
    [id, until, now],
  );
}

export async function setNotificationAttempts(q: Queryable, id: string, attempts: number): Promise<void> {
  await q.query('UPDATE notification_outbox SET attempts = $2 WHERE id = $1::bigint', [id, attempts]);
}

export async function insertNotificationAttempt(
  q: Queryable,
  attempt: {
    outboxId: string;
    paymentId: string;
    attempt: number;
    url: string;
    requestId: string;
    body: Record<string, string>;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
    fault: string | null;
    at: number;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO notification_attempts (outbox_id, payment_id, attempt, url, x_request_id, body, status_code,
       duration_ms, error, fault, at)
     VALUES ($1::bigint, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11)`,
    [
      attempt.outboxId,
      attempt.paymentId,
      attempt.attempt,
      attempt.url,
      attempt.requestId,
      JSON.stringify(attempt.body),
      attempt.statusCode,
      attempt.durationMs,
      attempt.error,
      attempt.fault,
      attempt.at,
    ],
  );
}

/** The outbox, in order; `paymentId` narrows it to one payment. */
export async function listOutbox(q: Queryable, paymentId: string | undefined) {
  return q.query<
    OutboxRow & {
      state: string;
      next_attempt_at: number;
      outcome: string | null;
      created_at: number;
      updated_at: number;
    }
  >(
    `SELECT id::text AS id, payment_id, authorisation_id, authorisation_kind, kind, status, state, attempts,
            next_attempt_at, outcome, created_at, updated_at
     FROM notification_outbox WHERE ($1::text IS NULL OR payment_id = $1) ORDER BY id`,
    [paymentId ?? null],
  );
}

export async function listNotificationAttempts(q: Queryable, paymentId: string | undefined) {
  return q.query<{
    outbox_id: string;
    attempt: number;
    url: string;
    x_request_id: string;
    body: Record<string, unknown>;
    status_code: number | null;
    duration_ms: number;
    error: string | null;
    fault: string | null;
    at: number;
  }>(
    `SELECT outbox_id::text AS outbox_id, attempt, url, x_request_id, body, status_code, duration_ms, error, fault, at
     FROM notification_attempts WHERE ($1::text IS NULL OR payment_id = $1) ORDER BY id`,
    [paymentId ?? null],
  );
}
