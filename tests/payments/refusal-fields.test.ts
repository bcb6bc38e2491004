import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { columnOfField } from '@/components/payments/forms/bulk-rows';
import type { InitiationRequest } from '@/lib/payments/initiation';
import { formFieldOfPath, refusalFieldErrors } from '@/lib/payments/refusal-fields';
import en from '@/messages/forms/en.json';
import is from '@/messages/forms/is.json';
import { CREDITOR } from '@/sandbox/test/helpers';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';

/**
 * A refusal's `path` (payment spec part 7: a message has `path`, nullable) is put on the form field
 * it names, with a message for its cause; the corrected form is a new payment (lib/payments/
 * submission-attempts.ts). Against the sandbox bank, which refuses a reused bulk paymentInformationId
 * with FORMAT_ERROR on path `paymentInformationId`, through a proxy that answers for a bank spelling
 * its paths otherwise.
 */

const JON = 'IS140159260076545510730339';
const BULK = /^\/psd2\/api\/v1\/bulk-payments\/credit-transfers$/;

describe('the field a path names (payment spec part 7 `path`)', () => {
  const name = fc.stringMatching(/^[a-z][A-Za-z0-9]{0,15}$/);
  const segments = fc.array(fc.oneof(name, fc.nat({ max: 9999 })), { minLength: 0, maxLength: 5 });

  it('is the same field whether the bank writes dots and brackets, a JSON Pointer or a JSONPath', () => {
    fc.assert(
      fc.property(name, segments, (first, rest) => {
        const dotted = [first, ...rest]
          .map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`))
          .join('');
        const pointer = `/${[first, ...rest].join('/')}`;
        const field = `payment.${[first, ...rest].join('.')}`;
        expect(formFieldOfPath(dotted)).toBe(field);
        expect(formFieldOfPath(pointer)).toBe(field);
        expect(formFieldOfPath(`$.${dotted}`)).toBe(field);
      }),
    );
  });

  it('names no field for an empty path, a header, a leading index or what is no property name', () => {
    for (const path of [
      '',
      '  ',
      '/',
      '$',
      'PSU-ID',
      '[0].iban',
      'payments[0].__proto__x',
      'a b',
      '__proto__',
    ]) {
      expect(formFieldOfPath(path), path).toBeUndefined();
    }
    expect(formFieldOfPath('a.b.c.d.e.f.g.h.i')).toBeUndefined();
  });

  it('the bulk form shows a payment’s refused field in its row, in the column of that field', () => {
    const errors = refusalFieldErrors([{ code: 'FORMAT_ERROR', path: 'payments[3].creditorAccount.iban' }]);
    expect(errors).toEqual({ 'payment.payments.3.creditorAccount.iban': ['forms.bankRefusal.FORMAT_ERROR'] });
    expect(columnOfField('creditorAccount.iban')).toBe('creditorAccount');
    expect(columnOfField('instructedAmount.amount')).toBe('amount');
  });

  it('every cause has its text in Icelandic and English, and a code without its own has the general one', () => {
    expect(Object.keys(is.forms.bankRefusal).sort()).toEqual(Object.keys(en.forms.bankRefusal).sort());
    const errors = refusalFieldErrors([
      { code: 'EXECUTION_DATE_INVALID', path: 'requestedExecutionDate' },
      { code: 'SOMETHING_NEW', path: 'creditorName' },
    ]);
    for (const [message] of Object.values(errors)) {
      const key = (message ?? '').replace('forms.bankRefusal.', '') as keyof typeof en.forms.bankRefusal;
      expect(en.forms.bankRefusal[key]).toBeTruthy();
      expect(is.forms.bankRefusal[key]).toBeTruthy();
    }
    expect(errors['payment.creditorName']).toEqual(['forms.bankRefusal.other']);
  });

  it('an account the bank will not pay to (PAYMENT_FAILED on it) is not called mistyped: nothing in it to correct', () => {
    const errors = refusalFieldErrors([{ code: 'PAYMENT_FAILED', path: 'creditorAccount.iban' }]);
    expect(errors['payment.creditorAccount.iban']).toEqual(['forms.bankRefusal.PAYMENT_FAILED']);
    expect(en.forms.bankRefusal.PAYMENT_FAILED).not.toMatch(/correct/);
  });

  it('more about the recipient, asked of their address, says what an address is made of; of another field, the general words', () => {
    expect(
      refusalFieldErrors([
        { code: 'RECIPIENT_INFO_INSUFFICIENT', path: 'creditorAddress' },
        { code: 'RECIPIENT_INFO_INSUFFICIENT', path: 'creditorName' },
      ]),
    ).toEqual({
      'payment.creditorAddress': ['forms.bankRefusal.addressNeeded'],
      'payment.creditorName': ['forms.bankRefusal.RECIPIENT_INFO_INSUFFICIENT'],
    });
    // The country is chosen by its name in the form: the words ask for a country, not a code.
    expect(is.forms.bankRefusal.addressNeeded).toContain('götu og húsnúmer, póstnúmer, stað og land.');
    expect(en.forms.bankRefusal.addressNeeded).toContain('street and number, postcode, town and country.');
  });
});

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'refusal-fields-secret-refusal-fields-01' });
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());

function bulk(submissionId: string, paymentInformationId: string, payments = [CREDITOR]): InitiationRequest {
  return {
    psuId: app.psuId,
    submissionId,
    service: 'bulk-payments',
    product: 'credit-transfers',
    body: {
      paymentInformationId,
      debtorAccount: { iban: JON },
      payments: payments.map((iban, index) => ({
        instructedAmount: { currency: 'ISK', amount: String(1000 + index) },
        creditorAccount: { iban },
      })),
    },
    scaLanguage: 'en',
    uiLocale: 'en',
    summary: { amount: '1000', currency: 'ISK', creditorAccount: '', elementCount: payments.length },
    psuIpAddress: '10.20.30.40',
  };
}

const initiations = () =>
  app.proxy.bankCalls().filter((call) => call.method === 'POST' && BULK.test(call.path));

describe('a refused form is marked where the bank says, and its correction is sent', () => {
  it('a reused bulk paymentInformationId: marked on that field; unchanged it stays refused; a new id is a new payment', async () => {
    const used = `reused-${randomUUID().slice(0, 20)}`;
    const first = await app.initiation.initiateOnce(bulk(randomUUID(), used));
    expect(first.ok).toBe(true);

    const submissionId = randomUUID();
    app.proxy.reset();
    const refused = await app.initiation.initiateOnce(bulk(submissionId, used));
    expect(refused).toMatchObject({
      ok: false,
      messageKey: 'bank.refusedFields',
      fieldErrors: { 'payment.paymentInformationId': ['forms.bankRefusal.paymentInformationId'] },
    });
    expect(initiations()).toHaveLength(1);
    const refusedId = refused.paymentId ?? '';
    expect(await app.payment(refusedId)).toMatchObject({
      phase: 'refused',
      failureCode: 'FORMAT_ERROR',
      refusedFields: [{ code: 'FORMAT_ERROR', path: 'paymentInformationId' }],
    });

    // The same form again, unchanged: the same refusal with the same field, and the bank is not asked.
    const again = await app.initiation.initiateOnce(bulk(submissionId, used));
    expect(again).toEqual(refused);
    expect(initiations()).toHaveLength(1);

    // Corrected: a new payment under the same form, with its own Idempotency-Key, which the bank takes.
    const corrected = await app.initiation.initiateOnce(
      bulk(submissionId, `fresh-${randomUUID().slice(0, 20)}`),
    );
    expect(corrected.ok).toBe(true);
    expect(corrected.paymentId).not.toBe(refusedId);
    const sent = initiations();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers['idempotency-key']).not.toBe(sent[0]?.headers['idempotency-key']);
    expect(JSON.parse(sent[1]?.body ?? '{}').paymentInformationId).toMatch(/^fresh-/);
    expect((await app.payment(corrected.paymentId ?? '')).correctionOf).toBe(submissionId);
  });

  it('a bulk element’s field, written as a JSON Pointer, is marked on that payment', async () => {
    app.proxy.answerNext('POST', BULK, {
      status: 400,
      body: {
        tppMessages: [
          { category: 'ERROR', code: 'CREDITOR_ACCOUNT_NOT_FOUND', path: '/payments/2/creditorAccount/iban' },
          { category: 'ERROR', code: 'FORMAT_ERROR', path: null, text: 'and one that names no field' },
        ],
      },
    });
    const refused = await app.initiation.initiateOnce(
      bulk(randomUUID(), `el-${randomUUID().slice(0, 20)}`, [CREDITOR, CREDITOR, CREDITOR]),
    );
    expect(refused).toMatchObject({
      ok: false,
      messageKey: 'bank.refusedFields',
      fieldErrors: {
        'payment.payments.2.creditorAccount.iban': ['forms.bankRefusal.CREDITOR_ACCOUNT_NOT_FOUND'],
      },
    });
  });

  it('a standing order ending before it starts (PERIOD_INVALID on endDate) is marked on the end date', async () => {
    const outcome = await app.initiation.initiateOnce({
      psuId: app.psuId,
      submissionId: randomUUID(),
      service: 'periodic-payments',
      product: 'credit-transfers',
      body: {
        debtorAccount: { iban: JON },
        creditorAccount: { iban: CREDITOR },
        instructedAmount: { currency: 'ISK', amount: '1500' },
        frequency: 'Monthly',
        startDate: '2099-03-01T00:00:00Z',
        endDate: '2099-02-01T00:00:00Z',
      },
      scaLanguage: 'is',
      uiLocale: 'is',
      summary: { amount: '1500', currency: 'ISK', creditorAccount: CREDITOR },
      psuIpAddress: '10.20.30.40',
    });
    expect(outcome).toMatchObject({
      ok: false,
      messageKey: 'bank.refusedFields',
      fieldErrors: { 'payment.endDate': ['forms.bankRefusal.PERIOD_INVALID'] },
    });
  });

  it('a refused payment’s page gives every reason the bank gave: the first in our words, the rest beside it', async () => {
    app.proxy.answerNext('POST', BULK, {
      status: 400,
      body: {
        tppMessages: [
          { category: 'ERROR', code: 'INSUFFICIENT_FUNDS', text: 'Not enough.' },
          { category: 'ERROR', code: 'ACCOUNT_BLOCKED', text: 'Reikningurinn er frystur.' },
        ],
      },
    });
    const refused = await app.initiation.initiateOnce(bulk(randomUUID(), `rs-${randomUUID().slice(0, 20)}`));
    if (refused.ok || !refused.paymentId) throw new Error(JSON.stringify(refused));
    const { toPaymentView } = await import('@/lib/payments/view');
    const view = toPaymentView(await app.payment(refused.paymentId), []);
    expect(view.failureCode).toBe('INSUFFICIENT_FUNDS');
    // The first reason is the page's own line ("Svar bankans: …"); the code we have no words for, in the bank's.
    expect(view.bankNotes).toEqual([
      { category: 'ERROR', code: 'ACCOUNT_BLOCKED', text: 'Reikningurinn er frystur.' },
    ]);
  });

  it('a refusal that names no field keeps the message of its code, with nothing marked', async () => {
    app.proxy.answerNext('POST', BULK, {
      status: 400,
      body: { tppMessages: [{ category: 'ERROR', code: 'PARAMETER_NOT_CONSISTENT' }] },
    });
    const refused = await app.initiation.initiateOnce(bulk(randomUUID(), `nf-${randomUUID().slice(0, 20)}`));
    expect(refused).toEqual({
      ok: false,
      paymentId: expect.any(String),
      messageKey: 'bank.code.PARAMETER_NOT_CONSISTENT',
    });
  });
});
