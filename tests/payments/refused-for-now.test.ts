import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CREDITOR } from '@/sandbox/test/helpers';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';

/**
 * One form, one payment: the same content sent again is the payment it made, answered from our records, the bank's
 * refusal included (a double click, a retry). A refusal that is no answer to the content but to the moment (the bank
 * did not let our app in, the currency markets are closed) says "try again later": the same content sent again then
 * asks the bank again, as a new payment with a key of its own, since the bank made none. Against the sandbox bank,
 * through a proxy that answers in its place.
 */

const JON = 'IS140159260076545510730339';
const INITIATION = /^\/psd2\/api\/v1\/payments\/credit-transfers$/;

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'refused-for-now-secret-0123456789abcdefgh' });
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());

/** One form's submission: sent again with the same submission id and body as often as the test likes. */
function form() {
  const submissionId = randomUUID();
  const body = {
    debtorAccount: { iban: JON },
    creditorAccount: { iban: CREDITOR },
    instructedAmount: { currency: 'ISK', amount: '2500' },
    remittanceInformationUnstructured: `test ${randomUUID().slice(0, 8)}`,
  };
  return () =>
    app.initiation.initiateOnce({
      psuId: app.psuId,
      submissionId,
      service: 'payments',
      product: 'credit-transfers',
      body,
      scaLanguage: 'en',
      uiLocale: 'en',
      summary: { amount: '2500', currency: 'ISK', creditorAccount: CREDITOR },
      psuIpAddress: '10.20.30.40',
    });
}

const initiations = () => app.proxy.bankCalls().filter((call) => INITIATION.test(call.path));
const partSeven = (code: string, status: number) => ({
  status,
  body: { tppMessages: [{ category: 'ERROR', code, text: code }] },
});

describe('the same form sent again after a refusal', () => {
  it.each([
    ['403 without a body', { status: 403 }, 'bank.accessRefusedUnpaid'],
    ['MARKETS_CLOSED', partSeven('MARKETS_CLOSED', 400), 'bank.code.MARKETS_CLOSED'],
    ['CERTIFICATE_EXPIRED', partSeven('CERTIFICATE_EXPIRED', 401), 'bank.code.CERTIFICATE_EXPIRED'],
  ])(
    'refused for now (%s): the bank is asked again, as a new payment with a key of its own',
    async (_, answer, messageKey) => {
      const send = form();
      app.proxy.answerNext('POST', INITIATION, answer);
      const refused = await send();
      expect(refused).toMatchObject({ ok: false, messageKey });
      const askedFirst = initiations();
      const times = askedFirst.length;

      const paid = await send();
      expect(paid.ok).toBe(true);
      const asked = initiations();
      expect(asked).toHaveLength(times + 1);
      expect(asked.at(-1)?.headers['idempotency-key']).not.toBe(askedFirst[0]?.headers['idempotency-key']);
      expect(paid.paymentId).not.toBe(refused.paymentId);
      expect((await app.payment(refused.paymentId ?? '')).phase).toBe('refused');
      expect((await app.payment(paid.paymentId ?? '')).phase).toBe('initiated');

      // Sent once more: the payment the bank made, not a third.
      const again = await send();
      expect(again).toMatchObject({ ok: true, paymentId: paid.paymentId });
      expect(initiations()).toHaveLength(times + 1);
    },
  );

  it('refused for its content (FORMAT_ERROR): answered with the refusal, the bank not asked again', async () => {
    const send = form();
    app.proxy.answerNext('POST', INITIATION, partSeven('FORMAT_ERROR', 400));
    const refused = await send();
    expect(refused).toMatchObject({ ok: false, messageKey: 'bank.code.FORMAT_ERROR' });
    const again = await send();
    expect(again).toMatchObject({
      ok: false,
      messageKey: 'bank.code.FORMAT_ERROR',
      paymentId: refused.paymentId,
    });
    expect(initiations()).toHaveLength(1);
  });

  it('two sent at once after a refusal for now make one new payment', async () => {
    const send = form();
    app.proxy.answerNext('POST', INITIATION, { status: 403 });
    const refused = await send();
    expect(refused.ok).toBe(false);
    const [one, two] = await Promise.all([send(), send()]);
    expect(one.paymentId).toBe(two.paymentId);
    expect(initiations()).toHaveLength(2);
  });
});
