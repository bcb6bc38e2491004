import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db.js';
import { sandboxNow } from '../db/queries/clock.js';
import {
  type AttemptResult,
  type DeliveryStatus,
  type DueDelivery,
  insertDelivery,
  insertDeliveryAttempt,
  leaseDueDeliveries,
  listAttemptRows,
  listDeliveryRows,
  recordDeliveryOutcome,
  setAside,
} from '../db/queries/webhook-deliveries.js';
import { type EventRow, findEvent, insertEvent } from '../db/queries/webhook-events.js';
import {
  countGivenUp,
  disableDelivery,
  findSubscription,
  listOwnSubscriptions,
  resetGivenUpCount,
  type SubscriptionRow,
} from '../db/queries/webhook-subscriptions.js';
import { BANK_CALL_HEADER } from '../shared/outbound.js';
import { encryptEnvelope, signatureHeader } from './crypto.js';
import { selects } from './event-types.js';
import {
  callbackTimeoutMs,
  GIVEN_UP_BEFORE_DISABLING,
  MAX_ATTEMPTS,
  RETRY_DELAYS_SECONDS,
} from './settings.js';

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
export const SCHEMA_VERSION = '1.0';

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
  await insertEvent(
    tx,
    {
      id,
      owner: event.owner,
      event_type: event.eventType,
      occurred_at: event.occurredAt,
      resource_path: event.resourcePath,
    },
    'event',
  );
  for (const subscription of await listOwnSubscriptions(tx, event.owner)) {
    if (!selects(subscription.event_types, event.eventType)) continue;
    await insertDelivery(tx, {
      id: randomUUID(),
      subscriptionId: subscription.id,
      eventId: id,
      kind: 'event',
      status: subscription.delivery_enabled ? 'pending' : 'held',
      attemptCount: 0,
      nextAttemptAt: event.occurredAt,
      createdAt: event.occurredAt,
    });
  }
  return id;
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
        [BANK_CALL_HEADER]: 'webhook',
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

const LEASE_MS = 60_000;

/** Takes up to `limit` due deliveries, leased (in real time) so that another instance leaves them alone. */
async function claimDue(db: Db, limit: number): Promise<DueDelivery[]> {
  return db.transaction(async (tx) =>
    leaseDueDeliveries(tx, await sandboxNow(tx), limit, () => Date.now() + callbackTimeoutMs() + LEASE_MS),
  );
}

async function attemptDelivery(db: Db, publicUrl: string, due: DueDelivery) {
  const subscription = await findSubscription(db, due.subscription_id);
  const event = await findEvent(db, due.event_id);
  if (!subscription || !event) {
    await setAside(db, due.id, 'cancelled');
    return;
  }
  if (!subscription.delivery_enabled) {
    await setAside(db, due.id, 'held');
    return;
  }
  const at = await sandboxNow(db);
  const result = await postDelivery(
    subscription.callback_url,
    subscription.signing_secret,
    envelopeFor(event, publicUrl),
  );
  await db.transaction(async (tx) => {
    const attempt = due.attempt_count + 1;
    const statusCode = result.statusCode;
    await insertDeliveryAttempt(tx, due.id, attempt, at, result);
    if (result.outcome === 'delivered') {
      await recordDeliveryOutcome(tx, due.id, { status: 'delivered', attempt, at, statusCode });
      await resetGivenUpCount(tx, subscription.id);
      return;
    }
    if (attempt < MAX_ATTEMPTS) {
      const delay = RETRY_DELAYS_SECONDS[attempt - 1] ?? 0;
      await recordDeliveryOutcome(tx, due.id, {
        status: 'pending',
        attempt,
        nextAttemptAt: at + delay * 1000,
        statusCode,
      });
      return;
    }
    await recordDeliveryOutcome(tx, due.id, { status: 'given_up', attempt, at, statusCode });
    await givenUp(tx, subscription, at);
  });
}

/** Five given-up deliveries in a row disable the subscription; what was still queued is held for replay. */
async function givenUp(tx: Queryable, subscription: SubscriptionRow, at: number) {
  const row = await countGivenUp(tx, subscription.id, at);
  if (!row?.delivery_enabled || row.consecutive_given_up < GIVEN_UP_BEFORE_DISABLING) return;
  await disableDelivery(tx, subscription.id, 'delivery_failures_exhausted', at);
}

/**
 * One pass of the delivery worker, run by the sandbox scheduler after the payment steps (and so also by
 * `POST /sandbox/clock/advance` before it answers). Due attempts are sent concurrently; an immediate retry is
 * due at once and is sent in the same pass. Links in the envelopes start with `publicUrl`.
 */
export async function runDueDeliveries(db: Db, publicUrl: string): Promise<number> {
  let sent = 0;
  for (let round = 0; round < 20; round++) {
    const due = await claimDue(db, 50);
    if (due.length === 0) break;
    await Promise.all(due.map((d) => attemptDelivery(db, publicUrl, d)));
    sent += due.length;
  }
  return sent;
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
  const deliveries = await listDeliveryRows(db, subscriptionId);
  const attempts = await listAttemptRows(db, subscriptionId);
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

/** An event raised on its own (the operator's "as if it happened"), in its own transaction at the sandbox time. */
export async function raiseEvent(
  db: Db,
  event: { owner: string; eventType: string; resourcePath: string },
): Promise<string> {
  return db.transaction(async (tx) => recordEvent(tx, { ...event, occurredAt: await sandboxNow(tx) }));
}
