import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentNotifications } from '@/lib/db/notification-schema';
import type { RunningSandbox } from '@/sandbox/src/server';
import { CREDITOR } from '@/sandbox/test/helpers';
import { freshAppDatabase } from '@/tests/support/app-database';
import { type BankFaultProxy, startBehindFaultProxy } from '@/tests/support/bank-fault-proxy';
import { type RouteServer, startRouteServer } from '@/tests/support/route-server';
import {
  addFault,
  advanceSandboxClock,
  type BankPayment,
  bankPayments,
  clearFaults,
  eventually,
  type FaultRule,
  listFaults,
  type SandboxNotification,
  sandboxNotifications,
} from '@/tests/support/sandbox-admin';
import { claimEnvelope, createSubscription, nowSeconds, sealedDelivery } from '@/tests/webhooks/support';

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
// How long the app waits for the bank: a slow answer (SLOW_MS) comes well within it even when a busy
// machine adds seconds of its own, and the timeout cases (nine of them) wait it out, each second of it
// nine seconds of the file.
const BANK_TIMEOUT_MS = 3_000;
const SLOW_MS = 500;
// Longer than the app waits for the bank, shorter than the test waits.
const HOLD_MS = BANK_TIMEOUT_MS + 2_000;
// How long the bank waits for our notification endpoint: an answer delayed by IN_TIME_MS comes well
// within it, one delayed by TOO_SLOW_MS never does.
const NOTIFICATION_TIMEOUT_MS = 3_000;
const IN_TIME_MS = 300;
const TOO_SLOW_MS = NOTIFICATION_TIMEOUT_MS + 1_000;
// Generous bounds for what the app and the bank do in the background: waits end when the condition
// holds, so these only bound a failure.
const SETTLE_MS = 60_000;
// A case waits out up to two timeouts and a bank's retries; on a busy machine, with room to spare.
const CASE_TIMEOUT_MS = 180_000;
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
  resources: typeof import('@/lib/bank/resources');
  tokens: typeof import('@/lib/bank/tokens');
};

beforeAll(async () => {
  routes = await startRouteServer();
  // Behind a proxy that can hold back an answer the bank has already given (a stale answer arriving
  // last), the links of the bank's answers included.
  const bank = await startBehindFaultProxy({
    // Quick, bounded redelivery: the bank retries a failed notification after 1 s, 1 s, 2 s…
    notifications: {
      timeoutMs: NOTIFICATION_TIMEOUT_MS,
      retryDelaysSeconds: [1, 1, 2, 2, 5, 5],
      reorderHoldMs: 3_000,
    },
  });
  ({ sandbox, proxy } = bank);
  const bankUrl = bank.bankUrl;
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'fault-matrix-secret-fault-matrix-secret-0123',
    APP_BASE_URL: routes.url,
    BANK_BASE_URL: `${bankUrl}/psd2`,
    BANK_AUTH_URL: bankUrl,
    BANK_BUSINESS_BASE_URL: `${sandbox.url}/business`,
    BANK_EVENTS_BASE_URL: `${sandbox.url}/events`,
    BANK_TIMEOUT_MS: String(BANK_TIMEOUT_MS),
  });
  const [initiation, dbModule, schema, sca, sync, errors, jobs, intake, processEvents, resources, tokens] =
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
      import('@/lib/bank/resources'),
      import('@/lib/bank/tokens'),
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
    resources,
    tokens,
  };
  const [psu] = await db.select().from(schema.psus).where(eq(schema.psus.email, 'demo@greidsla.is'));
  psuId = psu?.id ?? '';
  // Every case runs against a bank that has served before: its first initiation (contract schemas
  // compiled, token issued, tables warm) can take longer than BANK_TIMEOUT_MS on a busy machine, and
  // a retry that times out for that reason would say nothing about the fault under test. On a busy
  // machine the first tries may time out themselves: it tries until one goes through.
  let lastFailure = '';
  await eventually(
    () =>
      initiated('warm-up').catch((error: unknown) => {
        lastFailure = String(error);
        return undefined;
      }),
    SETTLE_MS,
    'a first initiation to go through',
  ).catch((error: unknown) => {
    throw new Error(`${error}; the last try: ${lastFailure}`);
  });
  // Starting a bank, an app database and the app's modules: minutes on a machine busy with other work.
}, 600_000);

