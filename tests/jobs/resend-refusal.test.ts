import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_WINDOW_HOURS } from '@/lib/payments/initiation';
import type { CannedAnswer } from '@/tests/bank/recording-proxy';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { eventually } from '@/tests/support/sandbox-admin';

/**
 * A payment whose bank's answer was lost is sent again by a job with its own Idempotency-Key
 * (lib/jobs/status-reconciliation.ts). When the bank refuses that resend for good (a 4xx but 408 and 429, and 409
 * to a key sent before: lib/payments/initiation.ts send), the refusal is recorded on the payment and the job ends:
 * it is not retried, whatever words the refusal is told in, and the payment is never sent again. Against the
 * sandbox bank, through a proxy that answers in its place, with the app's job queue on its embedded database.
 */

const INITIATION = /^\/psd2\/api\/v1\/payments\/credit-transfers$/;

let app: AppAtSandbox;
let boss: PgBoss;
let jobs: typeof import('@/lib/jobs');
let checks: typeof import('@/lib/payments/status-checks');
let reconciliation: typeof import('@/lib/jobs/status-reconciliation');

beforeAll(async () => {
  app = await startAppAtSandbox({
    AUTH_SECRET: 'resend-refusal-secret-resend-refusal-0123',
    // The job resends a payment whose answer was lost after 1 s, not the 10 s an app waits by default.
    RESEND_AFTER_SECONDS: '1',
  });
  jobs = await import('@/lib/jobs');
  checks = await import('@/lib/payments/status-checks');
  reconciliation = await import('@/lib/jobs/status-reconciliation');
  boss = await jobs.startJobs();
});

afterAll(async () => {
  await jobs?.stopJobs();
  await app?.close();
});

/** A payment the bank never answered (busy at the call and both retries): its outcome unknown, its resend due. */
async function unanswered() {
  for (let answer = 0; answer < 3; answer++) app.proxy.answerNext('POST', INITIATION, { status: 503 });
  const outcome = await app.initiation.initiateOnce(app.request({ note: 'resend' }));
  expect(outcome).toMatchObject({ ok: false, messageKey: 'bank.down' });
  app.proxy.dropUnusedAnswers();
  const payment = await app.payment(outcome.paymentId ?? '');
  expect(payment).toMatchObject({ phase: 'new', failureCode: 'OUTCOME_UNKNOWN' });
  return payment;
}

const sentWithKey = (key: string) =>
  app.proxy.calls.filter(
    (call) => call.method === 'POST' && INITIATION.test(call.path) && call.headers['idempotency-key'] === key,
  ).length;

describe('the resend of a payment whose answer was lost, refused by the bank', () => {
  it.each([
    { refusal: '403 without a body', answer: { status: 403 }, failureCode: 'HTTP_403' },
    { refusal: '404 without a body', answer: { status: 404 }, failureCode: 'HTTP_404' },
    { refusal: '400 without a body', answer: { status: 400 }, failureCode: 'HTTP_400' },
    {
      refusal: '400 naming a field',
      answer: {
        status: 400,
        body: {
          tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: 'creditorAccount.iban' }],
        },
      },
      failureCode: 'FORMAT_ERROR',
    },
  ] satisfies { refusal: string; answer: CannedAnswer; failureCode: string }[])(
    '$refusal: is recorded as refused, and its job ends without a retry',
    async ({ answer, failureCode }) => {
      const payment = await unanswered();
      const before = sentWithKey(payment.idempotencyKey);
      app.proxy.answerNext('POST', INITIATION, answer);
      // The job resends it (after RESEND_AFTER_SECONDS, lib/payments/status-checks.ts afterUnknownOutcome), and
      // the bank refuses.
      const refused = await eventually(
        async () => {
          const now = await app.payment(payment.id);
          return now.phase === 'refused' ? now : undefined;
        },
        60_000,
        'the resend to be refused',
      );
      expect(refused).toMatchObject({ phase: 'refused', failureCode, claimedUntil: null });
      expect(sentWithKey(payment.idempotencyKey)).toBe(before + 1);
      // The job has ended: completed, not failed and waiting to be retried.
      const [job] = await eventually(
        async () => {
          const found = await boss.findJobs(checks.resendQueue, { key: payment.id });
          return found.length > 0 && found.every((one) => !['created', 'active'].includes(one.state))
            ? found
            : undefined;
        },
        30_000,
        'the resend job to end',
      );
      expect(job).toMatchObject({ state: 'completed', retryCount: 0 });
      // Its resend was due RESEND_AFTER_SECONDS (1 s here) after the answer was lost, not 10 s.
      const dueAfterMs = (job?.startAfter.getTime() ?? 0) - (job?.createdOn.getTime() ?? 0);
      expect(dueAfterMs).toBeGreaterThanOrEqual(900);
      expect(dueAfterMs).toBeLessThan(5_000);
      // The money rule: a refused payment is never sent again, by a resend asked for or by the sweep.
      await checks.scheduleResend(boss, payment.id);
      expect(await reconciliation.sweepUnsentPayments(boss)).toBe(0);
      await eventually(
        async () => {
          const found = await boss.findJobs(checks.resendQueue, { key: payment.id });
          return found.every((one) => one.state === 'completed') || undefined;
        },
        30_000,
        'the resend asked for to end',
      );
      expect(sentWithKey(payment.idempotencyKey)).toBe(before + 1);
      expect(await app.payment(payment.id)).toMatchObject({ phase: 'refused', failureCode });
    },
    120_000,
  );
});

