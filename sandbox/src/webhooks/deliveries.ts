import { randomUUID } from 'node:crypto';
import { sandboxNow } from '../clock.js';
import type { SandboxContext } from '../context.js';
import type { Db, Queryable } from '../db/db.js';
import { encryptEnvelope, signatureHeader } from './crypto.js';
import { selects } from './event-types.js';
import {
  callbackTimeoutMs,
  GIVEN_UP_BEFORE_DISABLING,
  MAX_ATTEMPTS,
  RETRY_DELAYS_SECONDS,
} from './settings.js';
import { findSubscription, type SubscriptionRow } from './subscriptions.js';

/**
 * The outbox. An event (`webhook_events`) gets one delivery row per subscription that selects it
 * (`webhook_deliveries`); each HTTP attempt is logged (`webhook_delivery_attempts`). Delivery states:
 * - `pending`: due at `next_attempt_at` on the sandbox clock;
 * - `delivered`: a 2xx answer;
 * - `given_up`: twelve attempts failed (spec part 6);
 * - `held`: recorded while the subscription was disabled; sent only when replayed;
 * - `cancelled`: the subscription was cancelled (DELETE) first.
 * Verify's test deliveries are logged here too, with kind `verify`.
 */
export type DeliveryStatus = 'pending' | 'delivered' | 'given_up' | 'held' | 'cancelled' | 'failed';

export const SCHEMA_VERSION = '1.0';

export interface EventRow {
  id: string;
  owner: string;
  event_type: string;
  occurred_at: number;
  resource_path: string;
}

export interface Envelope {
  eventId: string;
  eventType: string;
  schemaVersion: string;
  occurredAt: string;
  links: Array<{ rel: string; href: string; method: string }>;
}

export function envelopeFor(event: EventRow, publicUrl: string): Envelope {
  return {
    eventId: event.id,
    eventType: event.event_type,
    schemaVersion: SCHEMA_VERSION,
    occurredAt: new Date(event.occurred_at).toISOString(),
    links: [{ rel: 'self', href: `${publicUrl}${event.resource_path}`, method: 'GET' }],
  };
}

/**
 * Records a business event for `owner` (the claimant's online-banking user) and queues it for every
 * subscription of theirs that selects it: `pending` when delivery is enabled, else `held`. Runs inside the
 * caller's transaction, so a settled payment and its event are committed together.
 */
export async function recordEvent(
  tx: Queryable,
  event: { owner: string; eventType: string; resourcePath: string; occurredAt: number },
): Promise<string> {
  const id = randomUUID();
  await tx.query(
    `INSERT INTO webhook_events (id, owner, event_type, occurred_at, resource_path, kind, created_at)
     VALUES ($1, $2, $3, $4, $5, 'event', $4)`,
    [id, event.owner, event.eventType, event.occurredAt, event.resourcePath],
  );
  const subscriptions = await tx.query<{ id: string; event_types: string[]; delivery_enabled: boolean }>(
    'SELECT id, event_types, delivery_enabled FROM webhook_subscriptions WHERE owner = $1 AND deleted_at IS NULL',
    [event.owner],
  );
  for (const subscription of subscriptions) {
    if (!selects(subscription.event_types, event.eventType)) continue;
    await tx.query(
      `INSERT INTO webhook_deliveries (id, subscription_id, event_id, kind, status, attempt_count, next_attempt_at, created_at)
       VALUES ($1, $2, $3, 'event', $4, 0, $5, $5)`,
      [
        randomUUID(),
        subscription.id,
        id,
        subscription.delivery_enabled ? 'pending' : 'held',
        event.occurredAt,
      ],
    );
  }
  return id;
}

export interface AttemptResult {
  requestId: string;
  durationMs: number;
  statusCode: number | null;
  outcome: 'delivered' | 'rejected' | 'timeout' | 'unreachable';
  error: string | null;
}

/**
 * One HTTP attempt: the envelope encrypted afresh, signed afresh (`t` is the real time of sending, not the
 * sandbox clock, so a receiver comparing it with its own clock accepts it after a clock advance), a new
 * `X-Request-ID`. Redirects are not followed: a 3xx is a failed attempt like any other non-2xx.
 */
