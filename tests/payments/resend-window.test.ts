import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import is from '@/messages/is.json';
import { JON_MAIN } from '@/sandbox/test/helpers';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';

// A payment whose sending never finished is sent again with its own Idempotency-Key, so that the bank answers
// with the payment it made, if it made one. A bank keeps the key "at least 24 hours" (ÍST TS 316) and may forget
// it after: a payment saved longer ago is not sent again when the PSU sends the same form, or it could be made
// twice. The PSU is told to look in their online bank first.

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'resend-window-secret-resend-window-secret-01' });
});

afterAll(() => app?.close());

const INITIATION = /\/payments\/credit-transfers$/;

function send(submissionId: string, scaLanguage: 'en' | 'is' = 'en') {
  return app.initiation.initiateOnce({
    psuId: app.psuId,
    submissionId,
    service: 'payments',
    product: 'credit-transfers',
    body: {
      debtorAccount: { iban: JON_MAIN },
      creditorAccount: { iban: 'IS870301260012345101696399' },
      creditorName: 'Guðrún Helgadóttir',
      instructedAmount: { currency: 'ISK', amount: '2500' },
    },
    scaLanguage,
    uiLocale: 'en',
    summary: { amount: '2500', currency: 'ISK', creditorAccount: 'IS870301260012345101696399' },
    psuIpAddress: '10.20.30.40',
  });
}

/** A payment the bank never answered (busy at the call and both retries): its outcome unknown, saved `new`. */
async function unanswered(savedHoursAgo: number) {
  for (let answer = 0; answer < 3; answer++)
    app.proxy.answerNext('POST', INITIATION, {
      status: 503,
      body: { tppMessages: [{ category: 'ERROR', code: 'SERVICE_UNAVAILABLE' }] },
    });
  const submissionId = randomUUID();
  const first = await send(submissionId);
  expect(first.ok).toBe(false);
  // On a busy machine a retry can time out before it reaches the bank (the outcome as unknown): the busy answer
  // it leaves unused would meet the next call, the job's resend below.
  app.proxy.dropUnusedAnswers();
  const paymentId = first.ok ? '' : (first.paymentId ?? '');
  await app.db
    .update(app.schema.payments)
    .set({ createdAt: new Date(Date.now() - savedHoursAgo * 3_600_000) })
    .where(eq(app.schema.payments.id, paymentId));
  return submissionId;
}

const initiations = () =>
  app.proxy.calls.filter((call) => call.method === 'POST' && INITIATION.test(call.path));

describe('a form sent again after its payment’s outcome stayed unknown', () => {
  it('is sent again with the same key within the day the bank keeps it', async () => {
    const submissionId = await unanswered(23);
    const before = initiations().length;
    expect(await send(submissionId)).toMatchObject({ ok: true });
    expect(initiations()).toHaveLength(before + 1);
  });

  it('is not sent again after it, and the PSU is told to look at their bank first', async () => {
    const submissionId = await unanswered(25);
    const before = initiations().length;
    expect(await send(submissionId)).toMatchObject({ ok: false, messageKey: 'payment.unsentTooLong' });
    expect(initiations()).toHaveLength(before);
    expect(en.payment.unsentTooLong).toMatch(/check your online bank/);
    expect(is.payment.unsentTooLong).toMatch(/athugaðu netbankann/);
  });
});

describe('a payment whose bank’s answer was lost', () => {
  it('keeps another form of the same content from making a second payment beside it until its outcome is known', async () => {
    const submissionId = await unanswered(0);
    const [lost] = await app.db
      .select()
      .from(app.schema.payments)
      .where(eq(app.schema.payments.submissionId, submissionId));
    const before = initiations().length;
    // The PSU opens the form again (or pays from a template) with the same details: nothing is sent.
    expect(await send(randomUUID())).toEqual({
      ok: false,
      paymentId: lost?.id,
      messageKey: 'payment.sameStillUnknown',
    });
    // Nor with the bank's page asked for in the other language: the same payment.
    expect(await send(randomUUID(), 'is')).toMatchObject({
      ok: false,
      messageKey: 'payment.sameStillUnknown',
    });
    expect(initiations()).toHaveLength(before);
    // Once the first one's outcome is known, the same details may be paid again.
    expect(await send(submissionId)).toMatchObject({ ok: true });
    expect(await send(randomUUID())).toMatchObject({ ok: true });
  });

  it('says so, and is sent again by a job with its own key, with no form sent again', async () => {
    const jobs = await import('@/lib/jobs');
    await jobs.startJobs();
    try {
      const submissionId = await unanswered(0);
      const [saved] = await app.db
        .select()
        .from(app.schema.payments)
        .where(eq(app.schema.payments.submissionId, submissionId));
      if (!saved) throw new Error('payment not saved');
      // Not "Not sent": the bank may have it.
      expect(app.view.toPaymentView(saved, []).displayStatus).toBe('outcomeUnknown');
      expect(en.status.outcomeUnknown.explain).toMatch(/Do not pay it again/);
      expect(is.status.outcomeUnknown.explain).toMatch(/Ekki greiða hana aftur/);
      const sentWithItsKey = () =>
        initiations().filter((call) => call.headers['idempotency-key'] === saved.idempotencyKey).length;
      const sentBefore = sentWithItsKey();
      // No form sent again, no restart: the resend job sends it with the key it was first sent with.
      let after = saved;
      for (let waited = 0; after.phase !== 'initiated' && waited < 60_000; waited += 500) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        after = await app.payment(saved.id);
      }
      expect(after).toMatchObject({ phase: 'initiated', transactionStatus: 'RCVD', failureCode: null });
      expect(sentWithItsKey()).toBe(sentBefore + 1);
      expect(app.view.toPaymentView(after, []).displayStatus).toBe('RCVD');
    } finally {
      await jobs.stopJobs();
    }
  }, 90_000);
});