afterAll(async () => {
  await app?.jobs.stopJobs();
  await app?.closeDatabase();
  await proxy?.stop();
  await routes?.close();
  await sandbox?.close();
});

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

/**
 * A payment the bank has, in RCVD, for a case whose fault comes after its initiation. On a machine busy enough, the
 * bank may not answer within BANK_TIMEOUT_MS (beside another test run, an initiation once did not): the PSU's retry
 * follows, the same submission sent again with its Idempotency-Key, as the form's second press does, until the
 * bank's answer is recorded.
 */
async function initiated(tag: string) {
  const remittance = `fm ${tag} ${randomUUID().slice(0, 8)}`;
  const request = initiationRequest(randomUUID(), remittance);
  let outcome = await app.initiateOnce(request);
  for (let retry = 1; retry <= 3 && !outcome.ok && outcome.messageKey === 'bank.timeout'; retry++)
    outcome = await app.initiateOnce(request);
  if (!outcome.ok || !outcome.paymentId) throw new Error(`initiation failed: ${JSON.stringify(outcome)}`);
  return { payment: await appPayment(outcome.paymentId), remittance };
}

/** The PSU confirms (IOBWS straight-through), as the payment page's confirm button does. */
async function confirm(paymentId: string) {
  const payment = await appPayment(paymentId);
  expect((await app.sca.scaStepFor(app.db, payment)).kind).toBe('confirm');
  return app.sca.advanceSca(
    app.db,
    payment,
    { kind: 'confirm' },
    app.sca.authorisationContext(payment, PSU_IP),
  );
}

/** Whether the payment page, having read the payment from the bank again, offers the confirmation. */
async function confirmOffered(paymentId: string) {
  await app.sync.refreshFromBank(app.db, await appPayment(paymentId), 'redirect', PSU_IP);
  return (await app.sca.scaStepFor(app.db, await appPayment(paymentId))).kind === 'confirm';
}

/** What the payment page does after a confirmation failed: the PSU confirms again while the page offers it. */
async function confirmAgainIfOffered(paymentId: string) {
  if (await confirmOffered(paymentId)) await confirm(paymentId);
}

/**
 * The PSU's confirmation, for a case whose fault comes after it. On a machine busy enough the bank may not answer
 * within BANK_TIMEOUT_MS (beside another test run, a confirmation once did not): the PSU confirms again where the
 * page offers it, up to twice. The bank may still have been at the first when the page read it: then it refuses
 * the second as no longer open (409), and the page, reading again, offers nothing more.
 */
async function confirmed(paymentId: string) {
  let attempt: Promise<unknown> = confirm(paymentId);
  for (let retries = 2; ; retries--) {
    try {
      await attempt;
      return;
    } catch (error) {
      const key = app.errors.bankErrorMessageKey(error);
      if (retries < 2 && key === 'bank.code.STATUS_INVALID' && !(await confirmOffered(paymentId))) return;
      if (retries === 0 || key !== 'bank.timeout') throw error;
      attempt = confirmAgainIfOffered(paymentId);
    }
  }
}

/**
 * Reconciles as the status job does (read, record, again until final), until the payment needs no
 * more reading or SETTLE_MS have passed (the bank executes on its scheduler's next turn).
 */
async function reconcile(paymentId: string) {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const payment = await appPayment(paymentId);
    if (!app.sync.needsSync(payment) || Date.now() > deadline) return payment;
    await app.sync.syncPaymentStatus(app.db, payment, 'poll');
    await sleep(100);
  }
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
  await confirmed(paymentId);
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
  { fault: 'slow answer', rule: { latencyMs: SLOW_MS } },
  { fault: 'duplicated (double submit while slow)', rule: { latencyMs: SLOW_MS }, concurrent: 5 },
];

