import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import is from '@/messages/is.json';
import { CREDITOR, JON_MAIN } from '@/sandbox/test/helpers';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';

/**
 * The bank's `paymentId` (payment spec 2.5: "identifies the created resource") is the bank's own: unique at
 * that bank, and nothing says another bank does not hand out the same one. A payment is ours by our own id;
 * the bank's id is how we address it at its bank only. Against the sandbox bank through a recording proxy,
 * which makes the answers a mock or a faulty bank gives (the example paymentId every time).
 */

const INITIATION = /^\/psd2\/api\/v1\/payments\/credit-transfers$/;

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'bank-payment-ids-secret-bank-payment-ids-0' });
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());

function request(amount = '1500') {
  return {
    psuId: app.psuId,
    submissionId: randomUUID(),
    service: 'payments' as const,
    product: 'credit-transfers' as const,
    body: {
      debtorAccount: { iban: JON_MAIN },
      creditorAccount: { iban: CREDITOR },
      instructedAmount: { currency: 'ISK', amount },
      remittanceInformationUnstructured: `ids ${randomUUID().slice(0, 8)}`,
    },
    scaLanguage: 'en' as const,
    uiLocale: 'en' as const,
    summary: { amount, currency: 'ISK', creditorAccount: CREDITOR },
    psuIpAddress: '10.20.30.40',
  };
}

/** The bank's next initiation answer carries `paymentId` instead of its own. */
function answerWithPaymentId(paymentId: string) {
  app.proxy.reshapeNext('POST', INITIATION, (body) => ({ ...(body as object), paymentId }));
}

const initiations = () =>
  app.proxy.calls.filter((call) => call.method === 'POST' && INITIATION.test(call.path));

describe("the bank's paymentId is unique at that bank only (payment spec 2.5)", () => {
  it("a paymentId another bank gave one of our payments is this bank's payment, followed as usual", async () => {
    const first = await app.pay({ debtorIban: JON_MAIN });
    const { bankPaymentId } = await app.payment(first.id);
    // The first payment is at another bank of the directory; its id there is the same text.
    await app.db
      .update(app.schema.payments)
      .set({ bankId: 'nordur' })
      .where(eq(app.schema.payments.id, first.id));
    answerWithPaymentId(bankPaymentId ?? '');
    const outcome = await app.initiation.initiateOnce(request());
    expect(outcome).toMatchObject({ ok: true });
    const second = await app.payment(outcome.paymentId ?? '');
    expect(second).toMatchObject({
      phase: 'initiated',
      bankId: 'default',
      bankPaymentId,
      transactionStatus: 'RCVD',
    });
    expect((await app.payment(first.id)).bankId).toBe('nordur');
  });

  it('the same bank answering 201 with a paymentId it gave another payment: the answer is kept, never mixed with the other, and told as it is', async () => {
    const first = await app.pay({ debtorIban: JON_MAIN });
    const firstRow = await app.payment(first.id);
    const clashing = firstRow.bankPaymentId ?? '';
    answerWithPaymentId(clashing);
    const sent = request('1700');
    const outcome = await app.initiation.initiateOnce(sent);
    // Not "nothing was paid", nor "not sent": the bank has the payment, and we cannot follow it.
    expect(outcome).toMatchObject({ ok: false, messageKey: 'payment.bankIdClash' });
    const second = await app.payment(outcome.paymentId ?? '');
    expect(second).toMatchObject({
      phase: 'unfollowable',
      bankPaymentId: null,
      clashingBankPaymentId: clashing,
      transactionStatus: 'RCVD',
      scaRedirect: null,
      sca: null,
    });
    // The other payment is as it was: nothing of the second answer is written to it.
    expect(await app.payment(first.id)).toEqual(firstRow);
    // The PSU's row is still addressed by our own id, and says in words what happened.
    const view = app.view.toPaymentView(second, []);
    expect(view).toMatchObject({
      id: second.id,
      displayStatus: 'unfollowable',
      refreshEveryMs: false,
      cancellable: false,
      scaRedirect: null,
      scaStep: { kind: 'none' },
    });
    for (const messages of [en, is]) {
      expect(messages.status.unfollowable.label).toBeTruthy();
      expect(messages.status.unfollowable.explain).toBeTruthy();
      expect(messages.payment.bankIdClash).toBeTruthy();
    }
    // Sending the form again, or the recovery job, gives the same answer without calling the bank again.
    const before = initiations().length;
    expect(await app.initiation.initiateOnce(sent)).toMatchObject({
      ok: false,
      messageKey: 'payment.bankIdClash',
    });
    expect(await app.initiation.resendUnsentPayment(second.id)).toMatchObject({
      ok: false,
      messageKey: 'payment.bankIdClash',
    });
    expect(initiations().length).toBe(before);
    // A refresh from the bank does not read the other payment in its place.
    const synced = await app.sync.syncPaymentStatus(app.db, second, 'poll');
    expect(synced.changed).toBe(false);
    expect(await app.payment(first.id)).toEqual(firstRow);
  });

  it('a failure to store the answer after the bank took the payment is not told as "not sent"; sending again links it', async () => {
    const sent = request('1900');
    // The database refuses the recording of this answer once, as a full disk or a lost connection would
    // (a sequence counts the refusals: its value is not rolled back with the failed statement).
    await app.db.execute(sql.raw('create sequence answer_refusals'));
    await app.db.execute(
      sql.raw(`create function refuse_answer() returns trigger language plpgsql as $$
        begin
          if new.phase = 'initiated' and new.amount = '1900' and nextval('answer_refusals') = 1 then
            raise exception 'disk full';
          end if;
          return new;
        end $$`),
    );
    await app.db.execute(
      sql.raw(
        'create trigger refuse_answer before update on payments for each row execute function refuse_answer()',
      ),
    );
    try {
      const outcome = await app.initiation.initiateOnce(sent);
      expect(outcome).toMatchObject({ ok: false, messageKey: 'payment.answerNotSaved' });
      const row = await app.payment(outcome.paymentId ?? '');
      expect(row.phase).not.toBe('initiated');
      const view = app.view.toPaymentView(row, []);
      expect(view.displayStatus).toBe('answerNotSaved');
      for (const messages of [en, is]) expect(messages.status.answerNotSaved.label).toBeTruthy();
      // The same form again: sent with the same Idempotency-Key, the bank answers with the same payment.
      const again = await app.initiation.initiateOnce(sent);
      expect(again).toMatchObject({ ok: true, paymentId: outcome.paymentId });
      const linked = await app.payment(outcome.paymentId ?? '');
      expect(linked).toMatchObject({ phase: 'initiated', transactionStatus: 'RCVD', failureCode: null });
      const keys = initiations().map((call) => call.headers['idempotency-key']);
      expect(new Set(keys.slice(-2)).size).toBe(1);
    } finally {
      await app.db.execute(sql.raw('drop trigger if exists refuse_answer on payments'));
    }
  });
});

describe('the initiation answer is read within the types of payment spec 2.5', () => {
  it('an otpMaxLength above 64 (an int32) does not lose the payment the bank made', async () => {
    app.proxy.reshapeNext('POST', INITIATION, (body) => ({
      ...(body as object),
      challengeData: { otpMaxLength: 128, otpFormat: 'characters' },
    }));
    const outcome = await app.initiation.initiateOnce(request('2100'));
    expect(outcome).toMatchObject({ ok: true });
    const payment = await app.payment(outcome.paymentId ?? '');
    expect(payment).toMatchObject({ phase: 'initiated', transactionStatus: 'RCVD' });
    expect(payment.sca?.challengeData?.otpMaxLength).toBe(128);
  });
});
