import type { PgBoss } from 'pg-boss';
import { afterEach, describe, expect, it } from 'vitest';
import { attachJobQueue } from '@/lib/jobs/queue';
import { settleWebhookWakes, wakeIntervalMs, wakeWebhookEvents } from '@/lib/webhooks/queue';

/** A stand-in for pg-boss that notes when each send began and ended; `hold` keeps a send open. */
function recordingQueue(options: { fail?: boolean } = {}) {
  const sends: { key: string; startedAt: number; endedAt?: number }[] = [];
  let release: (() => void) | undefined;
  let held = false;
  const boss = {
    send: async (_queue: string, _data: unknown, opts: { singletonKey: string }) => {
      const send: (typeof sends)[number] = { key: opts.singletonKey, startedAt: performance.now() };
      sends.push(send);
      if (held) await new Promise<void>((resolve) => (release = resolve));
      send.endedAt = performance.now();
      if (options.fail) throw new Error('database unavailable');
      return 'job-id';
    },
  };
  attachJobQueue(boss as unknown as PgBoss);
  return {
    sends,
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      release?.();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  await settleWebhookWakes();
  attachJobQueue(undefined);
});

describe('waking the processing of webhook events', () => {
  it('sends at once for the first event, and folds a burst into one more send after the interval', async () => {
    const queue = recordingQueue();
    for (let i = 0; i < 50; i++) wakeWebhookEvents('sub-a');
    await sleep(wakeIntervalMs / 4);
    expect(queue.sends).toHaveLength(1);
    await sleep(wakeIntervalMs * 2);
    expect(queue.sends).toHaveLength(2);
    await settleWebhookWakes();
    expect(queue.sends).toHaveLength(2);
    expect(queue.sends.every((send) => send.key === 'sub-a')).toBe(true);
  });

  it('follows an event stored during a send with a send that begins after it', async () => {
    const queue = recordingQueue();
    queue.hold();
    wakeWebhookEvents('sub-b');
    await sleep(5);
    expect(queue.sends).toHaveLength(1);
    // Stored while the first send is under way: that send may not see it, so another is owed.
    const storedAt = performance.now();
    wakeWebhookEvents('sub-b');
    queue.release();
    await settleWebhookWakes();
    expect(queue.sends).toHaveLength(2);
    expect(queue.sends[1]?.startedAt).toBeGreaterThan(storedAt);
  });

  it('keeps subscriptions apart', async () => {
    const queue = recordingQueue();
    wakeWebhookEvents('sub-c');
    wakeWebhookEvents('sub-d');
    await settleWebhookWakes();
    expect(queue.sends.map((send) => send.key).sort()).toEqual(['sub-c', 'sub-d']);
  });

  it('never throws: without a queue nothing is sent, and a failed send leaves the next wake free to send', async () => {
    expect(() => wakeWebhookEvents('sub-e')).not.toThrow();
    await settleWebhookWakes();
    const queue = recordingQueue({ fail: true });
    wakeWebhookEvents('sub-e');
    await settleWebhookWakes();
    wakeWebhookEvents('sub-e');
    await settleWebhookWakes();
    expect(queue.sends).toHaveLength(2);
  });

  it('settles at once: a stop does not wait out the interval', async () => {
    const queue = recordingQueue();
    wakeWebhookEvents('sub-f');
    await sleep(1);
    wakeWebhookEvents('sub-f');
    const started = performance.now();
    await settleWebhookWakes();
    expect(performance.now() - started).toBeLessThan(wakeIntervalMs);
    expect(queue.sends).toHaveLength(2);
  });
});
