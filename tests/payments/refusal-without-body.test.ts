import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import is from '@/messages/is.json';
import { JON_MAIN } from '@/sandbox/test/helpers';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';

/**
 * Payment spec part 7 gives 401, 403 and 404 an error body; an answer of one of them without a body (from a gateway
 * in front of the bank, or a bank that sends none) names no code. A 401 or 403 so refuses our app, not the PSU's
 * details; a 404 says the bank does not know what was asked of it. None is told as "check the details", and
 * "nothing was paid" only where it is so: of an initiation the bank refused. Against the sandbox bank, through a
 * proxy that answers in its place.
 */

const INITIATION = /^\/psd2\/api\/v1\/payments\/credit-transfers$/;
const PAYMENT = /^\/psd2\/api\/v1\/payments\/credit-transfers\/[^/]+$/;
const TOKEN = /^\/oauth\/v2\/oauth-token$/;

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'refusal-without-body-secret-0123456789abc' });
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());

/** A message of messages/{en,is}.json by its dotted key. */
function words(messages: unknown, key: string): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  if (typeof found !== 'string') throw new Error(`no message ${key}`);
  return found;
}

function initiate() {
  return app.initiation.initiateOnce(app.request());
}

/** Neither language tells the PSU to check or correct the details, and each says "nothing was paid" as `paid` says. */
function expectTrueWords(key: string, { nothingPaid }: { nothingPaid: boolean }) {
  const english = words(en, key);
  const icelandic = words(is, key);
  expect(english).not.toMatch(/check the details/i);
  expect(icelandic).not.toMatch(/athugaðu upplýsingarnar/i);
  expect(english.includes('Nothing was paid')).toBe(nothingPaid);
  expect(icelandic.includes('Ekkert var greitt')).toBe(nothingPaid);
}

describe('an initiation refused without a body', () => {
  it('401 to the renewed token too: the bank did not accept our app just now, nothing was paid, try again later', async () => {
    app.proxy.answerNext('POST', INITIATION, { status: 401 });
    app.proxy.answerNext('POST', INITIATION, { status: 401 });
    const outcome = await initiate();
    // The app took the first 401 for its token, renewed it and asked once more.
    const calls = app.proxy.bankCalls().map((call) => `${call.method} ${call.path}`);
    expect(calls.filter((call) => INITIATION.test(call.replace(/^POST /, '')))).toHaveLength(2);
    expect(calls.some((call) => TOKEN.test(call.replace(/^POST /, '')))).toBe(true);
    expect(outcome).toMatchObject({ ok: false, messageKey: 'bank.accessRefusedUnpaid' });
    expect((await app.payment(outcome.paymentId ?? '')).phase).toBe('refused');
    expectTrueWords('bank.accessRefusedUnpaid', { nothingPaid: true });
    expect(words(en, 'bank.accessRefusedUnpaid')).toMatch(/try again later/i);
    expect(words(is, 'bank.accessRefusedUnpaid')).toMatch(/reyndu aftur síðar/i);
  });

  it('403: the same words', async () => {
    app.proxy.answerNext('POST', INITIATION, { status: 403 });
    expect(await initiate()).toMatchObject({ ok: false, messageKey: 'bank.accessRefusedUnpaid' });
  });

  it('404: the bank does not know what it was asked, nothing was paid', async () => {
    app.proxy.answerNext('POST', INITIATION, { status: 404 });
    const outcome = await initiate();
    expect(outcome).toMatchObject({ ok: false, messageKey: 'bank.unknownRequestUnpaid' });
    expectTrueWords('bank.unknownRequestUnpaid', { nothingPaid: true });
  });
});

describe('a cancellation refused without a body: the payment stands, so nothing is said of what was paid', () => {
  async function refusedCancellation(...statuses: number[]) {
    const { id } = await app.pay({ debtorIban: JON_MAIN });
    for (const status of statuses) app.proxy.answerNext('DELETE', PAYMENT, { status });
    // Loaded after the app's settings are set (startAppAtSandbox).
    const { askBankToCancel } = await import('@/lib/payments/cancellation');
    const answer = await askBankToCancel(app.db, await app.payment(id), '10.20.30.40');
    app.proxy.dropUnusedAnswers();
    return answer;
  }

  it('401 to the renewed token too, and 403: the bank did not accept our app just now', async () => {
    for (const statuses of [[401, 401], [403]]) {
      expect(await refusedCancellation(...statuses)).toEqual({
        kind: 'refused',
        messageKey: 'bank.accessRefused',
      });
    }
    expectTrueWords('bank.accessRefused', { nothingPaid: false });
    expect(words(en, 'bank.accessRefused')).toMatch(/try again later/i);
    expect(words(is, 'bank.accessRefused')).toMatch(/reyndu aftur síðar/i);
  });

  it('404: the bank does not know the payment', async () => {
    expect(await refusedCancellation(404)).toEqual({
      kind: 'refused',
      messageKey: 'bank.code.RESOURCE_UNKNOWN',
    });
    expectTrueWords('bank.code.RESOURCE_UNKNOWN', { nothingPaid: false });
  });
});

// The token endpoint (RFC 6749 5.2) refuses our token request with an OAuth error (400 invalid_client,
// unauthorized_client; 401): our connection to the bank was refused, the payment interface never called. The PSU's
// details are not the cause: told as a 401 or 403 of the interface is.
describe('the bank’s token endpoint refusing our token request', () => {
  const oauthError = (status: number, error: string) => ({
    status,
    body: { error, error_description: 'Client authentication failed' },
  });

  it.each([
    oauthError(400, 'invalid_client'),
    oauthError(400, 'unauthorized_client'),
    oauthError(401, 'invalid_client'),
  ])(
    '$status $body.error to an initiation: our connection was refused, nothing was paid, try again later',
    async (refusal) => {
      // The token the app holds is refused, and so is its request for a new one.
      app.proxy.answerNext('POST', INITIATION, { status: 401 });
      app.proxy.answerNext('POST', TOKEN, refusal);
      const outcome = await initiate();
      app.proxy.dropUnusedAnswers();
      expect(app.proxy.bankCalls().filter((call) => TOKEN.test(call.path))).toHaveLength(1);
      expect(outcome).toMatchObject({ ok: false, messageKey: 'bank.accessRefusedUnpaid' });
      const payment = await app.payment(outcome.paymentId ?? '');
      expect(payment.phase).toBe('refused');
      // A request that waited for this sending reads the same words from the payment's record.
      const { settled } = await import('@/lib/payments/sending-outcome');
      expect(settled(payment)).toMatchObject({ ok: false, messageKey: 'bank.accessRefusedUnpaid' });
    },
  );

  it('400 unauthorized_client to a cancellation: our connection was refused, nothing is said of what was paid', async () => {
    const { id } = await app.pay({ debtorIban: JON_MAIN });
    app.proxy.answerNext('DELETE', PAYMENT, { status: 401 });
    app.proxy.answerNext('POST', TOKEN, oauthError(400, 'unauthorized_client'));
    const { askBankToCancel } = await import('@/lib/payments/cancellation');
    const answer = await askBankToCancel(app.db, await app.payment(id), '10.20.30.40');
    app.proxy.dropUnusedAnswers();
    expect(answer).toEqual({ kind: 'refused', messageKey: 'bank.accessRefused' });
  });
});