describe('fault matrix: initiation', { timeout: CASE_TIMEOUT_MS }, () => {
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
  { fault: 'slow answer', rule: { latencyMs: SLOW_MS } },
  { fault: 'duplicated (two confirms at once)', rule: { latencyMs: SLOW_MS }, concurrent: 2 },
];

describe('fault matrix: authorisation (SCA step)', { timeout: CASE_TIMEOUT_MS }, () => {
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
          await confirmAgainIfOffered(payment.id);
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
  { fault: 'slow answer', rule: { latencyMs: SLOW_MS } },
];

describe('fault matrix: status reads', { timeout: CASE_TIMEOUT_MS }, () => {
  it.each(statusCases)('$fault twice: reconciliation records the bank\u2019s final status', async (c) => {
    const { payment, remittance } = await initiated('status');
    await confirmed(payment.id);
    // The faults are in place before the bank settles: the status reads its notifications prompt
    // meet them too, so none can settle the payment around them.
    const rule = await addFault(sandbox.url, {
      method: 'GET',
      pathRegex: `${payment.bankPaymentId}/status$`,
      count: 2,
      ...c.rule,
    });
    try {
      // Both faults meet a status read before the bank settles: reading on, the app records the final
      // status after them, whichever read (this reconciliation's, or one a notification prompts) comes
      // first. Advancing the clock first would let a notification settle the payment before any read.
      const reconciled = reconcile(payment.id);
      await eventually(
        async () =>
          (await listFaults(sandbox.url)).find((r) => r.id === rule.id)?.applied === 2 ? true : undefined,
        SETTLE_MS,
        'both faults to meet a status read',
      );
      await advanceSandboxClock(sandbox.url, 600);
      await reconciled;
      await expectSettledOnce(payment.id, remittance);
    } finally {
      await clearFaults(sandbox.url);
    }
  });

  it('duplicated: two reconciliations of one payment at once record each status once', async () => {
    const { payment, remittance } = await initiated('status-dup');
    await confirmed(payment.id);
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
    await confirmed(payment.id);
    // This read is answered by the bank now (ACTC) but reaches the app only after the next one.
    const statusPath = new RegExp(`${payment.bankPaymentId}/status$`);
    proxy.delayNext('GET', statusPath, 1_500);
    const stale = app.sync.syncPaymentStatus(app.db, await appPayment(payment.id), 'poll');
    await eventually(
      async () =>
        proxy.answered.some((a) => a.method === 'GET' && statusPath.test(a.path)) ? true : undefined,
      SETTLE_MS,
      'the bank to answer the read that is held back',
    );
    await advanceSandboxClock(sandbox.url, 600);
    await reconcile(payment.id);
    expect((await appPayment(payment.id)).transactionStatus).toBe('ACCC');
    await stale;
    await expectSettledOnce(payment.id, remittance);
  });
});

// --- webhook deliveries --------------------------------------------------------------------------
// Before the notification cases start the job workers: here the events are processed by calling the
// processing the job runs, with its reads of self links on the business token, so that each step is seen.

async function businessHeaders(): Promise<Record<string, string>> {
  return {
    Accept: 'application/json',
    Authorization: `Bearer ${await app.tokens.accessToken('business')}`,
    'Ocp-Apim-Subscription-Key': 'demo-subscription-key',
    'X-Request-ID': randomUUID(),
  };
}

let claimLinks: string[] = [];

async function seededClaimLinks(): Promise<string[]> {
  if (claimLinks.length) return claimLinks;
  const response = await fetch(`${sandbox.url}/business/claims?payorId=0101302989`, {
    headers: await businessHeaders(),
  });
  expect(response.status).toBe(200);
  const claims = (await response.json()) as { claimId: string }[];
  claimLinks = claims.map((c) => `${sandbox.url}/business/claims/${encodeURIComponent(c.claimId)}`);
  expect(claimLinks.length).toBeGreaterThanOrEqual(2);
  return claimLinks;
}

/** The reads of self links the event job makes, on the business token, noting their order. */
function recordingReader() {
  const reads: string[] = [];
  return {
    reads,
    read: (href: string) => {
      reads.push(href);
      return app.resources.readBankResource(href);
    },
  };
}

async function deliver(subscriptionId: string, secret: string, envelope: object, timestamp?: number) {
  const sealed = await sealedDelivery(envelope, secret, { timestamp });
  const outcome = await app.intake.acceptDelivery({ subscriptionId, ...sealed });
  return { outcome, httpStatus: app.intake.deliveryHttpStatus(outcome) };
}

async function storedEvent(eventId: string) {
  const rows = await app.db
    .select()
    .from(app.schema.webhookEvents)
    .where(eq(app.schema.webhookEvents.eventId, eventId));
  expect(rows, `event ${eventId} stored once`).toHaveLength(1);
  return rows[0];
}

const selfLink = (href: string) => [{ rel: 'self', href, method: 'GET' }];

const claimReadCases: { fault: string; rule: FaultRule; transient: boolean }[] = [
  { fault: '500', rule: { status: 500 }, transient: true },
  { fault: '503 with Retry-After', rule: { status: 503, retryAfterSeconds: 1 }, transient: true },
  { fault: '429 with Retry-After', rule: { status: 429, retryAfterSeconds: 1 }, transient: true },
  { fault: 'timeout', rule: { timeout: 'after', holdMs: HOLD_MS }, transient: true },
  { fault: 'dropped (timeout before)', rule: { timeout: 'before', holdMs: HOLD_MS }, transient: true },
  { fault: 'slow answer', rule: { latencyMs: SLOW_MS }, transient: false },
];

describe('fault matrix: webhook deliveries', { timeout: CASE_TIMEOUT_MS }, () => {
  it.each(claimReadCases)(
    'claims read $fault: the event stays pending, is retried, applied once',
    async (c) => {
      const { id, secret } = await createSubscription(app.db);
      const [claim] = await seededClaimLinks();
      const envelope = claimEnvelope({ links: selfLink(claim ?? '') });
      expect((await deliver(id, secret, envelope)).httpStatus).toBe(202);
      await addFault(sandbox.url, { method: 'GET', path: '/business/claims/', count: 1, ...c.rule });
      try {
        const { read, reads } = recordingReader();
        if (c.transient) {
          await expect(app.processEvents.processSubscriptionEvents(app.db, id, read)).rejects.toThrow();
          expect(await storedEvent(envelope.eventId)).toMatchObject({ processedAt: null, attempts: 1 });
          // The job's retry.
          await app.processEvents.processSubscriptionEvents(app.db, id, read);
        } else {
          await app.processEvents.processSubscriptionEvents(app.db, id, read);
        }
        expect(await storedEvent(envelope.eventId)).toMatchObject({
          outcome: 'applied',
          attempts: c.transient ? 2 : 1,
          detail: { httpStatus: 200 },
        });
        expect(reads).toHaveLength(c.transient ? 2 : 1);
      } finally {
        await clearFaults(sandbox.url);
      }
    },
  );

  it('duplicated, and dropped then resent: one event stored, applied once', async () => {
    const { id, secret } = await createSubscription(app.db);
    const [claim] = await seededClaimLinks();
    const envelope = claimEnvelope({ links: selfLink(claim ?? '') });
    // The first attempt's answer is lost (dropped) and the bank resends: each attempt signed afresh.
    expect(await deliver(id, secret, envelope)).toMatchObject({
      httpStatus: 202,
      outcome: { status: 'accepted' },
    });
    expect(await deliver(id, secret, envelope)).toMatchObject({
      httpStatus: 200,
      outcome: { status: 'duplicate' },
    });
    const { read, reads } = recordingReader();
    expect(await app.processEvents.processSubscriptionEvents(app.db, id, read)).toEqual({ processed: 1 });
    // A duplicate after processing changes nothing.
    expect(await deliver(id, secret, envelope)).toMatchObject({
      httpStatus: 200,
      outcome: { status: 'duplicate' },
    });
    expect(await app.processEvents.processSubscriptionEvents(app.db, id, read)).toEqual({ processed: 0 });
    expect(reads).toHaveLength(1);
    expect(await storedEvent(envelope.eventId)).toMatchObject({ outcome: 'applied', attempts: 1 });
  });

  it('late: a delivery signed outside the tolerance is refused (401, the bank retries), its resend accepted once', async () => {
    const { id, secret } = await createSubscription(app.db);
    const [claim] = await seededClaimLinks();
    const envelope = claimEnvelope({ links: selfLink(claim ?? '') });
    const stale = await deliver(id, secret, envelope, nowSeconds() - 600);
    expect(stale.httpStatus).toBe(401);
    expect(
      await app.db
        .select()
        .from(app.schema.webhookEvents)
        .where(eq(app.schema.webhookEvents.eventId, envelope.eventId)),
    ).toHaveLength(0);
    expect((await deliver(id, secret, envelope)).httpStatus).toBe(202);
    await app.processEvents.processSubscriptionEvents(app.db, id, recordingReader().read);
    expect(await storedEvent(envelope.eventId)).toMatchObject({ outcome: 'applied' });
  });
  it('reordered: deliveries that arrive together are applied in occurredAt order; a late one is superseded', async () => {
    const { id, secret } = await createSubscription(app.db);
    const [a, b] = await seededClaimLinks();
    // Superseding is by self link across subscriptions: newer than the earlier tests' events for these claims.
    const base = Date.now() + 60_000;
    const at = (ms: number) => new Date(base + ms).toISOString();
    const first = claimEnvelope({ occurredAt: at(0), links: selfLink(a ?? '') });
    const second = claimEnvelope({ occurredAt: at(1_000), links: selfLink(b ?? '') });
    const third = claimEnvelope({ occurredAt: at(3_000), links: selfLink(a ?? '') });
    for (const envelope of [third, second, first]) await deliver(id, secret, envelope);
    const { read, reads } = recordingReader();
    await app.processEvents.processSubscriptionEvents(app.db, id, read);
    // `first` is older than `third` for the same claim, which is read after it, so it is read too: in order.
    expect(reads).toEqual([a, b, a]);
    // An event for claim a older than the one applied arrives late: nothing newer to tell.
    const late = claimEnvelope({ occurredAt: at(2_000), links: selfLink(a ?? '') });
    expect((await deliver(id, secret, late)).httpStatus).toBe(202);
    await app.processEvents.processSubscriptionEvents(app.db, id, read);
    expect(reads).toHaveLength(3);
    expect(await storedEvent(late.eventId)).toMatchObject({ outcome: 'superseded' });
    for (const e of [first, second, third])
      expect(await storedEvent(e.eventId)).toMatchObject({ outcome: 'applied' });
  });
});

// --- status notifications ------------------------------------------------------------------------
// From here on the app's job workers run, as in production: notifications are processed by the job
// queue, and the status reconciliation polls every initiated payment.

interface NotificationCase {
  fault: string;
  rule?: FaultRule;
  endpoint?: { count: number; status?: number; delayMs?: number; retryAfterSeconds?: number };
  /** What the bank's notification log must show, to prove the fault happened. */
  evidence: (attempts: SandboxNotification['attempts'], log: SandboxNotification[]) => boolean;
  /** The app hears of the payment through notifications at all. */
  notified: boolean;
}

const notificationCases: NotificationCase[] = [
  {
    fault: 'dropped, every one (reconciliation covers)',
    rule: { target: 'notification', notification: 'drop' },
    evidence: (_, log) => log.length > 0 && log.every((n) => n.state === 'dropped' || n.state === 'skipped'),
    notified: false,
  },
  {
    fault: 'dropped, the first',
    rule: { target: 'notification', notification: 'drop', count: 1 },
    evidence: (_, log) => log.some((n) => n.state === 'dropped') && log.some((n) => n.state === 'delivered'),
    notified: true,
  },
  {
    fault: 'duplicated',
    rule: { target: 'notification', notification: 'duplicate' },
    evidence: (attempts) => attempts.some((a) => a.fault?.includes('duplicate')),
    notified: true,
  },
  {
    fault: 'reordered',
    rule: { target: 'notification', notification: 'reorder', count: 1 },
    // Held back, then sent after the next one: a notification's first attempt after a later one's.
    evidence: (_, log) =>
      log.some((n, i) =>
        log.slice(i + 1).some((later) => (n.attempts[0]?.at ?? '') > (later.attempts[0]?.at ?? '')),
      ),
    notified: true,
  },
  {
    fault: 'our endpoint answers 500',
    endpoint: { count: 2, status: 500 },
    evidence: (attempts) => attempts.some((a) => a.statusCode === 500),
    notified: true,
  },
  {
    fault: 'our endpoint answers 503 with Retry-After',
    endpoint: { count: 2, status: 503, retryAfterSeconds: 1 },
    evidence: (attempts) => attempts.some((a) => a.statusCode === 503),
    notified: true,
  },
  {
    fault: 'our endpoint answers 429 with Retry-After',
    endpoint: { count: 2, status: 429, retryAfterSeconds: 1 },
    evidence: (attempts) => attempts.some((a) => a.statusCode === 429),
    notified: true,
  },
  {
    fault: 'our endpoint too slow (the bank times out and resends)',
    endpoint: { count: 1, delayMs: TOO_SLOW_MS },
    evidence: (attempts) => attempts.some((a) => a.statusCode === null && a.error !== null),
    notified: true,
  },
  {
    fault: 'our endpoint slow but in time',
    endpoint: { count: 2, delayMs: IN_TIME_MS },
    // Answered late and in time (a busy machine may add a timeout of its own, which the bank resends).
    evidence: (attempts) => attempts.some((a) => a.statusCode === 200 && a.durationMs >= IN_TIME_MS),
    notified: true,
  },
];

describe('fault matrix: status notifications', { timeout: CASE_TIMEOUT_MS }, () => {
  beforeAll(async () => {
    await app.jobs.startJobs();
  });

  it.each(notificationCases)('$fault: the app\u2019s history ends right', async (c) => {
    const { payment, remittance } = await initiated('notif');
    const notificationPath = `/api/notifications/payments/${payment.id}`;
    if (c.rule) await addFault(sandbox.url, { ...c.rule, path: notificationPath });
    if (c.endpoint) routes.failNext(c.endpoint.count, { ...c.endpoint, pathPrefix: notificationPath });
    try {
      await confirmed(payment.id);
      await advanceSandboxClock(sandbox.url, 600);
      // The bank has sent, resent, dropped or held every notification of the payment.
      const log = await eventually(
        async () => {
          const list = await sandboxNotifications(sandbox.url, payment.bankPaymentId ?? '');
          return list.length > 0 && list.every((n) => !['pending', 'held'].includes(n.state))
            ? list
            : undefined;
        },
        SETTLE_MS,
        'the bank to finish notifying',
      );
      const attempts = log.flatMap((n) => n.attempts);
      expect(c.evidence(attempts, log), JSON.stringify(log)).toBe(true);
      // The app ends at the bank's final status, from notifications or the reconciliation job.
      await eventually(
        async () => ((await appPayment(payment.id)).transactionStatus === 'ACCC' ? true : undefined),
        SETTLE_MS,
        'the app to record the final status',
      );
      // Every notification that reached the app was processed.
      const received = await eventually(
        async () => {
          const rows = await app.db
            .select()
            .from(paymentNotifications)
            .where(eq(paymentNotifications.paymentId, payment.id));
          return rows.every((r) => r.processedAt) ? rows : undefined;
        },
        SETTLE_MS,
        'the app to process its notifications',
      );
      if (c.notified) expect(received.length).toBeGreaterThan(0);
      else expect(received).toHaveLength(0);
      await expectSettledOnce(payment.id, remittance);
    } finally {
      await clearFaults(sandbox.url);
    }
  });
});
