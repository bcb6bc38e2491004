import { eq, inArray, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, type Db, getDb } from '@/lib/db';
import { webhookEvents } from '@/lib/db/schema';
import { startJobs, stopJobs } from '@/lib/jobs';
import { sweepForgottenEvents } from '@/lib/jobs/event-processing';
import { attachJobQueue } from '@/lib/jobs/queue';
import { acceptDelivery } from '@/lib/webhooks/intake';
import { settleWebhookWakes, wakeIntervalMs, webhookEventQueue } from '@/lib/webhooks/queue';
import { freshAppDatabase } from '../support/app-database';
import {
  claimEnvelope,
  createSubscription,
  type FakeBank,
  paidClaim,
  sealedDelivery,
  startFakeBank,
  waitFor,
} from './support';

// The webhook inbox as the server runs it: deliveries stored and answered, the pg-boss workers woken
// by a coalesced job, and the sweeps that find events whose job never came.

let db: Db;
let bank: FakeBank;

beforeAll(async () => {
  bank = await startFakeBank((method, path) =>
    method === 'GET' && path.startsWith('/business/claims/v1/claims/')
      ? { status: 200, body: paidClaim(path.split('/').pop() ?? '') }
      : undefined,
  );
  Object.assign(process.env, await freshAppDatabase());
  process.env.AUTH_SECRET = 'event-queue-test-secret-0123456789abcdefgh';
  process.env.SEED_DEMO_PSU = 'false';
  process.env.BANK_AUTH_URL = bank.url;
  process.env.BANK_BUSINESS_BASE_URL = `${bank.url}/business`;
  db = await getDb();
});

afterAll(async () => {
  await stopJobs();
  await closeDatabase();
  await bank.close();
});

const claimLink = (name: string) => [
  { rel: 'self', href: `${bank.url}/business/claims/v1/claims/${name}`, method: 'GET' },
];

async function deliver(subscriptionId: string, secret: string, name: string) {
  const envelope = claimEnvelope({ links: claimLink(name) });
  const outcome = await acceptDelivery({ subscriptionId, ...(await sealedDelivery(envelope, secret)) });
  expect(outcome).toMatchObject({ ok: true, status: 'accepted' });
  return envelope.eventId;
}

const rowsOf = (eventIds: string[]) =>
  db.select().from(webhookEvents).where(inArray(webhookEvents.eventId, eventIds));

const allProcessed = (eventIds: string[]) =>
  waitFor(async () => {
    const rows = await rowsOf(eventIds);
    return rows.length === eventIds.length && rows.every((row) => row.processedAt) ? rows : undefined;
  });

const claimReads = (name: string) => bank.requests.filter((r) => r.path.endsWith(`/claims/${name}`)).length;

describe('webhook events through the job queue', () => {
  let boss: PgBoss;
  let sends = 0;

  it('processes an event stored while no worker ran (a crash between the answer and the job) when the workers start', async () => {
    const { id, secret } = await createSubscription(db);
    const eventId = await deliver(id, secret, 'crash-1');
    expect((await rowsOf([eventId]))[0]).toMatchObject({ processedAt: null });

    boss = await startJobs();
    const send = boss.send.bind(boss);
    boss.send = ((name: string, ...rest: unknown[]) => {
      if (name === webhookEventQueue) sends++;
      return (send as (...args: unknown[]) => ReturnType<PgBoss['send']>)(name, ...rest);
    }) as PgBoss['send'];

    const [row] = await allProcessed([eventId]);
    expect(row).toMatchObject({ outcome: 'applied', attempts: 1, claimedUntil: null });
    expect(claimReads('crash-1')).toBe(1);
  });

  it('wakes the worker for a burst of deliveries with far fewer job sends than events, each event applied once', async () => {
    const { id, secret } = await createSubscription(db);
    sends = 0;
    const eventIds: string[] = [];
    const started = performance.now();
    for (let i = 0; i < 30; i++) eventIds.push(await deliver(id, secret, `burst-${i}`));
    const elapsed = performance.now() - started;
    await settleWebhookWakes();
    // One send at once, then one per interval at most while deliveries keep coming, and one at the end.
    expect(sends).toBeGreaterThanOrEqual(1);
    expect(sends).toBeLessThanOrEqual(Math.ceil(elapsed / wakeIntervalMs) + 1);
    expect(sends).toBeLessThan(eventIds.length);
    const rows = await allProcessed(eventIds);
    expect(rows.every((row) => row.outcome === 'applied' && row.attempts === 1)).toBe(true);
    for (let i = 0; i < 30; i++) expect(claimReads(`burst-${i}`)).toBe(1);
  });

  it('queues, from the minute sweep, an event whose job was never sent, and leaves fresh and retried ones be', async () => {
    const { id, secret } = await createSubscription(db);
    // The sends are lost: the queue is away when the events are stored.
    attachJobQueue(undefined);
    const lost = await deliver(id, secret, 'lost-1');
    const { id: otherId, secret: otherSecret } = await createSubscription(db);
    const retried = await deliver(otherId, otherSecret, 'retried-1');
    const behindRetried = await deliver(otherId, otherSecret, 'retried-2');
    attachJobQueue(boss);
    // Tried before and waiting for its job's retry: the sweep leaves that subscription to the job's
    // backoff, the untried event behind it too.
    await db
      .update(webhookEvents)
      .set({ receivedAt: sql`now() - interval '2 minutes'` })
      .where(inArray(webhookEvents.eventId, [retried, behindRetried]));
    await db.update(webhookEvents).set({ attempts: 1 }).where(eq(webhookEvents.eventId, retried));
    // Just stored: its wake may still be on the way, so the sweep does not count it yet.
    expect(await sweepForgottenEvents()).toBe(0);
    await db
      .update(webhookEvents)
      .set({ receivedAt: sql`now() - interval '2 minutes'` })
      .where(eq(webhookEvents.eventId, lost));
    expect(await sweepForgottenEvents()).toBe(1);
    const [row] = await allProcessed([lost]);
    expect(row).toMatchObject({ outcome: 'applied' });
    expect(claimReads('lost-1')).toBe(1);
    expect(await sweepForgottenEvents()).toBe(0);
  });
});