describe('the resend of a payment whose answer is lost again', () => {
  it('is retried by its own job, later each time, not by a new job every RESEND_AFTER_SECONDS', async () => {
    const payment = await unanswered();
    const before = sentWithKey(payment.idempotencyKey);
    for (let answer = 0; answer < 3; answer++) app.proxy.answerNext('POST', INITIATION, { status: 503 });
    // The job resends it after RESEND_AFTER_SECONDS, and the bank is busy again (the call and both its retries).
    const jobsOf = () => boss.findJobs(checks.resendQueue, { key: payment.id });
    const waiting = await eventually(
      async () => {
        const found = await jobsOf();
        return found.some((one) => ['retry', 'failed'].includes(one.state)) ? found : undefined;
      },
      60_000,
      'the resend to go unanswered',
    );
    expect(sentWithKey(payment.idempotencyKey)).toBe(before + 3);
    // One job, waiting for its retry (backed off: pg-boss's retryBackoff), where another job was sent to
    // resend it in RESEND_AFTER_SECONDS, whichever the bank's trouble lasted, and the first counted as failed.
    expect(waiting.map(({ state, retryCount }) => ({ state, retryCount }))).toEqual([
      { state: 'retry', retryCount: 0 },
    ]);
    // Its retries go on while the bank keeps the payment's key: the least time pg-boss's backoff can take
    // (half of retryDelay · 2^n, at most retryDelayMax) summed over its retries spans the window.
    const [job] = waiting;
    let span = 0;
    for (let n = 0; n < (job?.retryLimit ?? 0); n++)
      span += Math.min(
        job?.retryDelayMax ?? Number.POSITIVE_INFINITY,
        ((job?.retryDelay ?? 0) * 2 ** Math.min(16, n)) / 2,
      );
    expect(span).toBeGreaterThanOrEqual(IDEMPOTENCY_WINDOW_HOURS * 3600);
    expect(job?.retryDelayMax).toBeLessThanOrEqual(300);
    app.proxy.dropUnusedAnswers();
    // Its retry sends it again, with its own key, and the bank, back, takes it.
    const initiated = await eventually(
      async () => {
        const now = await app.payment(payment.id);
        return now.phase === 'initiated' ? now : undefined;
      },
      60_000,
      'the retried resend to be taken',
    );
    expect(initiated.bankPaymentId).toBeTruthy();
    expect(sentWithKey(payment.idempotencyKey)).toBe(before + 4);
  }, 150_000);
});

describe('the resend of a payment saved longer ago than the bank keeps its key', () => {
  it('is not sent again, and its job ends: the bank may have made it and forgotten the key', async () => {
    const payment = await unanswered();
    const before = sentWithKey(payment.idempotencyKey);
    const { payments } = await import('@/lib/db/schema');
    const { eq } = await import('drizzle-orm');
    // Its resend's retries (or a sweep's resend just inside the window) reach past the bank's key's day.
    await app.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - (IDEMPOTENCY_WINDOW_HOURS * 3600 + 60) * 1000) })
      .where(eq(payments.id, payment.id));
    const { resendUnsentPayment } = await import('@/lib/payments/initiation');
    expect(await resendUnsentPayment(payment.id)).toBeUndefined();
    expect(sentWithKey(payment.idempotencyKey)).toBe(before);
    expect(await app.payment(payment.id)).toMatchObject({ phase: 'new', claimedUntil: null });
  }, 60_000);
});
