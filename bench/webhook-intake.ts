// Webhook deliveries per second through acceptDelivery (signing keys cached in memory, signature,
// decryption, envelope, insert-once on PGlite, and optionally the coalesced pg-boss wake, whose sends
// are waited for before the clock stops), beside verify + decrypt alone, and the bare reference of
// bench/webhook-limits.ts: verify + decrypt + JSON.parse + one plain INSERT.
// Run: npx tsx bench/webhook-intake.ts [deliveries]
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { freshAppDatabase } from '@/tests/support/app-database';
import type { Delivery } from './webhook-support';

const count = Number(process.argv[2] ?? 2000);

Object.assign(process.env, await freshAppDatabase());
process.env.AUTH_SECRET ??= randomBytes(33).toString('base64');
process.env.SEED_DEMO_PSU = 'false';
process.env.LOG_LEVEL = 'error';

// Imported after the environment is set: settings and the logger read it once.
const { getDb, openDatabase, closeDatabase } = await import('@/lib/db');
const { acceptDelivery } = await import('@/lib/webhooks/intake');
const { decryptDelivery } = await import('@/lib/webhooks/encryption');
const { parseEnvelope } = await import('@/lib/webhooks/envelope');
const { bareIntake, sealedDeliveries, verifyOrThrow } = await import('./webhook-support');
const { saveSubscription, callbackUrlFor, newSubscriptionId } = await import('@/lib/webhooks/subscriptions');
const { settleWebhookWakes, webhookEventQueue } = await import('@/lib/webhooks/queue');
const { attachJobQueue } = await import('@/lib/jobs/queue');
const { fromPglite, PgBoss } = await import('pg-boss');

const db = await getDb();
const { jobs } = await openDatabase();
if (jobs.kind !== 'pglite') throw new Error('expected PGlite');
const secret = `whsec_${randomBytes(32).toString('base64url')}`;
const subscriptionId = newSubscriptionId();
await saveSubscription(db, {
  id: subscriptionId,
  bankId: 'default',
  bankSubscriptionId: randomUUID(),
  callbackUrl: callbackUrlFor(subscriptionId),
  eventTypes: ['Claim'],
  signingSecret: secret,
});

const deliveries = (n: number) => sealedDeliveries(secret, n);

async function timed(
  label: string,
  list: Delivery[],
  concurrency: number,
  each: (d: Delivery) => Promise<void>,
) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < list.length) {
        const delivery = list[next++];
        if (delivery) await each(delivery);
      }
    }),
  );
  await settleWebhookWakes();
  const ms = performance.now() - started;
  const perSecond = (list.length / ms) * 1000;
  console.log(
    `${label.padEnd(60)} ${String(Math.round(perSecond)).padStart(7)}/s  ${(ms / list.length).toFixed(3).padStart(7)} ms each`,
  );
  return perSecond;
}

const expectAccepted = (status: string) => async (d: Delivery) => {
  const outcome = await acceptDelivery({ subscriptionId, ...d });
  if (!outcome.ok || outcome.status !== status)
    throw new Error(`unexpected outcome ${JSON.stringify(outcome)}`);
};

console.log(`${count} deliveries per run, node ${process.version}, PGlite\n`);
const warm = await deliveries(200);
for (const d of warm.slice(0, 100)) await expectAccepted('accepted')(d);

const batchA = await deliveries(count);
await timed('verify + decrypt + envelope only (no database)', batchA, 1, async (d) => {
  verifyOrThrow(d, secret);
  const opened = await decryptDelivery(d.rawBody, secret);
  if (!opened.ok || !parseEnvelope(opened.plaintext).ok) throw new Error('did not open');
});
const bareRate = await timed(
  'bare: verify + decrypt + JSON.parse + one INSERT',
  await deliveries(count),
  1,
  bareIntake(jobs.client, subscriptionId, secret),
);
const unqueuedRate = await timed(
  'acceptDelivery, new events, no queue, sequential',
  batchA,
  1,
  expectAccepted('accepted'),
);
await timed('acceptDelivery, duplicates, sequential', batchA, 1, expectAccepted('duplicate'));
const batchB = await deliveries(count);
await timed('acceptDelivery, new events, no queue, 16 concurrent', batchB, 16, expectAccepted('accepted'));

const boss = new PgBoss({ db: fromPglite(jobs.client), schema: 'pgboss' });
await boss.start();
await boss.createQueue(webhookEventQueue, { policy: 'stately' });
attachJobQueue(boss);
const batchC = await deliveries(count);
const queuedRate = await timed(
  'acceptDelivery, new events + coalesced job wake, sequential',
  batchC,
  1,
  expectAccepted('accepted'),
);
attachJobQueue(undefined);
const percent = (rate: number) => `${((rate / bareRate) * 100).toFixed(1)}%`;
console.log(
  `\nintake / bare (target >= 40%): ${percent(queuedRate)} with the job wake (as the server), ` +
    `${percent(unqueuedRate)} without the queue`,
);
await boss.stop({ graceful: true, timeout: 5000 });
await closeDatabase();
