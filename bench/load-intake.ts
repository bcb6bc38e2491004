// Loopback load on the app's two public callback routes, the bank's status notifications and its
// webhook deliveries, for a fixed time each, then a count: nothing lost, nothing stored twice.
//
//   npx tsx bench/load-intake.ts [seconds=10] [connections=20]
//
// The routes are the app's own handlers behind a node:http adapter on 127.0.0.1
// (tests/support/route-server.ts), on a fresh PGlite database (or DATABASE_URL); proxy.ts (its
// per-address flood guard) is not in front of them, so this measures the intake itself. A local
// stand-in answers the status re-read that each notification triggers. Load goes to 127.0.0.1 only.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { paymentNotifications } from '@/lib/db/notification-schema';
import { freshAppDatabase } from '@/tests/support/app-database';
import { startRouteServer } from '@/tests/support/route-server';
import { claimEnvelope, createSubscription, sealedDelivery, startFakeBank } from '@/tests/webhooks/support';

const seconds = Math.min(Math.max(Number(process.argv[2] ?? 10), 1), 120);
const connections = Math.min(Math.max(Number(process.argv[3] ?? 20), 1), 200);

async function main() {
  const bank = await startFakeBank((method, path) =>
    method === 'GET' && path.endsWith('/status')
      ? { status: 200, body: { transactionStatus: 'ACSC' } }
      : undefined,
  );
  const routes = await startRouteServer();
  Object.assign(process.env, process.env.DATABASE_URL ? {} : await freshAppDatabase(), {
    AUTH_SECRET: 'load-intake-secret-load-intake-secret-0123',
    SEED_DEMO_PSU: 'false',
    LOG_LEVEL: 'error',
    APP_BASE_URL: routes.url,
    BANK_BASE_URL: `${bank.url}/psd2`,
    BANK_AUTH_URL: bank.url,
    BANK_BUSINESS_BASE_URL: `${bank.url}/business`,
  });
  const { getDb, closeDatabase } = await import('@/lib/db');
  const schema = await import('@/lib/db/schema');
  const { issueNotificationUri } = await import('@/lib/payments/notifications');
  const db = await getDb();

  // --- notifications: 50 initiated payments, each with its notification URI ---
  const [psu] = await db
    .insert(schema.psus)
    .values({ email: `load-${randomUUID()}@example.is`, passwordHash: 'x', displayName: 'Load' })
    .returning({ id: schema.psus.id });
  const uris: string[] = [];
  for (let i = 0; i < 50; i++) {
    const [payment] = await db
      .insert(schema.payments)
      .values({
        psuId: psu?.id ?? '',
        submissionId: randomUUID(),
        idempotencyKey: randomUUID(),
        service: 'payments',
        product: 'credit-transfers',
        body: {},
        scaLanguage: 'is',
        uiLocale: 'is',
        phase: 'initiated',
        transactionStatus: 'ACTC',
        bankPaymentId: `bank-${randomUUID()}`,
        amount: '1000',
        currency: 'ISK',
        creditorAccount: 'IS140159260076545510730339',
      })
      .returning();
    uris.push(new URL(await issueNotificationUri(payment?.id ?? '', db)).pathname);
  }
  const answered = new Set<string>();
  let next = 0;
  const notifications = await autocannon({
    url: routes.url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        setupRequest: (request, context) => {
          const i = next++;
          // One request at a time per connection: the answer that follows is this request's.
          context.requestId = randomUUID();
          return {
            ...request,
            path: uris[i % uris.length],
            headers: { ...request.headers, 'X-Request-ID': String(context.requestId) },
            body: JSON.stringify({ paymentId: `n-${i}`, transactionStatus: 'ACSC' }),
          };
        },
        onResponse: (status, _body, context) => {
          if (status === 200) answered.add(String(context.requestId));
        },
      },
    ],
  });
  // Let the background re-reads finish before counting.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const recordedIds = new Set(
    (await db.select({ requestId: paymentNotifications.requestId }).from(paymentNotifications)).map(
      (row) => row.requestId,
    ),
  );
  // Requests still in flight when the time ran out are recorded too, but autocannon saw no answer.
  const recorded = recordedIds.size;
  const lostNotifications = [...answered].filter((id) => !recordedIds.has(id)).length;

  // --- webhook deliveries: each a new eventId, sealed and signed beforehand ---
  const { id: subscriptionId, secret } = await createSubscription(db);
  const poolSize = Math.min(2_000 * seconds, 60_000);
  const pool: { body: string; signature: string; eventId: string }[] = [];
  for (let i = 0; i < poolSize; i++) {
    const envelope = claimEnvelope();
    const sealed = await sealedDelivery(envelope, secret);
    pool.push({ body: sealed.rawBody, signature: sealed.signatureHeader, eventId: envelope.eventId });
  }
  const accepted = new Set<string>();
  let duplicates = 0;
  let taken = 0;
  const deliveries = await autocannon({
    url: routes.url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: `/api/webhooks/bank-events/${subscriptionId}`,
        setupRequest: (request) => {
          // Past the pool, deliveries repeat: the bank's resends, to be answered as duplicates.
          const delivery = pool[taken++ % pool.length];
          return {
            ...request,
            headers: {
              'Content-Type': 'application/jose',
              'X-Webhook-Signature': delivery?.signature ?? '',
              'X-Request-ID': randomUUID(),
            },
            body: delivery?.body ?? '',
          };
        },
        onResponse: (status, body) => {
          if (status === 202) accepted.add((JSON.parse(body) as { eventId: string }).eventId);
          if (status === 200) duplicates++;
        },
      },
    ],
  });
  const stored = await db
    .select({ eventId: schema.webhookEvents.eventId })
    .from(schema.webhookEvents)
    .where(eq(schema.webhookEvents.subscriptionId, subscriptionId));
  const storedIds = new Set(stored.map((row) => row.eventId));
  const lostEvents = [...accepted].filter((id) => !storedIds.has(id)).length;

  const line = (name: string, r: Awaited<ReturnType<typeof autocannon>>) =>
    `${name.padEnd(24)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  max ${r.latency.max} ms  total ${r.requests.total}  non-2xx ${r.non2xx}  errors ${r.errors}  timeouts ${r.timeouts}`;
  console.log(
    `Loopback load, ${seconds} s each, ${connections} connections, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  console.log(line('notifications', notifications));
  console.log(
    `  answered 200: ${answered.size}, recorded: ${recorded} (with those in flight at the end), answered but not recorded: ${lostNotifications}`,
  );
  console.log(line('webhook deliveries', deliveries));
  console.log(
    `  accepted (202): ${accepted.size}, duplicates (200): ${duplicates}, stored: ${stored.length} (with those in flight at the end), accepted but not stored: ${lostEvents}, stored twice: ${stored.length - storedIds.size}`,
  );
  await routes.close();
  await bank.close();
  await closeDatabase();
  const ok =
    lostNotifications === 0 &&
    notifications.non2xx === 0 &&
    notifications.errors === 0 &&
    lostEvents === 0 &&
    stored.length === storedIds.size &&
    deliveries.non2xx === 0 &&
    deliveries.errors === 0;
  console.log(ok ? 'nothing lost, nothing doubled' : 'LOST OR DOUBLED: see the counts above');
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
