import { attachedJobQueue, sendJob } from '@/lib/jobs/queue';
import { processGlobal } from '@/lib/server/process-global';

export const webhookEventQueue = 'webhook-event';

export interface WebhookEventJob {
  subscriptionId: string;
}

/**
 * Asks for the pending events of a subscription to be processed. One job per subscription waits at
 * a time (queue policy `stately`, keyed by subscription), so a burst of deliveries costs one pass.
 * Without a running queue the event stays pending in the table, and the sweep at the next start of
 * the workers picks it up: the delivery is never refused for it.
 */
export function enqueueWebhookEvents(subscriptionId: string): Promise<boolean> {
  return sendJob(
    webhookEventQueue,
    { subscriptionId } satisfies WebhookEventJob,
    {
      singletonKey: subscriptionId,
      // More tries than an event's own limit (8, lib/webhooks/process-events.ts), so an event the bank
      // keeps failing on is given up by its counter rather than left pending when the job gives up.
      retryLimit: 10,
      retryDelay: 5,
      retryBackoff: true,
    },
    { subscriptionId },
  );
}

// Deliveries for one subscription wake its processing with one job send per this interval at most:
// the worker polls every half second (lib/jobs/event-processing.ts) and takes every pending event of
// the subscription when it runs, so a send per delivery would only cost the database.
export const wakeIntervalMs = 100;

interface Wake {
  /** An event was stored after the last send began: one more send is owed. */
  again: boolean;
  /** Set by `settleWebhookWakes`: no more waiting between sends. */
  hurried: boolean;
  /** Ends the wait under way. */
  hurry?: () => void;
  done: Promise<void>;
}

const wakes = processGlobal('webhook-wakes', () => new Map<string, Wake>());

/**
 * Wakes the processing of a subscription's events after one was stored, without waiting for it: the
 * delivery is answered once its event is stored, and the job is only a signal. The first wake sends
 * at once; wakes in the `wakeIntervalMs` after a send began are folded into one send at its end. So
 * every stored event is followed by a send that begins after it was stored, and a burst costs one
 * send per interval. Should a send fail or the process die first, the event stays pending, and the
 * sweeps (at the start of the workers, and every minute, lib/jobs/event-processing.ts) queue it.
 */
export function wakeWebhookEvents(subscriptionId: string): void {
  if (!attachedJobQueue()) return;
  const pending = wakes.get(subscriptionId);
  if (pending) {
    pending.again = true;
    return;
  }
  const wake: Wake = { again: false, hurried: false, done: Promise.resolve() };
  wakes.set(subscriptionId, wake);
  wake.done = (async () => {
    for (;;) {
      wake.again = false;
      await enqueueWebhookEvents(subscriptionId);
      if (!wake.hurried) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wakeIntervalMs);
          wake.hurry = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake.hurry = undefined;
      }
      // Checked and removed in the same turn: no wake can slip in between and be lost.
      if (!wake.again) {
        wakes.delete(subscriptionId);
        return;
      }
    }
  })();
}

/**
 * Sends the job every wake under way still owes, without waiting out the interval, and resolves once
 * sent (or failed): before the queue stops, and for tests and benches.
 */
export async function settleWebhookWakes(): Promise<void> {
  while (wakes.size > 0) {
    for (const wake of wakes.values()) {
      wake.hurried = true;
      wake.hurry?.();
    }
    await Promise.all([...wakes.values()].map((wake) => wake.done));
  }
}
