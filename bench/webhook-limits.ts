// Webhook intake against its limits, in one run on one PGlite database (target: intake at least 40%
// of the bare verify + decrypt + insert rate):
//   - intake: `acceptDelivery` as the server runs it (subscription lookup, signature, decryption,
//     envelope schema, insert-once, pg-boss job), and without the job queue;
//   - bare: the same signature check and decryption, JSON.parse, and one plain INSERT of the row;
//   - signature alone: our verifier beside stripe-node's `webhooks.signature.verifyHeader`.
// Rates are deliveries per second, one at a time, median of interleaved rounds. bench/webhook-intake.ts
// prints further variants (duplicates, 16 concurrent).
// Run: npx tsx bench/webhook-limits.ts [deliveries per round] [rounds]
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import Stripe from 'stripe';
import { freshAppDatabase } from '@/tests/support/app-database';
import { type Figure, printResult } from './support';

const count = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 3);
const TARGET_RATIO = 0.4;

const saved = process.env.TEST_DATABASE_URL;
delete process.env.TEST_DATABASE_URL; // this benchmark is PGlite's, as the app runs by default
Object.assign(process.env, await freshAppDatabase());
if (saved) process.env.TEST_DATABASE_URL = saved;
process.env.AUTH_SECRET ??= randomBytes(33).toString('base64');
process.env.SEED_DEMO_PSU = 'false';
process.env.LOG_LEVEL = 'error';

// Imported after the environment is set: settings and the logger read it once.
const { getDb, openDatabase, closeDatabase } = await import('@/lib/db');
const { acceptDelivery } = await import('@/lib/webhooks/intake');
const { decryptDelivery, encryptEnvelope } = await import('@/lib/webhooks/encryption');
const { signPayload, verifySignature } = await import('@/lib/webhooks/signature');
const { saveSubscription, callbackUrlFor, newSubscriptionId } = await import('@/lib/webhooks/subscriptions');
const { attachJobQueue, webhookEventQueue } = await import('@/lib/webhooks/queue');
const { fromPglite, PgBoss } = await import('pg-boss');

const db = await getDb();
const { jobs } = await openDatabase();
if (jobs.kind !== 'pglite') throw new Error('expected PGlite');
const secret = `whsec_${randomBytes(32).toString('base64url')}`;
const subscriptionId = newSubscriptionId();
await saveSubscription(db, {
  id: subscriptionId,
  bankSubscriptionId: randomUUID(),
  callbackUrl: callbackUrlFor(subscriptionId),
  eventTypes: ['Claim'],
  signingSecret: secret,
});

// The queue as the server has it, without workers: jobs are sent, none taken.
const boss = new PgBoss({ db: fromPglite(jobs.client), schema: 'pgboss', supervise: false, schedule: false });
await boss.start();
await boss.createQueue(webhookEventQueue, { policy: 'stately' });

interface Delivery {
  rawBody: string;
  signatureHeader: string;
}

