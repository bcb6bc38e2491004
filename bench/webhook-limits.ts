// Webhook intake against its limits, in one run on one PGlite database (target: intake at least 40%
// of the bare verify + decrypt + insert rate):
//   - intake: `acceptDelivery` as the server runs it (the subscription's signing keys, cached in
//     memory as the server has them after its first delivery; signature, decryption, envelope schema,
//     insert-once; the coalesced pg-boss wake, whose sends are waited for before the clock stops), and
//     without the job queue;
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
import type { Delivery } from './webhook-support';

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
const { decryptDelivery } = await import('@/lib/webhooks/encryption');
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

// The queue as the server has it, without workers: jobs are sent, none taken.
const boss = new PgBoss({ db: fromPglite(jobs.client), schema: 'pgboss', supervise: false, schedule: false });
await boss.start();
await boss.createQueue(webhookEventQueue, { policy: 'stately' });

const deliveries = (n: number) => sealedDeliveries(secret, n);

/** Deliveries per second, one at a time; the clock stops once the job sends they asked for are made. */
async function rate(list: Delivery[], each: (d: Delivery) => unknown): Promise<number> {
  const started = performance.now();
  for (const d of list) await each(d);
  await settleWebhookWakes();
  return (list.length / (performance.now() - started)) * 1000;
}

const intake = async (d: Delivery) => {
  const outcome = await acceptDelivery({ subscriptionId, ...d });
  if (!outcome.ok || outcome.status !== 'accepted') throw new Error(`unexpected ${JSON.stringify(outcome)}`);
};

const bare = bareIntake(jobs.client, subscriptionId, secret);

const stripeSignature = new Stripe('sk_test_x').webhooks.signature;
if (!stripeSignature) throw new Error('stripe-node has no webhook signature helper');
const ours = (d: Delivery) => verifyOrThrow(d, secret);
const stripes = (d: Delivery) => {
  if (!stripeSignature.verifyHeader(d.rawBody, d.signatureHeader, secret, 300)) throw new Error('stripe');
};

// How many job sends the coalesced wake makes for the deliveries of the timed rounds.
let sends = 0;
const send = boss.send.bind(boss);
boss.send = ((...args: Parameters<typeof send>) => {
  sends++;
  return send(...args);
}) as typeof boss.send;

// Warm-up: every path once over a small batch.
attachJobQueue(boss);
for (const d of await deliveries(100)) await intake(d);
await settleWebhookWakes();
attachJobQueue(undefined);
for (const d of await deliveries(100)) await bare(d);
sends = 0;

const results: Record<'queued' | 'unqueued' | 'bare' | 'ours' | 'stripe', number[]> = {
  queued: [],
  unqueued: [],
  bare: [],
  ours: [],
  stripe: [],
};
// The three database variants take turns at going first in a round: whichever runs first pays for
// the garbage left by making the round's deliveries.
const variants = [
  async (list: Delivery[]) => {
    attachJobQueue(boss);
    results.queued.push(await rate(list, intake));
    attachJobQueue(undefined);
  },
  async (list: Delivery[]) => results.bare.push(await rate(list, bare)),
  async (list: Delivery[]) => results.unqueued.push(await rate(list, intake)),
];
for (let round = 0; round < rounds; round++) {
  const [a, b, c] = [await deliveries(count), await deliveries(count), await deliveries(count)];
  for (const [i, list] of [a, b, c].entries()) await variants[(i + round) % variants.length]?.(list);
  // Pure CPU: many passes over the same deliveries.
  const many = Array.from({ length: 10 }, () => a).flat();
  results.ours.push(await rate(many, ours));
  results.stripe.push(await rate(many, stripes));
}

// Where intake's time goes beyond bare: each of its steps alone, per call.
const { deliveryKeys, forgetDeliveryKeys } = await import('@/lib/webhooks/subscriptions');
const { parseEnvelope } = await import('@/lib/webhooks/envelope');
const { storeEventOnce } = await import('@/lib/webhooks/intake');
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
await perCall('signing keys, cached', () => deliveryKeys(db, subscriptionId));
await perCall('signing keys, read (drizzle select + open sealed secret)', () => {
  forgetDeliveryKeys(subscriptionId);
  return deliveryKeys(db, subscriptionId);
});
await perCall('decryptDelivery', (i) => decryptDelivery(steps[i]?.rawBody ?? '', secret));
await perCall('parseEnvelope (zod)', (i) => parseEnvelope(opened[i] ?? ''));
await perCall('storeEventOnce: insert … on conflict do nothing returning', (i) => {
  const parsed = parseEnvelope(opened[i] ?? '');
  if (!parsed.ok) throw new Error('envelope');
  return storeEventOnce(db, { subscriptionId, bankId: 'default' }, parsed.envelope, null);
});
await perCall('select 1 (PGlite client, no drizzle)', () => jobs.client.query('select 1'));
const sendsPerRound = Math.round(sends / rounds);
await perCall('pg-boss send (stately, singleton key), one per wake', () =>
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
line('intake: acceptDelivery + coalesced job wake (as the server)', m.queued);
line('intake: acceptDelivery without a job queue', m.unqueued);
line('bare: verify + decrypt + JSON.parse + one INSERT', m.bare);
line('signature only: our verifySignature', m.ours);
line("signature only: stripe-node's verifyHeader", m.stripe);
console.log(
  `  intake / bare: ${(ratio * 100).toFixed(0)}% with the job wake, ${(ratioUnqueued * 100).toFixed(0)}% without ` +
    `(target >= ${TARGET_RATIO * 100}%): ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
);

console.log(`  per step, alone: ${breakdown.join('; ')}`);
console.log(`  job sends by the coalesced wake: ${sendsPerRound} per ${count} deliveries`);

const figures: Figure[] = [
  {
    name: 'Webhook intake rate / bare verify+decrypt+insert rate (with the coalesced job wake, as the server)',
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
  `job sends by the coalesced wake: ${sendsPerRound} per ${count} deliveries, one at a time`,
]);

await boss.stop({ graceful: false, timeout: 1000 });
await closeDatabase();
