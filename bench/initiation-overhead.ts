// The app's own server time per initiation, beside a direct call to the bank in the same run
// (target: under 3 ms added at the median).
//
// One process holds an in-process sandbox bank and the app's modules on a fresh database, with the
// bank-call audit trail recorded as on the server. Each round makes one initiation through
// `initiateOnce` (one statement saving the payment claimed with its notification token, the bank
// call, one statement recording the answer and its event) and one direct `initiatePayment` (the bank
// call alone, same token cache, same headers), in alternating order so that both see the same
// conditions. The work the PSU's answer does not wait for (the status-check job, the audit rows;
// lib/server/background.ts) runs after each call and is let finish before the next is timed, as
// between one PSU's request and the next; its cost is printed apart. The difference of the medians
// is what the app adds to the bank's own time. Not measured here: the HTTP server action around
// `initiateOnce` (session check, form schema, Next's action dispatch).
//
// Run: npx tsx bench/initiation-overhead.ts [rounds]
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { startTestSandbox } from '@/sandbox/test/helpers';
import { freshAppDatabase } from '@/tests/support/app-database';
import { claimedPaymentValues } from '@/tests/support/payment-row';
import { type Figure, formatSummary, ms, printResult, summarise } from './support';

const rounds = Number(process.argv[2] ?? 300);
const warmup = 30;
const TARGET_MS = 3;

// The bank posts status notifications to APP_BASE_URL: a sink on loopback answers them, so nothing
// reaches another app that may be running on :3000.
const sink = createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(204).end());
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;

const sandbox = await startTestSandbox();
Object.assign(process.env, await freshAppDatabase(), {
  AUTH_SECRET: randomBytes(33).toString('base64'),
  APP_BASE_URL: sinkUrl,
  BANK_BASE_URL: `${sandbox.url}/psd2`,
  BANK_AUTH_URL: sandbox.url,
  LOG_LEVEL: 'error',
});

// Imported after the environment is set: settings and the logger read it once.
const { initiateOnce } = await import('@/lib/payments/initiation');
const { initiatePayment } = await import('@/lib/bank/payments');
const { notificationContentPreferred } = await import('@/lib/payments/notifications');
const { getDb, openDatabase, closeDatabase } = await import('@/lib/db');
const schema = await import('@/lib/db/schema');
const { scheduleStatusCheck, statusQueue } = await import('@/lib/payments/status-checks');
const { fromPglite, PgBoss } = await import('pg-boss');
const { backgroundSettled } = await import('@/lib/server/background');
const { flushBankCallAudit, recordBankCalls } = await import('@/lib/observability/bank-calls');
recordBankCalls();

const db = await getDb();
const [psu] = await db.select().from(schema.psus).where(eq(schema.psus.email, 'demo@greidsla.is'));
if (!psu) throw new Error('the demo PSU is missing');

// As on the server, `afterInitiation` sends a status-check job to pg-boss; unlike the server, no
// worker takes the jobs, so no status polls run in the background of the measurement.
const { jobs } = await openDatabase();
const boss = new PgBoss({
  ...(jobs.kind === 'pglite' ? { db: fromPglite(jobs.client) } : { connectionString: jobs.connectionString }),
  schema: 'pgboss',
  supervise: false,
  schedule: false,
});
await boss.start();
await boss.createQueue(statusQueue, { policy: 'stately' });
(globalThis as Record<symbol, unknown>)[Symbol.for('greidsla.jobs')] = { starting: Promise.resolve(boss) };

const body = (i: number) => ({
  debtorAccount: { iban: 'IS140159260076545510730339' },
  creditorAccount: { iban: 'IS870301260012345101696399' },
  creditorName: 'Guðrún Helgadóttir',
  instructedAmount: { currency: 'ISK', amount: String(1000 + i) },
  remittanceInformationUnstructured: `Bench ${i}`,
});

async function throughApp(i: number): Promise<number> {
  const started = performance.now();
  const outcome = await initiateOnce({
    psuId: psu?.id ?? '',
    submissionId: randomUUID(),
    service: 'payments',
    product: 'credit-transfers',
    body: body(i),
    scaLanguage: 'is',
    uiLocale: 'is',
    summary: {
      amount: String(1000 + i),
      currency: 'ISK',
      creditorName: 'Guðrún Helgadóttir',
      creditorAccount: 'IS870301260012345101696399',
      reference: `Bench ${i}`,
    },
    psuIpAddress: '10.1.2.3',
    psuUserAgent: 'greidsla-bench',
  });
  const elapsed = performance.now() - started;
  if (!outcome.ok) throw new Error(`initiateOnce failed: ${outcome.messageKey}`);
  return elapsed;
}

async function direct(i: number): Promise<number> {
  const paymentId = randomUUID();
  const started = performance.now();
  const initiated = await initiatePayment({
    service: 'payments',
    product: 'credit-transfers',
    body: body(i),
    idempotencyKey: randomUUID(),
    psuIpAddress: '10.1.2.3',
    psuUserAgent: 'greidsla-bench',
    scaLanguage: 'is',
    redirectUri: `${sinkUrl}/is/payments/${paymentId}/return?result=ok&state=x`,
    nokRedirectUri: `${sinkUrl}/is/payments/${paymentId}/return?result=nok&state=x`,
    notification: {
      uri: `${sinkUrl}/api/notifications/payments/${paymentId}/${randomBytes(32).toString('base64url')}`,
      contentPreferred: notificationContentPreferred,
    },
  });
  const elapsed = performance.now() - started;
  if (!initiated.paymentId) throw new Error('no payment id');
  return elapsed;
}

