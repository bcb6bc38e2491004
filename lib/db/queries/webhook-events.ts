import {
  and,
  asc,
  eq,
  exists,
  fillPlaceholders,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { databaseNow, databaseNowMinus, databaseNowPlus } from '../clock';
import { perHandle } from '../per-handle';
import { type WebhookEvent, webhookEvents, webhookSubscriptions } from '../schema';
import type { Db } from '../types';

/**
 * The webhook events table (lib/webhooks): stored once per bank by `eventId` at intake, claimed and processed by
 * the event job in `occurredAt` order, swept and purged.
 */

function eventInsert(db: Db) {
  return db
    .insert(webhookEvents)
    .values({
      eventId: sql.placeholder('eventId'),
      bankId: sql.placeholder('bankId'),
      subscriptionId: sql.placeholder('subscriptionId'),
      eventType: sql.placeholder('eventType'),
      schemaVersion: sql.placeholder('schemaVersion'),
      occurredAt: sql.placeholder('occurredAt'),
      selfLink: sql.placeholder('selfLink'),
      links: sql.placeholder('links'),
      requestId: sql.placeholder('requestId'),
    })
    .onConflictDoNothing({ target: [webhookEvents.bankId, webhookEvents.eventId] })
    .returning({ id: webhookEvents.id });
}

/** What PGlite and node-postgres's pool both offer: a parameterised query answering `{ rows }`. */
interface SqlClient {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

// The statement is written by drizzle once per database handle, from the schema, and run on the
// driver's client as it is: drizzle's own run asks PGlite to parse every result with its type
// parsers, which cost as much again as the insert here, and building the query each time as much.
const eventStatement = perHandle((db) => {
  const client = (db as { $client?: Partial<SqlClient> }).$client;
  return {
    ...eventInsert(db).toSQL(),
    client: typeof client?.query === 'function' ? (client as SqlClient) : undefined,
  };
});

/** The columns an event is stored with at intake. */
export type NewWebhookEvent = {
  eventId: string;
  /** The bank of the subscription: an event id is unique at its bank only. */
  bankId: string;
  subscriptionId: string;
  eventType: string;
  schemaVersion: string;
  occurredAt: string;
  selfLink: string | null;
  links: unknown;
  requestId: string | null;
};

/**
 * Stores an event unless one with its `eventId` at its bank is stored already, in one statement (INSERT … ON
 * CONFLICT DO NOTHING RETURNING); true when this call stored it.
 */
export async function insertEventOnce(db: Db, values: NewWebhookEvent): Promise<boolean> {
  const statement = eventStatement(db);
  // A transaction's handle has no client of its own: drizzle runs the statement there.
  const inserted = statement.client
    ? (await statement.client.query(statement.sql, fillPlaceholders(statement.params, values))).rows
    : await eventInsert(db).execute(values);
  return inserted.length > 0;
}

const earlier = alias(webhookEvents, 'earlier');

/**
 * Claims the subscription's earliest pending event, or nothing. The row is locked `FOR UPDATE SKIP
 * LOCKED` while the claim is written, and the claim stands until `claimedUntil`: two workers (two
 * app instances) never take one event. Nothing is claimed while an earlier event of the subscription
 * is pending, claimed or not (an event another worker has claimed and not finished stops this
 * worker rather than let it run ahead): events are applied in `occurredAt` order.
 */
export async function claimNextEvent(
  db: Db,
  subscriptionId: string,
  claimSeconds: number,
): Promise<WebhookEvent | undefined> {
  const head = db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.subscriptionId, subscriptionId), isNull(webhookEvents.processedAt)))
    .orderBy(asc(webhookEvents.occurredAt), asc(webhookEvents.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [event] = await db
    .update(webhookEvents)
    .set({ claimedUntil: databaseNowPlus(claimSeconds) })
    .where(
      and(
        inArray(webhookEvents.id, head),
        isNull(webhookEvents.processedAt),
        or(isNull(webhookEvents.claimedUntil), lt(webhookEvents.claimedUntil, databaseNow())),
        // The row skipped as locked may be the earliest: then this one must wait for it.
        notExists(
          db
            .select({ id: earlier.id })
            .from(earlier)
            .where(
              and(
                eq(earlier.subscriptionId, subscriptionId),
                isNull(earlier.processedAt),
                sql`(${earlier.occurredAt}, ${earlier.id}) < (${webhookEvents.occurredAt}, ${webhookEvents.id})`,
              ),
            ),
        ),
      ),
    )
    .returning();
  return event;
}

/**
 * A later event for the same resource already read it: this one has nothing newer to tell. The resource is the
 * self link at the event's own bank: another bank's link may read alike (one written relative to its business
 * interface) and names another bank's resource.
 */
export async function laterEventApplied(db: Db, event: WebhookEvent): Promise<boolean> {
  if (!event.selfLink) return false;
  const [later] = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.bankId, event.bankId),
        eq(webhookEvents.selfLink, event.selfLink),
        eq(webhookEvents.outcome, 'applied'),
        gt(webhookEvents.occurredAt, event.occurredAt),
      ),
    )
    .limit(1);
  return later !== undefined;
}

