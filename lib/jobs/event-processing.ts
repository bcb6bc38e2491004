import type { PgBoss } from 'pg-boss';
import { getDb } from '@/lib/db';
import {
  purgeSeenEvents,
  subscriptionsWithForgottenEvents,
  subscriptionsWithPendingEvents,
} from '@/lib/db/queries/webhook-events';
import { logger } from '@/lib/log';
import { processSubscriptionEvents } from '@/lib/webhooks/process-events';
import { enqueueWebhookEvents, type WebhookEventJob, webhookEventQueue } from '@/lib/webhooks/queue';
import type { JobQueueDeclaration } from './queue';

const purgeQueue = 'webhook-event-purge';
const sweepQueue = 'webhook-event-sweep';

// Half-second polling as for the status queue: a delivery's processing or a retry otherwise waits
// for pg-boss's 30 s backstop poll.
const polling = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 } as const;

export const eventProcessingQueues: JobQueueDeclaration[] = [
  // `stately` keyed by subscription: one job runs and one waits per subscription, so its events are
  // processed one after another, in order, across every worker; each event is claimed before it is
  // processed besides (lib/webhooks/process-events.ts), so none is processed twice.
  [webhookEventQueue, { policy: 'stately' }],
  [purgeQueue],
  [sweepQueue, { policy: 'singleton' }],
];

/** The workers for webhook events. */
export async function workEventProcessing(boss: PgBoss): Promise<void> {
  await boss.work<WebhookEventJob>(webhookEventQueue, { batchSize: 1, ...polling }, async (jobs) => {
    const db = await getDb();
    for (const job of jobs) await processSubscriptionEvents(db, job.data.subscriptionId);
  });
  await boss.work(purgeQueue, async () => {
    const purged = await purgeSeenEvents(await getDb());
    if (purged) logger.info({ purged }, 'old webhook events purged');
  });
  await boss.schedule(purgeQueue, '17 3 * * *');
  // A delivery is answered before its job is sent (lib/webhooks/queue.ts); should the send be lost,
  // this finds the event within a minute or so, on whichever worker takes the scheduled job.
  await boss.work(sweepQueue, async () => {
    await sweepForgottenEvents();
  });
  await boss.schedule(sweepQueue, '* * * * *');
  // Events stored while no worker ran (a crash, a restart) are processed now.
  for (const subscriptionId of await subscriptionsWithPendingEvents(await getDb())) {
    await enqueueWebhookEvents(subscriptionId);
  }
}

/** Queues the processing of events whose wake was lost; run every minute by one instance. */
export async function sweepForgottenEvents(): Promise<number> {
  const forgotten = await subscriptionsWithForgottenEvents(await getDb());
  for (const subscriptionId of forgotten) {
    logger.info({ subscriptionId }, 'webhook events waiting untried: processing queued');
    await enqueueWebhookEvents(subscriptionId);
  }
  return forgotten.length;
}