/** Lets the work that followed a call in the background finish; how long it took. */
async function settled(): Promise<number> {
  const started = performance.now();
  await backgroundSettled();
  await flushBankCallAudit();
  return performance.now() - started;
}

const app: number[] = [];
const bank: number[] = [];
const deltas: number[] = [];
const afterApp: number[] = [];
for (let i = 0; i < warmup + rounds; i++) {
  // Alternate which goes first, so neither always meets a warmer (or busier) bank.
  let a: number;
  let b: number;
  let background: number;
  if (i % 2 === 0) {
    a = await throughApp(i);
    background = await settled();
    b = await direct(i);
    await settled();
  } else {
    b = await direct(i);
    await settled();
    a = await throughApp(i);
    background = await settled();
  }
  if (i < warmup) continue;
  app.push(a);
  bank.push(b);
  deltas.push(a - b);
  afterApp.push(background);
}

// Where the app's time goes: each of initiateOnce's own database statements alone, as it issues them
// (a payment of the same content whose bank answer was lost; the payment saved claimed with its notification token; the bank's answer recorded with its event;
// the status-check job, which the answer to the PSU does not wait for).
const { insertClaimedPayment, recordInitiation } = await import('@/lib/db/queries/initiation');
const { sameContentStillUnknown } = await import('@/lib/payments/submission-attempts');
const steps: string[] = [];
const step = async (label: string, each: (i: number) => Promise<unknown>, count: number) => {
  const started = performance.now();
  for (let i = 0; i < count; i++) await each(i);
  steps.push(`${label} ${((performance.now() - started) / count).toFixed(2)} ms`);
};
const stepRuns = 100;
const saved: (typeof schema.payments.$inferSelect)[] = [];
const savedRow = (i: number) => {
  const row = saved[i];
  if (!row) throw new Error(`payment ${i} was not saved`);
  return row;
};
await step(
  'same content with its bank answer lost (one statement)',
  (i) =>
    sameContentStillUnknown(
      db,
      {
        psuId: psu.id,
        submissionId: randomUUID(),
        service: 'payments',
        product: 'credit-transfers',
        scaLanguage: 'is',
        body: body(i),
      },
      24,
    ),
  stepRuns,
);
await step(
  'save claimed + notification token (one statement)',
  async (i) => {
    const row = await insertClaimedPayment(
      db,
      claimedPaymentValues(psu.id, { body: body(i), amount: String(1000 + i) }),
      { seconds: 20, notificationTokenHash: randomBytes(32).toString('hex') },
    );
    if (!row) throw new Error('a payment was not saved');
    saved.push(row);
  },
  stepRuns,
);
await step(
  'record + event (one statement)',
  (i) =>
    recordInitiation(
      db,
      savedRow(i),
      {
        phase: 'initiated',
        transactionStatus: 'RCVD',
        bankPaymentId: `bench-${i}`,
        clashingBankPaymentId: null,
        scaRedirect: null,
        sca: null,
        costs: null,
        bankNotes: null,
        failureCode: null,
      },
      { source: 'initiation', detail: {} },
    ),
  stepRuns,
);
await step(
  'status-check job (pg-boss send)',
  (i) => scheduleStatusCheck(boss, { paymentId: savedRow(i).id, statusClass: 'awaiting-psu', check: 0 }),
  stepRuns,
);
console.log(`  initiateOnce's database steps alone, per call: ${steps.join('; ')}`);

const appSummary = summarise(app);
const bankSummary = summarise(bank);
const deltaSummary = summarise(deltas);
const afterSummary = summarise(afterApp);
const overhead = appSummary.p50 - bankSummary.p50;
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(
  `Initiation overhead: ${rounds} rounds after ${warmup} warm-up, in-process sandbox, ${engine}, Node ${process.version}`,
);
console.log(`  through initiateOnce (app + bank)  ${formatSummary(appSummary)}`);
console.log(`  direct initiatePayment (bank only) ${formatSummary(bankSummary)}`);
console.log(`  paired difference per round        ${formatSummary(deltaSummary)}`);
console.log(
  `  background work after initiateOnce  ${formatSummary(afterSummary)} (not waited for by the PSU)`,
);
console.log(
  `  added by the app at the median: ${ms(overhead)} (target < ${TARGET_MS} ms): ${overhead < TARGET_MS ? 'met' : 'NOT met'}`,
);

const figures: Figure[] = [
  {
    name: `Initiation overhead, app minus direct bank call, median (${engine})`,
    value: overhead,
    unit: 'ms',
    target: `< ${TARGET_MS} ms`,
    met: overhead < TARGET_MS,
    reference: `initiateOnce p50 ${ms(appSummary.p50)} vs direct initiatePayment p50 ${ms(bankSummary.p50)}`,
  },
  { name: 'Initiation through initiateOnce, p95', value: appSummary.p95, unit: 'ms' },
  { name: 'Direct initiatePayment (bank only), p95', value: bankSummary.p95, unit: 'ms' },
  {
    name: 'Background work after an initiation (status-check job, audit rows), median',
    value: afterSummary.p50,
    unit: 'ms',
  },
];
printResult('initiation-overhead', figures, [
  `in-process sandbox; ${rounds} interleaved rounds; the HTTP server action around initiateOnce is not included`,
  `initiateOnce's database steps alone, per call: ${steps.join('; ')}`,
]);

await boss.stop({ graceful: false, timeout: 1000 });
await closeDatabase();
await sandbox.close();
sink.close();