/** The event is done: what handling it came to, after one more attempt. Only while no one else finished it. */
export async function recordEventOutcome(
  db: Db,
  event: WebhookEvent,
  outcome: string,
  detail: Record<string, unknown> | undefined,
): Promise<void> {
  await db
    .update(webhookEvents)
    .set({
      processedAt: databaseNow(),
      outcome,
      detail: detail ?? null,
      attempts: event.attempts + 1,
      claimedUntil: null,
    })
    .where(and(eq(webhookEvents.id, event.id), isNull(webhookEvents.processedAt)));
}

/**
 * An attempt that failed for now: counted and released for the job's retry, or, when `givenUp`, the
 * event is done as `failed`.
 */
export async function recordFailedAttempt(
  db: Db,
  event: WebhookEvent,
  givenUp?: { reason: string },
): Promise<void> {
  const attempts = event.attempts + 1;
  await db
    .update(webhookEvents)
    .set({
      attempts,
      claimedUntil: null,
      ...(givenUp
        ? { processedAt: databaseNow(), outcome: 'failed', detail: { reason: givenUp.reason, attempts } }
        : {}),
    })
    .where(and(eq(webhookEvents.id, event.id), isNull(webhookEvents.processedAt)));
}

/** Subscriptions with events still waiting, for the sweep when the workers start. */
export async function subscriptionsWithPendingEvents(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ subscriptionId: webhookEvents.subscriptionId })
    .from(webhookEvents)
    .where(isNull(webhookEvents.processedAt));
  return rows.map((row) => row.subscriptionId);
}

/**
 * Subscriptions with an event that waits untried, unclaimed, for longer than `olderThanSeconds`: its
 * wake was lost (a failed job send, an instance that died between the answer and the send). A
 * subscription with an event tried before is left to that event's job, its retries and its backoff.
 */
export async function subscriptionsWithForgottenEvents(db: Db, olderThanSeconds = 30): Promise<string[]> {
  const pendingOf = (...conditions: (SQL | undefined)[]) =>
    db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.subscriptionId, webhookSubscriptions.id),
          isNull(webhookEvents.processedAt),
          ...conditions,
        ),
      );
  const rows = await db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(
      and(
        exists(
          pendingOf(
            eq(webhookEvents.attempts, 0),
            lt(webhookEvents.receivedAt, databaseNowMinus(olderThanSeconds, 'secs')),
            or(isNull(webhookEvents.claimedUntil), lt(webhookEvents.claimedUntil, databaseNow())),
          ),
        ),
        notExists(pendingOf(gt(webhookEvents.attempts, 0))),
      ),
    );
  return rows.map((row) => row.id);
}

/** Forgets processed events received longer ago than the retention (spec: at least 30 days). */
export async function purgeSeenEvents(db: Db, retentionDays = 35): Promise<number> {
  const deleted = await db
    .delete(webhookEvents)
    .where(
      and(
        isNotNull(webhookEvents.processedAt),
        lt(webhookEvents.receivedAt, databaseNowMinus(Math.max(30, retentionDays), 'days')),
      ),
    )
    .returning({ id: webhookEvents.id });
  return deleted.length;
}
