import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '@/sandbox/src/server';
import { CREDITOR, startTestSandbox } from '@/sandbox/test/helpers';
import { freshAppDatabase } from '@/tests/support/app-database';
import { BankFaultProxy } from '@/tests/support/bank-fault-proxy';
import { type RouteServer, startRouteServer } from '@/tests/support/route-server';
import {
  addFault,
  advanceSandboxClock,
  type BankPayment,
  bankPayments,
  clearFaults,
  type FaultRule,
  listFaults,
} from '@/tests/support/sandbox-admin';

/**
 * The fault matrix: each bank operation the app depends on, under each way the bank or the network
 * can misbehave (sandbox fault rules), ends with every payment in the bank's final status, none lost,
 * none doubled, and the PSU told what happened in words that exist in both languages.
 *
 * The sandbox runs in this process; the app's modules too, with a `node:http` adapter in front of
 * its notification and webhook routes (tests/support/route-server.ts) so that the sandbox's real
 * notifications reach them. Payments are IOBWS straight-through (`bokhald`): SCA is one API call,
 * so each case is fast; the redirect pages are covered by the e2e suite.
 */

const BOKHALD = 'IS950515260012346403164039';
const BANK_TIMEOUT_MS = 2_000;
// Longer than the app waits for the bank, shorter than the test waits.
const HOLD_MS = 3_000;
const PSU_IP = '10.9.8.7';

let sandbox: RunningSandbox;
let proxy: BankFaultProxy;
let routes: RouteServer;
let psuId: string;
let app: {
  db: import('@/lib/db').Db;
  closeDatabase: () => Promise<void>;
  schema: typeof import('@/lib/db/schema');
  initiateOnce: typeof import('@/lib/payments/initiation').initiateOnce;
  sca: typeof import('@/lib/payments/sca');
  sync: typeof import('@/lib/payments/sync');
  errors: typeof import('@/lib/bank/errors');
  jobs: typeof import('@/lib/jobs');
  intake: typeof import('@/lib/webhooks/intake');
  processEvents: typeof import('@/lib/webhooks/process-events');
  bankResource: typeof import('@/lib/webhooks/bank-resource');
  businessToken: typeof import('@/lib/bank/business-token');
};

beforeAll(async () => {
  routes = await startRouteServer();
  sandbox = await startTestSandbox({
    // Quick, bounded redelivery: the bank retries a failed notification after 1 s, 1 s, 2 s…
    notifications: { timeoutMs: 1_000, retryDelaysSeconds: [1, 1, 2, 2, 5, 5], reorderHoldMs: 3_000 },
  });
  // A proxy that can hold back an answer the bank has already given (a stale answer arriving last).
  proxy = new BankFaultProxy(sandbox.url);
  const bankUrl = await proxy.start();
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'fault-matrix-secret-fault-matrix-secret-0123',
    APP_BASE_URL: routes.url,
    BANK_BASE_URL: `${bankUrl}/psd2`,
    BANK_AUTH_URL: bankUrl,
    BANK_BUSINESS_BASE_URL: `${sandbox.url}/business`,
    BANK_EVENTS_BASE_URL: `${sandbox.url}/events`,
    BANK_TIMEOUT_MS: String(BANK_TIMEOUT_MS),
  });
  const [initiation, dbModule, schema, sca, sync, errors, jobs, intake, processEvents, bankResource, token] =
    await Promise.all([
      import('@/lib/payments/initiation'),
      import('@/lib/db'),
      import('@/lib/db/schema'),
      import('@/lib/payments/sca'),
      import('@/lib/payments/sync'),
      import('@/lib/bank/errors'),
      import('@/lib/jobs'),
      import('@/lib/webhooks/intake'),
      import('@/lib/webhooks/process-events'),
      import('@/lib/webhooks/bank-resource'),
      import('@/lib/bank/business-token'),
    ]);
  const db = await dbModule.getDb();
  app = {
    db,
    closeDatabase: dbModule.closeDatabase,
    schema,
    initiateOnce: initiation.initiateOnce,
    sca,
    sync,
    errors,
    jobs,
    intake,
    processEvents,
    bankResource,
    businessToken: token,
  };
  const [psu] = await db.select().from(schema.psus).where(eq(schema.psus.email, 'demo@greidsla.is'));
  psuId = psu?.id ?? '';
}, 120_000);

