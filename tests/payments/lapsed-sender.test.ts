import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { eventually } from '@/tests/support/sandbox-admin';

// A sender holds a payment for the bank's timeout and 10 s more; on a machine busy enough, its claim can lapse
// while it still waits on the bank, and another sender of the same payment (the PSU's retry, a waiting request,
// the resend job) sends it again with its Idempotency-Key and records the bank's answer. What the first sender
// hears after that (the same answer, or its own timeout) changes nothing: the history holds the bank's answer
// once, and a recorded payment never goes back to "outcome unknown".

// Both cases need the second sender to have recorded the bank's answer before the first sender's wait runs out:
// longer than that takes on a machine busy with other work (at 3 s the first case failed once, run beside two other
// test runs at a load of about 20).
const BANK_TIMEOUT_MS = 10_000;
const INITIATION = /\/payments\/credit-transfers$/;
const NEVER = { method: 'GET', path: /^\/never$/ };

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({
    AUTH_SECRET: 'lapsed-sender-secret-lapsed-sender-secret-01',
    BANK_TIMEOUT_MS: String(BANK_TIMEOUT_MS),
  });
});

afterAll(() => app?.close());

const request = (submissionId: string) =>
  app.request({
    submissionId,
    creditorIban: 'IS870301260012345101696399',
    amount: '1250',
    uiLocale: 'is',
    note: 'lapsed',
  });

/** Starts sending a payment whose bank answer is held back, and lets its claim lapse once the bank has the call. */
async function firstSenderWaiting(submissionId: string, held: Promise<boolean>) {
  const before = app.proxy.calls.length;
  const first = app.initiation.initiateOnce(request(submissionId));
  await eventually(
    async () => app.proxy.calls.slice(before).some((call) => INITIATION.test(call.path)) || undefined,
    30_000,
    'the first sending to reach the bank',
  );
  const [payment] = await app.db
    .update(app.schema.payments)
    .set({ claimedUntil: new Date(Date.now() - 60_000) })
    .where(eq(app.schema.payments.submissionId, submissionId))
    .returning();
  if (!payment) throw new Error('payment not saved');
  return { first, payment, held };
}

async function historyOf(paymentId: string) {
  const events = await app.db
    .select()
    .from(app.schema.paymentEvents)
    .where(eq(app.schema.paymentEvents.paymentId, paymentId));
  return events.map((event) => event.transactionStatus);
}

describe('a sender whose claim lapsed while it waited on the bank', () => {
  it('records nothing when the same answer reaches it after another sender recorded it', async () => {
    const submissionId = randomUUID();
    // The first sender's answer waits until the second sender's call reaches the bank.
    const held = app.proxy.holdAnswerNext('POST', INITIATION, { method: 'POST', path: INITIATION }, 20_000);
    const { first, payment } = await firstSenderWaiting(submissionId, held);
    const second = await app.initiation.initiateOnce(request(submissionId));
    expect(await held).toBe(true);
    const firstOutcome = await first;
    expect(second).toMatchObject({ ok: true, paymentId: payment.id });
    expect(firstOutcome).toMatchObject({ ok: true, paymentId: payment.id });
    expect(await app.payment(payment.id)).toMatchObject({ phase: 'initiated', transactionStatus: 'RCVD' });
    expect(await historyOf(payment.id)).toEqual(['RCVD']);
  });

  it('keeps the recorded payment when its own wait times out after another sender recorded it', async () => {
    const submissionId = randomUUID();
    // The first sender's answer is held past its timeout.
    const held = app.proxy.holdAnswerNext('POST', INITIATION, NEVER, BANK_TIMEOUT_MS + 2_000);
    const { first, payment } = await firstSenderWaiting(submissionId, held);
    const second = await app.initiation.initiateOnce(request(submissionId));
    expect(second).toMatchObject({ ok: true, paymentId: payment.id });
    // Told what the other sender recorded, not that the bank timed out.
    expect(await first).toMatchObject({ ok: true, paymentId: payment.id });
    expect(await app.payment(payment.id)).toMatchObject({
      phase: 'initiated',
      transactionStatus: 'RCVD',
      failureCode: null,
    });
    expect(await historyOf(payment.id)).toEqual(['RCVD']);
  });
});
