import type { PgBoss } from 'pg-boss';
import { logger } from '@/lib/log';
import { processGlobal } from '@/lib/server/process-global';

export const webhookEventQueue = 'webhook-event';
export const paymentNotificationQueue = 'payment-notification';

export interface WebhookEventJob {
  subscriptionId: string;
}

export interface PaymentNotificationJob {
  notificationId: number;
}

// Per process, not per module copy: route handlers and the worker registration are bundled apart.
const queue = processGlobal<{ boss?: PgBoss }>('webhook-queue', () => ({}));

/** Set by the worker registration (lib/jobs/event-processing.ts) once the queues exist. */
export function attachJobQueue(instance: PgBoss | undefined): void {
  queue.boss = instance;
}

/**
 * Asks for the pending events of a subscription to be processed. One job per subscription waits at
 * a time (queue policy `stately`, keyed by subscription), so a burst of deliveries costs one pass.
 * Without a running queue the event stays pending in the table, and the sweep at the next start of
 * the workers picks it up: the delivery is never refused for it.
 */
export async function enqueueWebhookEvents(subscriptionId: string): Promise<boolean> {
  const boss = queue.boss;
  if (!boss) return false;
  try {
    await boss.send(webhookEventQueue, { subscriptionId } satisfies WebhookEventJob, {
      singletonKey: subscriptionId,
      // More tries than an event's own limit (8, lib/webhooks/process-events.ts), so an event the bank
      // keeps failing on is given up by its counter rather than left pending when the job gives up.
      retryLimit: 10,
      retryDelay: 5,
      retryBackoff: true,
    });
    return true;
  } catch (error) {
    logger.warn({ subscriptionId, err: error }, 'could not queue webhook event processing');
    return false;
  }
}

export async function enqueuePaymentNotification(notificationId: number): Promise<boolean> {
  const boss = queue.boss;
  if (!boss) return false;
  try {
    await boss.send(paymentNotificationQueue, { notificationId } satisfies PaymentNotificationJob, {
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
    });
    return true;
  } catch (error) {
    logger.warn({ notificationId, err: error }, 'could not queue a payment notification');
    return false;
  }
}