afterAll(async () => {
  await app?.jobs.stopJobs();
  await app?.closeDatabase();
  await proxy?.stop();
  await routes?.close();
  await sandbox?.close();
}, 60_000);

// --- helpers -------------------------------------------------------------------------------------

const messages = {
  en: JSON.parse(readFileSync('messages/en.json', 'utf8')) as Record<string, unknown>,
  is: JSON.parse(readFileSync('messages/is.json', 'utf8')) as Record<string, unknown>,
};

/** The PSU sees a message key's text: it must exist, non-empty, in both languages. */
function expectMessageInBothLanguages(key: string) {
  for (const [locale, tree] of Object.entries(messages)) {
    const text = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
    expect(typeof text === 'string' && text.length > 0, `${key} in ${locale}`).toBe(true);
  }
}

function initiationRequest(submissionId: string, remittance: string) {
  return {
    psuId,
    submissionId,
    service: 'payments' as const,
    product: 'credit-transfers' as const,
    body: {
      debtorAccount: { iban: BOKHALD },
      creditorAccount: { iban: CREDITOR },
      creditorName: 'Guðrún Helgadóttir',
      instructedAmount: { currency: 'ISK', amount: '1500' },
      remittanceInformationUnstructured: remittance,
    },
    scaLanguage: 'is' as const,
    uiLocale: 'is' as const,
    summary: { amount: '1500', currency: 'ISK', creditorAccount: CREDITOR },
    psuIpAddress: PSU_IP,
  };
}

async function appPayment(id: string) {
  const [row] = await app.db.select().from(app.schema.payments).where(eq(app.schema.payments.id, id));
  if (!row) throw new Error(`no app payment ${id}`);
  return row;
}

async function bankPaymentsWithRemittance(remittance: string): Promise<BankPayment[]> {
  return (await bankPayments(sandbox.url)).filter(
    (p) =>
      (p.body as { remittanceInformationUnstructured?: string }).remittanceInformationUnstructured ===
      remittance,
  );
}

/** A payment initiated without faults, at the bank in RCVD. */
async function initiated(tag: string) {
  const remittance = `fm ${tag} ${randomUUID().slice(0, 8)}`;
  const outcome = await app.initiateOnce(initiationRequest(randomUUID(), remittance));
  if (!outcome.ok || !outcome.paymentId) throw new Error(`initiation failed: ${JSON.stringify(outcome)}`);
  return { payment: await appPayment(outcome.paymentId), remittance };
}

/** The PSU confirms (IOBWS straight-through), as the payment page's confirm button does. */
async function confirm(paymentId: string) {
  const payment = await appPayment(paymentId);
  expect(app.sca.nextScaStep(payment).kind).toBe('confirm');
  return app.sca.advanceSca(
    app.db,
    payment,
    { kind: 'confirm' },
    app.sca.authorisationContext(payment, PSU_IP),
  );
}

/** Reconciles as the status job does (read, record, again until final), bounded. */
async function reconcile(paymentId: string, rounds = 10) {
  for (let i = 0; i < rounds; i++) {
    const payment = await appPayment(paymentId);
    if (!app.sync.needsSync(payment)) return payment;
    await app.sync.syncPaymentStatus(app.db, payment, 'poll');
    await sleep(100);
  }
  return appPayment(paymentId);
}

/** The app's transaction-status timeline of a payment, oldest first. */
async function appTimeline(paymentId: string): Promise<string[]> {
  const events = await app.db
    .select()
    .from(app.schema.paymentEvents)
    .where(eq(app.schema.paymentEvents.paymentId, paymentId))
    .orderBy(app.schema.paymentEvents.id);
  return events.flatMap((event) => (event.transactionStatus ? [event.transactionStatus] : []));
}

/**
 * Exactly once, and right: one app payment for the submission, one bank payment with its remittance,
 * linked by the Idempotency-Key and the bank's id, final at the bank, and the same status in the app,
 * whose timeline follows the bank's history without going back or repeating.
 */
