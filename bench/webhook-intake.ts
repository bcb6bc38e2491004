// Webhook deliveries per second through acceptDelivery (signature, decryption, envelope, insert on
// PGlite, and optionally the pg-boss enqueue), beside the cost of verify + decrypt alone.
// Run: npx tsx bench/webhook-intake.ts [deliveries]
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { freshAppDatabase } from '@/tests/support/app-database';

const count = Number(process.argv[2] ?? 2000);

Object.assign(process.env, await freshAppDatabase());
process.env.AUTH_SECRET ??= randomBytes(33).toString('base64');
process.env.SEED_DEMO_PSU = 'false';
process.env.LOG_LEVEL = 'error';

// Imported after the environment is set: settings and the logger read it once.
const { getDb, openDatabase, closeDatabase } = await import('@/lib/db');
const { acceptDelivery } = await import('@/lib/webhooks/intake');
const { decryptDelivery, encryptEnvelope } = await import('@/lib/webhooks/encryption');
const { parseEnvelope } = await import('@/lib/webhooks/envelope');
const { signPayload, verifySignature } = await import('@/lib/webhooks/signature');
const { saveSubscription, callbackUrlFor, newSubscriptionId } = await import('@/lib/webhooks/subscriptions');
const { attachJobQueue, webhookEventQueue } = await import('@/lib/webhooks/queue');
const { fromPglite, PgBoss } = await import('pg-boss');

const db = await getDb();
const secret = `whsec_${randomBytes(32).toString('base64url')}`;
const subscriptionId = newSubscriptionId();
await saveSubscription(db, {
  id: subscriptionId,
  bankSubscriptionId: randomUUID(),
  callbackUrl: callbackUrlFor(subscriptionId),
  eventTypes: ['Claim'],
  signingSecret: secret,
});

async function deliveries(n: number) {
  const list: { rawBody: string; signatureHeader: string }[] = [];
  const t = Math.floor(Date.now() / 1000);
  for (let i = 0; i < n; i++) {
    const rawBody = await encryptEnvelope(
      {
        eventId: randomUUID(),
        eventType: 'claim.paid',
        schemaVersion: '1.0',
        occurredAt: new Date(Date.now() - i).toISOString(),
        links: [{ rel: 'self', href: `http://127.0.0.1:4010/business/claims/v1/claims/${i}`, method: 'GET' }],
      },
      secret,
    );
    list.push({ rawBody, signatureHeader: signPayload(secret, rawBody, t) });
  }
  return list;
}

type Delivery = Awaited<ReturnType<typeof deliveries>>[number];

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
  const ms = performance.now() - started;
  const perSecond = (list.length / ms) * 1000;
  console.log(
    `${label.padEnd(52)} ${String(Math.round(perSecond)).padStart(7)}/s  ${(ms / list.length).toFixed(3).padStart(7)} ms each`,
  );
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
  const check = verifySignature({
    header: d.signatureHeader,
    rawBody: d.rawBody,
    secrets: [secret],
    toleranceSeconds: 300,
  });
  if (!check.ok) throw new Error(check.reason);
  const opened = await decryptDelivery(d.rawBody, secret);
  if (!opened.ok || !parseEnvelope(opened.plaintext).ok) throw new Error('did not open');
});
await timed('acceptDelivery, new events, no queue, sequential', batchA, 1, expectAccepted('accepted'));
await timed('acceptDelivery, duplicates, sequential', batchA, 1, expectAccepted('duplicate'));
const batchB = await deliveries(count);
await timed('acceptDelivery, new events, no queue, 16 concurrent', batchB, 16, expectAccepted('accepted'));

const { jobs } = await openDatabase();
if (jobs.kind !== 'pglite') throw new Error('expected PGlite');
const boss = new PgBoss({ db: fromPglite(jobs.client), schema: 'pgboss' });
await boss.start();
await boss.createQueue(webhookEventQueue, { policy: 'stately' });
attachJobQueue(boss);
const batchC = await deliveries(count);
await timed('acceptDelivery, new events + pg-boss send, sequential', batchC, 1, expectAccepted('accepted'));
attachJobQueue(undefined);
await boss.stop({ graceful: true, timeout: 5000 });
await closeDatabase();
