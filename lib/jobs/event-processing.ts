import type { PgBoss } from 'pg-boss';
import { getDb } from '@/lib/db';
import { logger } from '@/lib/log';
import { processPaymentNotification } from '@/lib/webhooks/payment-notifications';
import {
  processSubscriptionEvents,
  purgeSeenEvents,
  subscriptionsWithPendingEvents,
} from '@/lib/webhooks/process-events';
import {
  attachJobQueue,
  enqueueWebhookEvents,
  type PaymentNotificationJob,
  paymentNotificationQueue,
  type WebhookEventJob,
  webhookEventQueue,
} from '@/lib/webhooks/queue';

const purgeQueue = 'webhook-event-purge';

// Half-second polling as for the status queue: a delivery's processing or a retry otherwise waits
// for pg-boss's 30 s backstop poll.
const polling = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 } as const;

/** Queues and workers for webhook events and payment status notifications. */
export async function registerEventProcessing(boss: PgBoss): Promise<void> {
  // `stately` keyed by subscription: one job runs and one waits per subscription, so its events are
  // processed one after another, in order, across every app instance.
  await boss.createQueue(webhookEventQueue, { policy: 'stately' });
  await boss.createQueue(paymentNotificationQueue);
  await boss.createQueue(purgeQueue);

  await boss.work<WebhookEventJob>(webhookEventQueue, { batchSize: 1, ...polling }, async (jobs) => {
    const db = await getDb();
    for (const job of jobs) await processSubscriptionEvents(db, job.data.subscriptionId);
  });
  await boss.work<PaymentNotificationJob>(
    paymentNotificationQueue,
    { batchSize: 5, ...polling },
    async (jobs) => {
      const db = await getDb();
      for (const job of jobs) await processPaymentNotification(db, job.data.notificationId);
    },
  );
  await boss.work(purgeQueue, async () => {
    const purged = await purgeSeenEvents(await getDb());
    if (purged) logger.info({ purged }, 'old webhook events purged');
  });
  await boss.schedule(purgeQueue, '17 3 * * *');

  attachJobQueue(boss);
  // Events stored while no worker ran (a crash, a restart) are processed now.
  for (const subscriptionId of await subscriptionsWithPendingEvents(await getDb())) {
    await enqueueWebhookEvents(subscriptionId);
  }
}