async function expectSettledOnce(paymentId: string, remittance: string) {
  const payment = await appPayment(paymentId);
  const ofSubmission = await app.db
    .select()
    .from(app.schema.payments)
    .where(eq(app.schema.payments.submissionId, payment.submissionId));
  expect(ofSubmission).toHaveLength(1);
  const atBank = await bankPaymentsWithRemittance(remittance);
  expect(atBank).toHaveLength(1);
  const [bank] = atBank;
  expect(bank?.idempotencyKey).toBe(payment.idempotencyKey);
  expect(payment.bankPaymentId).toBe(bank?.paymentId);
  expect(payment.phase).toBe('initiated');
  // CREDITOR is an account at the sandbox: executed payments end in ACCC (creditor credited).
  expect(bank?.transactionStatus).toBe('ACCC');
  expect(payment.transactionStatus).toBe(bank?.transactionStatus);
  const timeline = await appTimeline(paymentId);
  expect(timeline.at(-1)).toBe(bank?.transactionStatus);
  expect(new Set(timeline).size, `timeline repeats: ${timeline}`).toBe(timeline.length);
  // In the bank's order: each status the app shows comes later in the bank's history than the one before.
  const bankOrder = (bank?.history ?? []).map((h) => h.transactionStatus);
  const positions = timeline.map((status) => bankOrder.indexOf(status));
  expect(
    positions.every((p) => p >= 0),
    `${timeline} within ${bankOrder}`,
  ).toBe(true);
  expect(positions, `${timeline} in the order of ${bankOrder}`).toEqual([...positions].sort((a, b) => a - b));
}

/** Confirm, let the bank execute (sandbox clock), reconcile. */
async function confirmExecuteReconcile(paymentId: string) {
  await confirm(paymentId);
  await advanceSandboxClock(sandbox.url, 600);
  return reconcile(paymentId);
}

const initiationPath = '/psd2/api/v1/payments/credit-transfers';

// --- the matrix ----------------------------------------------------------------------------------
//
//                       500  503  429+RA  timeout  slow  dropped  duplicated  reordered
// initiation             ✓    ✓     ✓       ✓(a)    ✓     ✓(b)      ✓(c)        —(d)
// status read            ✓    ✓     ✓       ✓       ✓     ✓(b)      ✓(e)        ✓(f)
// authorisation          ✓    ✓     ✓       ✓(a)    ✓     ✓(b)      ✓(c)        —(d)
// notification           ✓(g) ✓(g)  ✓(g)    ✓(g)    ✓(g)  ✓         ✓           ✓
// webhook delivery       ✓(h) ✓(h)  ✓(h)    ✓(h)    ✓(h)  ✓(i)      ✓           ✓ (+late)
//
// (a) timeout "after": the bank did the work and the answer was lost; "before" as well for initiation.
// (b) a dropped request is a timeout "before": the bank never saw it.
// (c) the PSU's double submit while the bank is slow: concurrent calls with the same submission.
// (d) one request per step, each answered before the next: nothing to reorder; a resend after a lost
//     answer is the timeout "after" row.
// (e) two reconciliations of one payment at once (notification and poll).
// (f) a stale answer (read before the bank moved on) arriving after a newer one.
// (g) the TPP endpoint (our route) answers 500/503/429 with Retry-After, or too slowly for the bank.
// (h) the bank's claims interface, read through the event's self link, answers so or times out.
// (i) a delivery that never arrives is resent by the bank with the same eventId, signed afresh.

interface InitiationCase {
  fault: string;
  rule: FaultRule;
  /** How many requests the rule spoils (default 1). */
  count?: number;
  /** The app's own retry of 429/503 after Retry-After (lib/bank/retry.ts) must have waited this long. */
  minMs?: number;
  /** What the PSU's first attempt is told; undefined: it succeeds. */
  firstKey?: string;
  /** Seconds the PSU waits before trying again (Retry-After). */
  waitSeconds?: number;
  concurrent?: number;
}