export async function postDelivery(
  callbackUrl: string,
  secret: string,
  envelope: Envelope,
  timeoutMs = callbackTimeoutMs(),
): Promise<AttemptResult> {
  const requestId = randomUUID();
  const body = await encryptEnvelope(envelope, secret);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(callbackUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/jose',
        'X-Webhook-Signature': signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
        'X-Request-ID': requestId,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel().catch(() => {});
    const ok = response.status >= 200 && response.status < 300;
    return {
      requestId,
      durationMs: elapsed(),
      statusCode: response.status,
      outcome: ok ? 'delivered' : 'rejected',
      error: null,
    };
  } catch (error) {
    const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const cause =
      error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : '';
    return {
      requestId,
      durationMs: elapsed(),
      statusCode: null,
      outcome: timeout ? 'timeout' : 'unreachable',
      error: timeout ? `no answer within ${timeoutMs} ms` : cause || 'connection failed',
    };
  }
}

export async function logAttempt(
  db: Queryable,
  deliveryId: string,
  attempt: number,
  at: number,
  result: AttemptResult,
) {
  await db.query(
    `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, request_id, at, duration_ms, status_code, outcome, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      deliveryId,
      attempt,
      result.requestId,
      at,
      result.durationMs,
      result.statusCode,
      result.outcome,
      result.error,
    ],
  );
}

interface DueDelivery {
  id: string;
  subscription_id: string;
  event_id: string;
  attempt_count: number;
}

const LEASE_MS = 60_000;

/** Takes up to `limit` due deliveries, leased (in real time) so that another instance leaves them alone. */
async function claimDue(db: Db, limit: number): Promise<DueDelivery[]> {
  return db.transaction(async (tx) => {
    const now = await sandboxNow(tx);
    const rows = await tx.query<DueDelivery>(
      `SELECT id, subscription_id, event_id, attempt_count FROM webhook_deliveries
       WHERE status = 'pending' AND next_attempt_at <= $1 AND (leased_until IS NULL OR leased_until < $2)
       ORDER BY next_attempt_at, created_at LIMIT $3 FOR UPDATE SKIP LOCKED`,
      [now, Date.now(), limit],
    );
    for (const row of rows) {
      await tx.query('UPDATE webhook_deliveries SET leased_until = $2 WHERE id = $1', [
        row.id,
        Date.now() + callbackTimeoutMs() + LEASE_MS,
      ]);
    }
    return rows;
  });
}

async function attemptDelivery(ctx: SandboxContext, db: Db, due: DueDelivery) {
  const subscription = await findSubscription(db, due.subscription_id);
  const events = await db.query<EventRow>(
    'SELECT id, owner, event_type, occurred_at, resource_path FROM webhook_events WHERE id = $1',
    [due.event_id],
  );
  const event = events[0];
  if (!subscription || !event) {
    await db.query(
      "UPDATE webhook_deliveries SET status = 'cancelled', leased_until = NULL, next_attempt_at = NULL WHERE id = $1",
      [due.id],
    );
    return;
  }
  if (!subscription.delivery_enabled) {
    await db.query(
      "UPDATE webhook_deliveries SET status = 'held', leased_until = NULL, next_attempt_at = NULL WHERE id = $1",
      [due.id],
    );
    return;
  }
  const at = await sandboxNow(db);
  const result = await postDelivery(
    subscription.callback_url,
    subscription.signing_secret,
    envelopeFor(event, ctx.publicUrl()),
  );
  await db.transaction(async (tx) => {
    const attempt = due.attempt_count + 1;
    await logAttempt(tx, due.id, attempt, at, result);
    if (result.outcome === 'delivered') {
      await tx.query(
        `UPDATE webhook_deliveries SET status = 'delivered', attempt_count = $2, delivered_at = $3,
           next_attempt_at = NULL, leased_until = NULL, last_status_code = $4 WHERE id = $1`,
        [due.id, attempt, at, result.statusCode],
      );
      await tx.query('UPDATE webhook_subscriptions SET consecutive_given_up = 0 WHERE id = $1', [
        subscription.id,
      ]);
      return;
    }
    if (attempt < MAX_ATTEMPTS) {
      const delay = RETRY_DELAYS_SECONDS[attempt - 1] ?? 0;
      await tx.query(
        `UPDATE webhook_deliveries SET attempt_count = $2, next_attempt_at = $3, leased_until = NULL,
           last_status_code = $4 WHERE id = $1`,
        [due.id, attempt, at + delay * 1000, result.statusCode],
      );
      return;
    }
    await tx.query(
      `UPDATE webhook_deliveries SET status = 'given_up', attempt_count = $2, given_up_at = $3,
         next_attempt_at = NULL, leased_until = NULL, last_status_code = $4 WHERE id = $1`,
      [due.id, attempt, at, result.statusCode],
    );
    await givenUp(tx, subscription, at);
  });
}

/** Five given-up deliveries in a row disable the subscription; what was still queued is held for replay. */
async function givenUp(tx: Queryable, subscription: SubscriptionRow, at: number) {
  const rows = await tx.query<{ consecutive_given_up: number; delivery_enabled: boolean }>(
    `UPDATE webhook_subscriptions SET consecutive_given_up = consecutive_given_up + 1, updated_at = $2
     WHERE id = $1 RETURNING consecutive_given_up, delivery_enabled`,
    [subscription.id, at],
  );
  const row = rows[0];
  if (!row?.delivery_enabled || row.consecutive_given_up < GIVEN_UP_BEFORE_DISABLING) return;
  await tx.query(
    `UPDATE webhook_subscriptions SET delivery_enabled = false, disabled_reason = 'delivery_failures_exhausted',
       disabled_at = $2, updated_at = $2 WHERE id = $1`,
    [subscription.id, at],
  );
  await tx.query(
    `UPDATE webhook_deliveries SET status = 'held', next_attempt_at = NULL
     WHERE subscription_id = $1 AND status = 'pending' AND kind = 'event'`,
    [subscription.id],
  );
}

/**
 * One pass of the delivery worker, run by the sandbox scheduler after the payment steps (and so also by
 * `POST /sandbox/clock/advance` before it answers). Due attempts are sent concurrently; an immediate retry is
 * due at once and is sent in the same pass.
 */
export async function runDueDeliveries(ctx: SandboxContext): Promise<number> {
  const db = await ctx.db();
  let sent = 0;
  for (let round = 0; round < 20; round++) {
    const due = await claimDue(db, 50);
    if (due.length === 0) break;
    await Promise.all(due.map((d) => attemptDelivery(ctx, db, d)));
    sent += due.length;
  }
  return sent;
}

/**
 * Replay (spec part 3: "events during the off period are recorded and can be replayed on request"): every
 * event delivery of the subscription that never reached the callback (`held`, `given_up`) is queued again,
 * with the same eventId and occurredAt and a fresh retry schedule.
 */
export async function replayDeliveries(tx: Queryable, subscriptionId: string, now: number): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `UPDATE webhook_deliveries SET status = 'pending', attempt_count = 0, next_attempt_at = $2, leased_until = NULL,
       given_up_at = NULL
     WHERE subscription_id = $1 AND kind = 'event' AND status IN ('held', 'given_up') RETURNING id`,
    [subscriptionId, now],
  );
  return rows.length;
}

export interface DeliveryView {
  deliveryId: string;
  subscriptionId: string;
  kind: string;
  eventId: string;
  eventType: string;
  occurredAt: string;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: string | null;
  attempts: Array<{
    attempt: number;
    requestId: string;
    at: string;
    durationMs: number;
    statusCode: number | null;
    outcome: string;
    error: string | null;
  }>;
}

/** Deliveries with their attempt logs, newest event first; `subscriptionId` undefined lists every one. */
export async function listDeliveries(db: Queryable, subscriptionId?: string): Promise<DeliveryView[]> {
  const deliveries = await db.query<{
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
  const attempts = await db.query<{
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
  return deliveries.map((d) => ({
    deliveryId: d.id,
    subscriptionId: d.subscription_id,
    kind: d.kind,
    eventId: d.event_id,
    eventType: d.event_type,
    occurredAt: new Date(d.occurred_at).toISOString(),
    status: d.status,
    attemptCount: d.attempt_count,
    nextAttemptAt:
      d.status === 'pending' && d.next_attempt_at !== null ? new Date(d.next_attempt_at).toISOString() : null,
    attempts: attempts
      .filter((a) => a.delivery_id === d.id)
      .map((a) => ({
        attempt: a.attempt,
        requestId: a.request_id,
        at: new Date(a.at).toISOString(),
        durationMs: a.duration_ms,
        statusCode: a.status_code,
        outcome: a.outcome,
        error: a.error,
      })),
  }));
}