async function deliveries(n: number): Promise<Delivery[]> {
  const list: Delivery[] = [];
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

/** Deliveries per second, one at a time. */
async function rate(list: Delivery[], each: (d: Delivery) => unknown): Promise<number> {
  const started = performance.now();
  for (const d of list) await each(d);
  return (list.length / (performance.now() - started)) * 1000;
}

const intake = async (d: Delivery) => {
  const outcome = await acceptDelivery({ subscriptionId, ...d });
  if (!outcome.ok || outcome.status !== 'accepted') throw new Error(`unexpected ${JSON.stringify(outcome)}`);
};

const bare = async (d: Delivery) => {
  const check = verifySignature({
    header: d.signatureHeader,
    rawBody: d.rawBody,
    secrets: [secret],
    toleranceSeconds: 300,
  });
  if (!check.ok) throw new Error(check.reason);
  const opened = await decryptDelivery(d.rawBody, secret);
  if (!opened.ok) throw new Error(opened.reason);
  const event = JSON.parse(opened.plaintext) as {
    eventId: string;
    eventType: string;
    schemaVersion: string;
    occurredAt: string;
    links: unknown;
  };
  await jobs.client.query(
    `insert into webhook_events (event_id, subscription_id, event_type, schema_version, occurred_at, links)
     values ($1, $2, $3, $4, $5, $6)`,
    [event.eventId, subscriptionId, event.eventType, event.schemaVersion, event.occurredAt, event.links],
  );
};

const stripeSignature = new Stripe('sk_test_x').webhooks.signature;
if (!stripeSignature) throw new Error('stripe-node has no webhook signature helper');
const ours = (d: Delivery) => {
  const check = verifySignature({
    header: d.signatureHeader,
    rawBody: d.rawBody,
    secrets: [secret],
    toleranceSeconds: 300,
  });
  if (!check.ok) throw new Error(check.reason);
};
const stripes = (d: Delivery) => {
  if (!stripeSignature.verifyHeader(d.rawBody, d.signatureHeader, secret, 300)) throw new Error('stripe');
};

// Warm-up: every path once over a small batch.
attachJobQueue(boss);
for (const d of await deliveries(100)) await intake(d);
attachJobQueue(undefined);
for (const d of await deliveries(100)) await bare(d);

const results: Record<'queued' | 'unqueued' | 'bare' | 'ours' | 'stripe', number[]> = {
  queued: [],
  unqueued: [],
  bare: [],
  ours: [],
  stripe: [],
};
for (let round = 0; round < rounds; round++) {
  const [a, b, c] = [await deliveries(count), await deliveries(count), await deliveries(count)];
  attachJobQueue(boss);
  results.queued.push(await rate(a, intake));
  attachJobQueue(undefined);
  results.bare.push(await rate(b, bare));
  results.unqueued.push(await rate(c, intake));
  // Pure CPU: many passes over the same deliveries.
  const many = Array.from({ length: 10 }, () => a).flat();
  results.ours.push(await rate(many, ours));
  results.stripe.push(await rate(many, stripes));
}

// Where intake's time goes beyond bare: each of its steps alone, per call.
const { findSubscription } = await import('@/lib/webhooks/subscriptions');
const { parseEnvelope, selfLink } = await import('@/lib/webhooks/envelope');
const { webhookEvents } = await import('@/lib/db/schema');
const steps = await deliveries(count);
const opened = await Promise.all(
  steps.map(async (d) => {
    const r = await decryptDelivery(d.rawBody, secret);
    if (!r.ok) throw new Error(r.reason);
    return r.plaintext;
  }),
);
const perCall = async (label: string, each: (i: number) => unknown) => {
  const started = performance.now();
  for (let i = 0; i < steps.length; i++) await each(i);
  const each_ = (performance.now() - started) / steps.length;
  breakdown.push(`${label} ${each_.toFixed(3)} ms`);
  return each_;
};
const breakdown: string[] = [];
await perCall('findSubscription (drizzle select)', () => findSubscription(db, subscriptionId));
await perCall('decryptDelivery', (i) => decryptDelivery(steps[i]?.rawBody ?? '', secret));
await perCall('parseEnvelope (zod)', (i) => parseEnvelope(opened[i] ?? ''));
await perCall('insert … on conflict do nothing returning (drizzle)', (i) => {
  const parsed = parseEnvelope(opened[i] ?? '');
  if (!parsed.ok) throw new Error('envelope');
  const { envelope } = parsed;
  return db
    .insert(webhookEvents)
    .values({
      eventId: envelope.eventId,
      subscriptionId,
      eventType: envelope.eventType,
      schemaVersion: envelope.schemaVersion,
      occurredAt: envelope.occurredAt,
      selfLink: selfLink(envelope)?.href ?? null,
      links: envelope.links,
    })
    .onConflictDoNothing({ target: webhookEvents.eventId })
    .returning({ id: webhookEvents.id });
});
await perCall('select 1 (PGlite client, no drizzle)', () => jobs.client.query('select 1'));
await perCall('pg-boss send (stately, singleton key)', () =>
  boss.send(webhookEventQueue, { subscriptionId }, { singletonKey: subscriptionId }),
);

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
const m = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, median(v)])) as Record<
  keyof typeof results,
  number
>;
const ratio = m.queued / m.bare;
const ratioUnqueued = m.unqueued / m.bare;
const line = (label: string, perSecond: number) =>
  console.log(
    `  ${label.padEnd(60)} ${String(Math.round(perSecond)).padStart(7)}/s  ${(1000 / perSecond).toFixed(3).padStart(7)} ms each`,
  );
console.log(
  `Webhook intake, ${count} deliveries per round, median of ${rounds} rounds, one at a time, PGlite, Node ${process.version}`,
);
line('intake: acceptDelivery with the pg-boss job (as the server)', m.queued);
line('intake: acceptDelivery without a job queue', m.unqueued);
line('bare: verify + decrypt + JSON.parse + one INSERT', m.bare);
line('signature only: our verifySignature', m.ours);
line("signature only: stripe-node's verifyHeader", m.stripe);
console.log(
  `  intake / bare: ${(ratio * 100).toFixed(0)}% with the job, ${(ratioUnqueued * 100).toFixed(0)}% without ` +
    `(target >= ${TARGET_RATIO * 100}%): ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
);

console.log(`  per step, alone: ${breakdown.join('; ')}`);

const figures: Figure[] = [
  {
    name: 'Webhook intake rate / bare verify+decrypt+insert rate (with the job, as the server)',
    value: ratio * 100,
    unit: '%',
    target: `>= ${TARGET_RATIO * 100}%`,
    met: ratio >= TARGET_RATIO,
    reference: `intake ${Math.round(m.queued)}/s vs bare ${Math.round(m.bare)}/s`,
  },
  {
    name: 'Webhook intake rate / bare rate (without the job queue)',
    value: ratioUnqueued * 100,
    unit: '%',
    target: `>= ${TARGET_RATIO * 100}%`,
    met: ratioUnqueued >= TARGET_RATIO,
    reference: `intake ${Math.round(m.unqueued)}/s vs bare ${Math.round(m.bare)}/s`,
  },
  {
    name: "Signature check: ours vs stripe-node's verifyHeader",
    value: m.ours,
    unit: '/s',
    reference: `stripe-node ${Math.round(m.stripe)}/s (${((m.ours / m.stripe) * 100).toFixed(0)}% of it)`,
  },
];
printResult('webhook-limits', figures, [
  `${count} deliveries per round, median of ${rounds} rounds, PGlite`,
  `per step, alone: ${breakdown.join('; ')}`,
]);

await boss.stop({ graceful: false, timeout: 1000 });
await closeDatabase();