const initiationCases: InitiationCase[] = [
  { fault: '500', rule: { status: 500 }, firstKey: 'bank.down' },
  // Once: the app waits the Retry-After and resends with the same Idempotency-Key; the PSU sees nothing.
  { fault: '503 with Retry-After, once', rule: { status: 503, retryAfterSeconds: 1 }, minMs: 1_000 },
  { fault: '429 with Retry-After, once', rule: { status: 429, retryAfterSeconds: 1 }, minMs: 1_000 },
  // Longer than the app's two resends: the PSU is told, and their own retry goes through.
  {
    fault: '503 with Retry-After, 3 times',
    rule: { status: 503, retryAfterSeconds: 1 },
    count: 3,
    firstKey: 'bank.down',
    waitSeconds: 1,
  },
  {
    fault: '429 with Retry-After, 3 times',
    rule: { status: 429, retryAfterSeconds: 1 },
    count: 3,
    firstKey: 'bank.busy',
    waitSeconds: 1,
  },
  {
    fault: 'timeout after the bank made it',
    rule: { timeout: 'after', holdMs: HOLD_MS },
    firstKey: 'bank.timeout',
  },
  {
    fault: 'dropped (timeout before the bank saw it)',
    rule: { timeout: 'before', holdMs: HOLD_MS },
    firstKey: 'bank.timeout',
  },
  { fault: 'slow answer', rule: { latencyMs: BANK_TIMEOUT_MS / 2 } },
  { fault: 'duplicated (double submit while slow)', rule: { latencyMs: BANK_TIMEOUT_MS / 2 }, concurrent: 5 },
];

describe('fault matrix: initiation', () => {
  it.each(initiationCases)('$fault: one payment at the bank, the PSU told, final status right', async (c) => {
    const remittance = `fm init ${randomUUID().slice(0, 8)}`;
    const request = initiationRequest(randomUUID(), remittance);
    const rule = await addFault(sandbox.url, {
      method: 'POST',
      path: initiationPath,
      psu: 'bokhald',
      count: c.count ?? 1,
      ...c.rule,
    });
    try {
      const started = Date.now();
      const first = await Promise.all(
        Array.from({ length: c.concurrent ?? 1 }, () => app.initiateOnce(request)),
      );
      if (c.minMs) expect(Date.now() - started).toBeGreaterThanOrEqual(c.minMs);
      // The fault did happen, as often as asked.
      expect((await listFaults(sandbox.url)).find((r) => r.id === rule.id)?.applied).toBe(c.count ?? 1);
      for (const outcome of first) {
        if (c.firstKey) {
          expect(outcome).toMatchObject({ ok: false, messageKey: c.firstKey });
          expectMessageInBothLanguages(c.firstKey);
        } else {
          expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
        }
      }
      if (c.concurrent) expect(new Set(first.map((o) => (o.ok ? o.redirectTo : ''))).size).toBe(1);
      if (c.waitSeconds) await sleep(c.waitSeconds * 1000);
      // The PSU tries again with the same form: the same submission, the same Idempotency-Key.
      const retry = await app.initiateOnce(request);
      expect(retry.ok, JSON.stringify(retry)).toBe(true);
      if (!retry.ok) return;
      expect(await bankPaymentsWithRemittance(remittance)).toHaveLength(1);
      await confirmExecuteReconcile(retry.paymentId);
      await expectSettledOnce(retry.paymentId, remittance);
    } finally {
      await clearFaults(sandbox.url);
    }
  });
});

interface StepCase {
  fault: string;
  rule: FaultRule;
  firstKey?: string;
  waitSeconds?: number;
  concurrent?: number;
}

const authorisationCases: StepCase[] = [
  { fault: '500', rule: { status: 500 }, firstKey: 'bank.down' },
  {
    fault: '503 with Retry-After',
    rule: { status: 503, retryAfterSeconds: 1 },
    firstKey: 'bank.down',
    waitSeconds: 1,
  },
  {
    fault: '429 with Retry-After',
    rule: { status: 429, retryAfterSeconds: 1 },
    firstKey: 'bank.busy',
    waitSeconds: 1,
  },
  {
    fault: 'timeout after the bank confirmed',
    rule: { timeout: 'after', holdMs: HOLD_MS },
    firstKey: 'bank.timeout',
  },
  {
    fault: 'dropped (timeout before)',
    rule: { timeout: 'before', holdMs: HOLD_MS },
    firstKey: 'bank.timeout',
  },
  { fault: 'slow answer', rule: { latencyMs: BANK_TIMEOUT_MS / 2 } },
  { fault: 'duplicated (two confirms at once)', rule: { latencyMs: BANK_TIMEOUT_MS / 2 }, concurrent: 2 },
];

