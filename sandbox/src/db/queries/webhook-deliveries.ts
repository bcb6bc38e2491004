import type { Queryable } from '../db.js';
import { insertInto, updateWhere } from './sql.js';

/**
 * Delivery states: `pending` (due at `next_attempt_at` on the sandbox clock), `delivered`, `given_up`, `held`
 * (recorded while the subscription was disabled), `cancelled`, and `failed` (a verify call's test delivery).
 */
export type DeliveryStatus = 'pending' | 'delivered' | 'given_up' | 'held' | 'cancelled' | 'failed';

export interface DueDelivery {
  id: string;
  subscription_id: string;
  event_id: string;
  attempt_count: number;
}

/** One HTTP attempt of a delivery. */
export interface AttemptResult {
  requestId: string;
  durationMs: number;
  statusCode: number | null;
  outcome: 'delivered' | 'rejected' | 'timeout' | 'unreachable';
  error: string | null;
}

export async function insertDelivery(
  q: Queryable,
  delivery: {
    id: string;
    subscriptionId: string;
    eventId: string;
    kind: 'event' | 'verify';
    status: DeliveryStatus;
    attemptCount: number;
    nextAttemptAt?: number;
    createdAt: number;
    deliveredAt?: number | null;
    lastStatusCode?: number | null;
  },
): Promise<void> {
  await insertInto(q, 'webhook_deliveries', {
    id: delivery.id,
    subscription_id: delivery.subscriptionId,
    event_id: delivery.eventId,
    kind: delivery.kind,
    status: delivery.status,
    attempt_count: delivery.attemptCount,
    next_attempt_at: delivery.nextAttemptAt,
    created_at: delivery.createdAt,
    delivered_at: delivery.deliveredAt,
    last_status_code: delivery.lastStatusCode,
  });
}

/**
 * Up to `limit` deliveries due at `now` (sandbox clock) and not leased, leased until `leaseUntil` (real time) so
 * that another instance leaves them alone.
 */
export async function leaseDueDeliveries(
  tx: Queryable,
  now: number,
  limit: number,
  leaseUntil: () => number,
): Promise<DueDelivery[]> {
  const rows = await tx.query<DueDelivery>(
    `SELECT id, subscription_id, event_id, attempt_count FROM webhook_deliveries
     WHERE status = 'pending' AND next_attempt_at <= $1 AND (leased_until IS NULL OR leased_until < $2)
     ORDER BY next_attempt_at, created_at LIMIT $3 FOR UPDATE SKIP LOCKED`,
    [now, Date.now(), limit],
  );
  for (const row of rows) {
    await updateWhere(tx, 'webhook_deliveries', { leased_until: leaseUntil() }, 'id = $1', [row.id]);
  }
  return rows;
}

/** Ends a delivery without an attempt: its subscription is gone (`cancelled`) or disabled (`held`). */
export async function setAside(q: Queryable, id: string, status: 'cancelled' | 'held'): Promise<void> {
  await updateWhere(
    q,
    'webhook_deliveries',
    { status, leased_until: null, next_attempt_at: null },
    'id = $1',
    [id],
  );
}

/** The outcome of an attempt: delivered, due again at `nextAttemptAt`, or given up. */
export async function recordDeliveryOutcome(
  q: Queryable,
  id: string,
  outcome:
    | { status: 'delivered'; attempt: number; at: number; statusCode: number | null }
    | { status: 'pending'; attempt: number; nextAttemptAt: number; statusCode: number | null }
    | { status: 'given_up'; attempt: number; at: number; statusCode: number | null },
): Promise<void> {
  const common = { attempt_count: outcome.attempt, leased_until: null, last_status_code: outcome.statusCode };
  const changes =
    outcome.status === 'pending'
      ? { ...common, next_attempt_at: outcome.nextAttemptAt }
      : outcome.status === 'delivered'
        ? { ...common, status: 'delivered', delivered_at: outcome.at, next_attempt_at: null }
        : { ...common, status: 'given_up', given_up_at: outcome.at, next_attempt_at: null };
  await updateWhere(q, 'webhook_deliveries', changes, 'id = $1', [id]);
}

/**
 * Replay (spec part 3: "events during the off period are recorded and can be replayed on request"): every
 * event delivery of the subscription that never reached the callback (`held`, `given_up`) is queued again,
 * with the same eventId and occurredAt and a fresh retry schedule. Returns how many.
 */
export async function requeueUndelivered(
  tx: Queryable,
  subscriptionId: string,
  now: number,
): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `UPDATE webhook_deliveries SET status = 'pending', attempt_count = 0, next_attempt_at = $2, leased_until = NULL,
       given_up_at = NULL
     WHERE subscription_id = $1 AND kind = 'event' AND status IN ('held', 'given_up') RETURNING id`,
    [subscriptionId, now],
  );
  return rows.length;
}

export async function insertDeliveryAttempt(
  q: Queryable,
  deliveryId: string,
  attempt: number,
  at: number,
  result: AttemptResult,
): Promise<void> {
  await insertInto(q, 'webhook_delivery_attempts', {
    delivery_id: deliveryId,
    attempt,
    request_id: result.requestId,
    at,
    duration_ms: result.durationMs,
    status_code: result.statusCode,
    outcome: result.outcome,
    error: result.error,
  });
}

/** Deliveries with their event, newest first; `subscriptionId` undefined lists every one. */
export async function listDeliveryRows(q: Queryable, subscriptionId?: string) {
  return q.query<{
    id: string;
    subscription_id: string;
    kind: string;
    event_id: string;
    event_type: string;
    occurred_at: number;
    status: DeliveryStatus;
    attempt_count: number;
    next_attempt_at: number | null;
  }>(
    `SELECT d.id, d.subscription_id, d.kind, d.event_id, e.event_type, e.occurred_at, d.status, d.attempt_count,
       d.next_attempt_at
     FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
     WHERE ($1::text IS NULL OR d.subscription_id = $1) ORDER BY d.created_at DESC, d.id`,
    [subscriptionId ?? null],
  );
}

/** The attempts of those deliveries, in the order they were made. */
export async function listAttemptRows(q: Queryable, subscriptionId?: string) {
  return q.query<{
    delivery_id: string;
    attempt: number;
    request_id: string;
    at: number;
    duration_ms: number;
    status_code: number | null;
    outcome: string;
    error: string | null;
  }>(
    `SELECT a.delivery_id, a.attempt, a.request_id, a.at, a.duration_ms, a.status_code, a.outcome, a.error
     FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
     WHERE ($1::text IS NULL OR d.subscription_id = $1) ORDER BY a.id`,
    [subscriptionId ?? null],
  );
}
