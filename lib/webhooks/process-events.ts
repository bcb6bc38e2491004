import {
  and,
  asc,
  eq,
  exists,
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
import { readBankResource } from '@/lib/bank/resources';
import { settings } from '@/lib/config';
import type { Db } from '@/lib/db';
import { type WebhookEvent, webhookEvents, webhookSubscriptions } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import type { Handled, ResourceReader } from './event-handler';
import { eventHandlers } from './event-handlers';

// A transient failure (bank down, 5xx) leaves the event pending for the job's retry; after this many
// tries it is given up as `failed`, so one bad event cannot hold up its subscription for ever.
const maxAttempts = 8;

class TransientEventError extends Error {
  override name = 'TransientEventError';
}

/** A later event for the same resource already read it: this one has nothing newer to tell. */
async function isSuperseded(db: Db, event: WebhookEvent): Promise<boolean> {
  if (!event.selfLink) return false;
  const [later] = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.selfLink, event.selfLink),
        eq(webhookEvents.outcome, 'applied'),
        gt(webhookEvents.occurredAt, event.occurredAt),
      ),
    )
    .limit(1);
  return later !== undefined;
}

async function handle(db: Db, event: WebhookEvent, read: ResourceReader): Promise<Handled> {
  const handler = eventHandlers.get(event.eventType.toLowerCase());
  if (!handler) return { outcome: 'ignored' };
  if (await isSuperseded(db, event)) return { outcome: 'superseded' };
  return handler(db, event, read);
}

// Long enough for the business token and the read of the self link, each within the bank timeout,
// with room to spare: a live worker never outlasts its claim, and a dead one's claim lapses soon.
const claimSeconds = () => 2 * Math.ceil(settings().BANK_TIMEOUT_MS / 1000) + 30;

const earlier = alias(webhookEvents, 'earlier');

/**
 * Claims the subscription's earliest pending event, or nothing. The row is locked `FOR UPDATE SKIP
 * LOCKED` while the claim is written, and the claim stands until `claimedUntil`: two workers (two
 * app instances) never take one event. Nothing is claimed while an earlier event of the subscription
 * is pending, claimed or not (an event another worker has claimed and not finished stops this
 * worker rather than let it run ahead): events are applied in `occurredAt` order.
 */
async function claimNext(db: Db, subscriptionId: string): Promise<WebhookEvent | undefined> {
  const head = db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.subscriptionId, subscriptionId), isNull(webhookEvents.processedAt)))
    .orderBy(asc(webhookEvents.occurredAt), asc(webhookEvents.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [event] = await db
    .update(webhookEvents)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${claimSeconds()})` })
    .where(
      and(
        inArray(webhookEvents.id, head),
        isNull(webhookEvents.processedAt),
        or(isNull(webhookEvents.claimedUntil), lt(webhookEvents.claimedUntil, sql`now()`)),
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
 * Processes a subscription's pending events in `occurredAt` order. Deliveries arrive out of order;
 * those that arrived together are put back in order here, and one that arrives after a later event
 * for the same resource was applied is marked `superseded` rather than applied over it. Each event
 * is a signal: what is recorded is what the `self` link says now.
 *
 * Runs one job at a time per subscription (see lib/webhooks/queue.ts), and claims each event before
 * it reads the bank (`claimNext`), so that no event is processed twice even should two run. Throws
 * after recording a transient failure, so that the job is retried with backoff.
 */
export async function processSubscriptionEvents(
  db: Db,
  subscriptionId: string,
  read: ResourceReader = readBankResource,
): Promise<{ processed: number }> {
  let processed = 0;
  for (;;) {
    const event = await claimNext(db, subscriptionId);
    if (!event) return { processed };
    const result = await handle(db, event, read);
    const mine = and(eq(webhookEvents.id, event.id), isNull(webhookEvents.processedAt));
    if ('retry' in result) {
      const attempts = event.attempts + 1;
      const givenUp = attempts >= maxAttempts;
      await db
        .update(webhookEvents)
        .set({
          attempts,
          claimedUntil: null,
          ...(givenUp
            ? { processedAt: sql`now()`, outcome: 'failed', detail: { reason: result.retry, attempts } }
            : {}),
        })
        .where(mine);
      if (givenUp) {
        logger.warn({ eventId: event.eventId, attempts }, 'webhook event given up');
        continue;
      }
      throw new TransientEventError(`Event ${event.eventId}: ${result.retry}`);
    }
    await db
      .update(webhookEvents)
      .set({
        processedAt: sql`now()`,
        outcome: result.outcome,
        detail: result.detail ?? null,
        attempts: event.attempts + 1,
        claimedUntil: null,
      })
      .where(mine);
    processed++;
    logger.info(
      { subscriptionId, eventId: event.eventId, eventType: event.eventType, outcome: result.outcome },
      'webhook event processed',
    );
  }
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
            lt(webhookEvents.receivedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
            or(isNull(webhookEvents.claimedUntil), lt(webhookEvents.claimedUntil, sql`now()`)),
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
        lt(webhookEvents.receivedAt, sql`now() - make_interval(days => ${Math.max(30, retentionDays)})`),
      ),
    )
    .returning({ id: webhookEvents.id });
  return deleted.length;
}