describe('fault matrix: authorisation (SCA step)', () => {
  it.each(authorisationCases)(
    '$fault: the PSU is told, can retry, and the payment settles once',
    async (c) => {
      const { payment, remittance } = await initiated('auth');
      await addFault(sandbox.url, {
        method: 'PUT',
        pathRegex: `${payment.bankPaymentId}/authorisations/`,
        count: 1,
        ...c.rule,
      });
      try {
        const attempts = await Promise.allSettled(
          Array.from({ length: c.concurrent ?? 1 }, () => confirm(payment.id)),
        );
        const failed = attempts.filter((a) => a.status === 'rejected');
        if (c.firstKey) {
          expect(failed).toHaveLength(1);
          // What continueSca answers the PSU for the same error.
          const key = app.errors.bankErrorMessageKey((failed[0] as PromiseRejectedResult).reason);
          expect(key).toBe(c.firstKey);
          expectMessageInBothLanguages(key);
          if (c.waitSeconds) await sleep(c.waitSeconds * 1000);
          // The payment page offers the step again, and it goes through.
          await app.sync.refreshFromBank(app.db, await appPayment(payment.id), 'redirect', PSU_IP);
          const page = await appPayment(payment.id);
          if (app.sca.nextScaStep(page).kind === 'confirm') await confirm(payment.id);
        } else if (c.concurrent) {
          // One confirm wins; the other is told the step is no longer open (the bank's 409).
          expect(attempts.filter((a) => a.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
          for (const f of failed) {
            const key = app.errors.bankErrorMessageKey((f as PromiseRejectedResult).reason);
            expectMessageInBothLanguages(key);
          }
        } else {
          expect(failed).toEqual([]);
        }
        await advanceSandboxClock(sandbox.url, 600);
        await reconcile(payment.id);
        await expectSettledOnce(payment.id, remittance);
      } finally {
        await clearFaults(sandbox.url);
      }
    },
  );
});

const statusCases: StepCase[] = [
  { fault: '500', rule: { status: 500 } },
  { fault: '503 with Retry-After', rule: { status: 503, retryAfterSeconds: 1 } },
  { fault: '429 with Retry-After', rule: { status: 429, retryAfterSeconds: 1 } },
  { fault: 'timeout', rule: { timeout: 'after', holdMs: HOLD_MS } },
  { fault: 'dropped (timeout before)', rule: { timeout: 'before', holdMs: HOLD_MS } },
  { fault: 'slow answer', rule: { latencyMs: BANK_TIMEOUT_MS / 2 } },
];

describe('fault matrix: status reads', () => {
  it.each(statusCases)('$fault twice: reconciliation records the bank\u2019s final status', async (c) => {
    const { payment, remittance } = await initiated('status');
    await confirm(payment.id);
    await advanceSandboxClock(sandbox.url, 600);
    const rule = await addFault(sandbox.url, {
      method: 'GET',
      pathRegex: `${payment.bankPaymentId}/status$`,
      count: 2,
      ...c.rule,
    });
    try {
      await reconcile(payment.id);
      const applied = (await listFaults(sandbox.url)).find((r) => r.id === rule.id)?.applied;
      expect(applied).toBe(2);
      await expectSettledOnce(payment.id, remittance);
    } finally {
      await clearFaults(sandbox.url);
    }
  });

  it('duplicated: two reconciliations of one payment at once record each status once', async () => {
    const { payment, remittance } = await initiated('status-dup');
    await confirm(payment.id);
    await advanceSandboxClock(sandbox.url, 600);
    const fresh = await appPayment(payment.id);
    await Promise.all([
      app.sync.syncPaymentStatus(app.db, fresh, 'poll'),
      app.sync.syncPaymentStatus(app.db, fresh, 'notification'),
      app.sync.syncPaymentStatus(app.db, fresh, 'poll'),
    ]);
    await expectSettledOnce(payment.id, remittance);
  });

  it('reordered: a stale answer arriving after a newer one does not take the payment back', async () => {
    const { payment, remittance } = await initiated('status-stale');
    await confirm(payment.id);
    // This read is answered by the bank now (ACTC) but reaches the app only after the next one.
    proxy.delayNext('GET', new RegExp(`${payment.bankPaymentId}/status$`), 1_500);
    const stale = app.sync.syncPaymentStatus(app.db, await appPayment(payment.id), 'poll');
    await sleep(300);
    await advanceSandboxClock(sandbox.url, 600);
    await reconcile(payment.id);
    expect((await appPayment(payment.id)).transactionStatus).toBe('ACCC');
    await stale;
    await expectSettledOnce(payment.id, remittance);
  });
});
