import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JON_MAIN } from '@/sandbox/test/helpers';
import type { RecordedCall } from '@/tests/bank/recording-proxy';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { addFault, eventually } from '@/tests/support/sandbox-admin';

/**
 * After a bank's outage many payments wait for a status check or a resend. A process that takes jobs runs up to
 * BANK_JOB_CONCURRENCY of each at once (lib/jobs/status-reconciliation.ts), not one after another: seen from the
 * bank's side, through a proxy that notes when each call came and when its answer left, with the sandbox bank
 * answering slowly. The app's job queue is on its embedded database.
 */

const CONCURRENCY = 3;
const WAITING = 7;
const STATUS_READ = /^\/psd2\/api\/v1\/payments\/credit-transfers\/[^/]+\/status$/;
const INITIATION = /^\/psd2\/api\/v1\/payments\/credit-transfers$/;

let app: AppAtSandbox;
let jobs: typeof import('@/lib/jobs') | undefined;

beforeAll(async () => {
  app = await startAppAtSandbox({
    AUTH_SECRET: 'bank-job-concurrency-secret-0123456789ab',
    BANK_JOB_CONCURRENCY: String(CONCURRENCY),
  });
});

afterAll(async () => {
  await jobs?.stopJobs();
  await app?.close();
});

/** The most calls of `calls` under way at once: each call's arrival, against the calls not yet answered then. */
function mostAtOnce(calls: RecordedCall[]): number {
  return Math.max(
    ...calls.map(
      (call) =>
        calls.filter(
          (other) => other.receivedAt <= call.receivedAt && (other.answeredAt ?? Infinity) > call.receivedAt,
        ).length,
    ),
  );
}

/** A payment whose bank never answered (busy at the call and both retries): unsent, its resend due. */
async function unanswered(): Promise<string> {
  for (let answer = 0; answer < 3; answer++) app.proxy.answerNext('POST', INITIATION, { status: 503 });
  const outcome = await app.initiation.initiateOnce(app.request({ note: 'backlog' }));
  expect(outcome).toMatchObject({ ok: false, messageKey: 'bank.down' });
  app.proxy.dropUnusedAnswers();
  return (await app.payment(outcome.paymentId ?? '')).idempotencyKey;
}

describe('status checks and resends waiting after an outage', () => {
  it(`run up to BANK_JOB_CONCURRENCY (${CONCURRENCY} here) at once each, not one at a time`, async () => {
    // Without a job queue yet, nothing is scheduled: the start-up sweeps find all of them at once.
    const sent: { id: string }[] = [];
    for (let n = 0; n < WAITING; n++) sent.push(await app.pay({ debtorIban: JON_MAIN, note: 'backlog' }));
    const unsentKeys: string[] = [];
    for (let n = 0; n < WAITING; n++) unsentKeys.push(await unanswered());
    const sentIds = new Set(
      await Promise.all(sent.map(async ({ id }) => (await app.payment(id)).bankPaymentId ?? '')),
    );
    // The bank is slow to answer: a status read or an initiation takes it 1.5 s.
    const base = app.sandbox.url;
    await addFault(base, { method: 'GET', pathRegex: '/credit-transfers/[^/]+/status$', latencyMs: 1500 });
    await addFault(base, { method: 'POST', pathRegex: '/payments/credit-transfers$', latencyMs: 1500 });
    const before = app.proxy.calls.length;
    jobs = await import('@/lib/jobs');
    await jobs.startJobs();

    const since = () => app.proxy.calls.slice(before).filter((call) => call.answeredAt !== undefined);
    const reads = () =>
      since().filter((call) => call.method === 'GET' && STATUS_READ.test(call.path.split('?')[0] ?? ''));
    const resends = () => since().filter((call) => call.method === 'POST' && INITIATION.test(call.path));
    await eventually(
      async () => {
        const read = new Set(reads().map((call) => call.path.split('/').at(-2)));
        const resent = new Set(resends().map((call) => call.headers['idempotency-key']));
        return [...sentIds].every((id) => read.has(id)) && unsentKeys.every((key) => resent.has(key))
          ? true
          : undefined;
      },
      90_000,
      'every waiting payment to be read or sent again',
    );
    const readsAtOnce = mostAtOnce(reads());
    expect(readsAtOnce).toBeGreaterThan(1);
    expect(readsAtOnce).toBeLessThanOrEqual(CONCURRENCY);
    const resendsAtOnce = mostAtOnce(resends());
    expect(resendsAtOnce).toBeGreaterThan(1);
    expect(resendsAtOnce).toBeLessThanOrEqual(CONCURRENCY);
    // Each payment was sent again once: two resends of one payment never ran side by side.
    for (const key of unsentKeys) {
      expect(resends().filter((call) => call.headers['idempotency-key'] === key)).toHaveLength(1);
    }
  }, 180_000);
});
