import { bankById } from '@/lib/bank/directory';
import { readBankResource } from '@/lib/bank/resources';
import { inBank } from '@/lib/bank/scope';
import { settings } from '@/lib/config';
import type { Db } from '@/lib/db';
import {
  claimNextEvent,
  laterEventApplied,
  recordEventOutcome,
  recordFailedAttempt,
} from '@/lib/db/queries/webhook-events';
import type { WebhookEvent } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import type { Handled, ResourceReader } from './event-handler';
import { eventHandlers } from './event-handlers';
import { findSubscription } from './subscriptions';

// A transient failure (bank down, 5xx) leaves the event pending for the job's retry; after this many
// tries it is given up as `failed`, so one bad event cannot hold up its subscription for ever.
const maxAttempts = 8;

class TransientEventError extends Error {
  override name = 'TransientEventError';
}

async function handle(db: Db, event: WebhookEvent, read: ResourceReader): Promise<Handled> {
  const handler = eventHandlers.get(event.eventType.toLowerCase());
  if (!handler) return { outcome: 'ignored' };
  if (await laterEventApplied(db, event)) return { outcome: 'superseded' };
  return handler(db, event, read);
}

// Long enough for the business token and the read of the self link, each within the bank timeout,
// with room to spare: a live worker never outlasts its claim, and a dead one's claim lapses soon.
const claimSeconds = () => 2 * Math.ceil(settings().BANK_TIMEOUT_MS / 1000) + 30;

/** A bank no longer in the directory has no business interface we may send a token to. */
const unlistedBank: ResourceReader = async () => ({ ok: false, kind: 'outside_business_interface' });

/**
 * Processes a subscription's pending events in `occurredAt` order, in the scope of the bank the subscription
 * is at (lib/bank/scope.ts): a `self` link is followed only into that bank's business interface, with that
 * bank's business token, so an event from one bank never reads or changes another's claim. Deliveries arrive out of order;
 * those that arrived together are put back in order here, and one that arrives after a later event
 * for the same resource was applied is marked `superseded` rather than applied over it. Each event
 * is a signal: what is recorded is what the `self` link says now.
 *
 * Runs one job at a time per subscription (see lib/webhooks/queue.ts), and claims each event before
 * it reads the bank (`claimNextEvent`), so that no event is processed twice even should two run. Throws
 * after recording a transient failure, so that the job is retried with backoff.
 */
export async function processSubscriptionEvents(
  db: Db,
  subscriptionId: string,
  read: ResourceReader = readBankResource,
): Promise<{ processed: number }> {
  const subscription = await findSubscription(db, subscriptionId);
  if (!subscription) return { processed: 0 };
  const bank = bankById(subscription.bankId);
  if (!bank) {
    logger.warn({ subscriptionId, bankId: subscription.bankId }, 'events of a bank no longer listed');
    return processInScope(db, subscriptionId, unlistedBank);
  }
  return inBank(bank, () => processInScope(db, subscriptionId, read));
}

async function processInScope(
  db: Db,
  subscriptionId: string,
  read: ResourceReader,
): Promise<{ processed: number }> {
  let processed = 0;
  for (;;) {
    const event = await claimNextEvent(db, subscriptionId, claimSeconds());
    if (!event) return { processed };
    const result = await handle(db, event, read);
    if ('retry' in result) {
      const attempts = event.attempts + 1;
      const givenUp = attempts >= maxAttempts;
      await recordFailedAttempt(db, event, givenUp ? { reason: result.retry } : undefined);
      if (givenUp) {
        logger.warn({ eventId: event.eventId, attempts }, 'webhook event given up');
        continue;
      }
      throw new TransientEventError(`Event ${event.eventId}: ${result.retry}`);
    }
    await recordEventOutcome(db, event, result.outcome, result.detail);
    processed++;
    logger.info(
      { subscriptionId, eventId: event.eventId, eventType: event.eventType, outcome: result.outcome },
      'webhook event processed',
    );
  }
}
