import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BulkResultsSection } from '@/components/payments/bulk-results';
import { type BulkResults, toBulkResults } from '@/lib/bank/bulk-results';
import { buildReceipt } from '@/lib/payments/receipt';
import en from '@/messages/en.json';
import is from '@/messages/is.json';
import { icelandicIban } from '@/sandbox/src/shared/iban';
import { CREDITOR } from '@/sandbox/test/helpers';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { renderIn } from '@/tests/support/render-intl';
import { advanceSandboxClock, bankPayments, eventually } from '@/tests/support/sandbox-admin';
import { decideAtBank } from '@/tests/support/sandbox-sca-page';

/**
 * After a bulk payment ends (PART, or RJCT, ACSC, ACCC), the payment page lists each of its payments
 * with its own result, from the payment information read (payment spec 2.6: `GET {base_url}/api/v1/
 * {payment-service}/{payment-product}/{paymentId}`; the bulk shape of IOBWS 3.2
 * `bulkPaymentInitiationDomesticWithStatusResponse`, whose elements carry `errors`). A bank that gives
 * no result per payment leaves the bulk's status alone. Against the sandbox bank, and through the
 * recording proxy for the shapes the sandbox does not send.
 */

const JON_MAIN = 'IS140159260076545510730339';
/** An account number of the sandbox bank that names no account: the bank rejects a payment to it (AC03). */
const UNKNOWN_AT_BANK = icelandicIban('0159', '26', '999999', '0101302989');
const SELF = /^\/psd2\/api\/v1\/bulk-payments\/credit-transfers\/[^/]+$/;

describe('the bulk results of a payment information read (IOBWS 3.2 bulk shape)', () => {
  const element = (iban: string, amount: string, extra: Record<string, unknown> = {}) => ({
    creditorAccount: { iban },
    instructedAmount: { currency: 'ISK', amount },
    endToEndIdentification: `e2e-${amount}`,
    ...extra,
  });

  it('takes each element\u2019s own transactionStatus', () => {
    expect(
      toBulkResults(
        {
          transactionStatus: 'PART',
          payments: [
            element(CREDITOR, '100', { transactionStatus: 'ACSC' }),
            element(UNKNOWN_AT_BANK, '200', { transactionStatus: 'RJCT' }),
          ],
        },
        'PART',
      ),
    ).toEqual({
      bulkStatus: 'PART',
      payments: [
        {
          position: 1,
          creditorAccount: CREDITOR,
          amount: '100',
          currency: 'ISK',
          reference: 'e2e-100',
          transactionStatus: 'ACSC',
        },
        {
          position: 2,
          creditorAccount: UNKNOWN_AT_BANK,
          amount: '200',
          currency: 'ISK',
          reference: 'e2e-200',
          transactionStatus: 'RJCT',
        },
      ],
    });
  });

  it('takes IOBWS\u2019s errors of an element as its rejection, with the codes', () => {
    const results = toBulkResults(
      {
        payments: [
          element(CREDITOR, '100'),
          element(UNKNOWN_AT_BANK, '200', {
            errors: {
              tppMessages: [
                {
                  category: 'ERROR',
                  code: 'CREDITOR_ACCOUNT_NOT_FOUND',
                  text: 'Innleggsreikningur ekki til',
                },
                { category: 'ERROR', code: 'FORMAT_ERROR', path: 'x' },
              ],
              _links: { self: { href: '/v1/payments/credit-transfers/1' } },
            },
          }),
        ],
      },
      'PART',
    );
    expect(results?.payments?.map((p) => [p.transactionStatus, p.errorCodes])).toEqual([
      [undefined, undefined],
      [undefined, ['CREDITOR_ACCOUNT_NOT_FOUND', 'FORMAT_ERROR']],
    ]);
  });

  it('no result per element: the bulk\u2019s status only; not a bulk at all: nothing', () => {
    expect(toBulkResults({ payments: [element(CREDITOR, '100')] }, 'ACSC')).toEqual({
      bulkStatus: 'ACSC',
      payments: null,
    });
    expect(toBulkResults({ transactionStatus: 'ACSC' }, 'ACSC')).toBeUndefined();
    expect(
      toBulkResults(
        { payments: ['junk', null, element(CREDITOR, 'x', { transactionStatus: 'rjct' })] },
        'PART',
      ),
    ).toEqual({
      bulkStatus: 'PART',
      payments: null,
    });
  });

  // One and two are words where Icelandic declines them: "einni þeirra", "báðum greiðslunum" ("öllum 2 greiðslunum"
  // stops a native reader), and so in English: "one of them", "both payments".
  it('a bulk the bank rejected whole is said to take nothing from the account', () => {
    const line = (position: number, amount: string) => ({
      position,
      account: CREDITOR,
      name: null,
      amount,
      currency: 'ISK',
      message: null,
      status: 'RJCT',
      errorCodes: [],
    });
    const results = { bulkStatus: 'RJCT', payments: null };
    const lines = [line(1, '1000'), line(2, '2500')];
    expect(renderIn('en', <BulkResultsSection results={results} lines={lines} />)).toContain(
      'Your bank rejected both payments (ISK\u00a03,500 in all): nothing from your account.',
    );
    expect(renderIn('is', <BulkResultsSection results={results} lines={lines} />)).toContain(
      'Bankinn hafnaði báðum greiðslunum (samtals 3.500\u00a0kr.): ekkert af reikningnum þínum.',
    );
  });
});

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'bulk-results-secret-bulk-results-secret-012' });
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());

/** A bulk of Jón's to these creditor accounts, confirmed at the bank and carried out on its clock. */
async function executedBulk(creditors: string[]) {
  const body = {
    paymentInformationId: `bulk-${randomUUID().slice(0, 20)}`,
    debtorAccount: { iban: JON_MAIN },
    payments: creditors.map((iban, index) => ({
      instructedAmount: { currency: 'ISK', amount: String(1000 * (index + 1)) },
      creditorAccount: { iban },
      endToEndIdentification: `bulk-row-${index + 1}`,
    })),
  };
  const outcome = await app.initiation.initiateOnce({
    psuId: app.psuId,
    submissionId: randomUUID(),
    service: 'bulk-payments',
    product: 'credit-transfers',
    body,
    scaLanguage: 'en',
    uiLocale: 'en',
    summary: { amount: '6000', currency: 'ISK', creditorAccount: CREDITOR, elementCount: creditors.length },
    psuIpAddress: '10.20.30.40',
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  await decideAtBank(outcome.redirectTo, 'approve');
  // The test sandbox carries out a payment 120 s after its confirmation, on its own clock.
  await advanceSandboxClock(app.sandbox.url, 130);
  const bankId = (await app.payment(outcome.paymentId)).bankPaymentId;
  await eventually(
    async () => {
      const atBank = (await bankPayments(app.sandbox.url)).find((p) => p.paymentId === bankId);
      return atBank && ['PART', 'ACSC', 'RJCT'].includes(atBank.transactionStatus) ? atBank : undefined;
    },
    15_000,
    'the bulk to be carried out at the bank',
  );
  return outcome.paymentId;
}

async function read(id: string) {
  await app.sync.syncPaymentStatus(app.db, await app.payment(id), 'poll');
  return app.payment(id);
}

const shown = (locale: 'is' | 'en', results: BulkResults | null) =>
  renderIn(locale, <BulkResultsSection results={results} />);

describe('per-payment results of a bulk, read when it ends (payment spec 2.6)', () => {
  it('PART: each payment with its own status as the sandbox bank gives it, listed in both languages', async () => {
    const id = await executedBulk([CREDITOR, UNKNOWN_AT_BANK, CREDITOR]);
    const payment = await read(id);
    expect(payment.transactionStatus).toBe('PART');
    const self = app.proxy.bankCalls().filter((call) => call.method === 'GET' && SELF.test(call.path));
    expect(self).toHaveLength(1);
    expect(payment.bulkResults?.payments?.map((p) => [p.reference, p.transactionStatus])).toEqual([
      ['bulk-row-1', 'ACSC'],
      ['bulk-row-2', 'RJCT'],
      ['bulk-row-3', 'ACSC'],
    ]);
    const view = app.view.toPaymentView(payment, []);
    expect(view.bulkResults).toEqual(payment.bulkResults);
    const english = shown('en', view.bulkResults);
    expect(english).toContain('3 payments; your bank rejected one of them.');
    expect(english).toMatch(/data-bulk-position="2" data-status="RJCT"/);
    expect(shown('is', view.bulkResults)).toContain('3 greiðslur; bankinn hafnaði einni þeirra.');
    // What leaves the PSU's account leaves the rejected payment out.
    const introIn = (locale: 'is' | 'en') =>
      renderIn(locale, <BulkResultsSection results={view.bulkResults} lines={view.story.bulk} />);
    expect(introIn('en')).toContain(
      'From your account: ISK\u00a04,000 of ISK\u00a06,000 in 3 payments. Your bank rejected one of them (ISK\u00a02,000).',
    );
    expect(introIn('is')).toContain(
      'Af reikningnum þínum: 4.000\u00a0kr. af samtals 6.000\u00a0kr. í 3 greiðslum. Bankinn hafnaði einni þeirra (2.000\u00a0kr.).',
    );
    // Its receipt says of the rejected one that the bank gave no reason, and nothing of the others.
    const receiptLines = (locale: 'is' | 'en') =>
      buildReceipt(payment, [], locale, new Date()).lines.filter((line) => line.key.startsWith('payment-'));
    expect(receiptLines('en').map((line) => line.value.includes(en.payment.bulk.noReason))).toEqual([
      false,
      true,
      false,
    ]);
    expect(receiptLines('is')[1]?.value).toContain(is.payment.bulk.noReason);
    // Read once: a later reading of the same status does not read it again.
    await read(id);
    expect(
      app.proxy.bankCalls().filter((call) => call.method === 'GET' && SELF.test(call.path)),
    ).toHaveLength(1);
  });

  it('a bank that gives errors per element instead (IOBWS): the rejected one with our words for its code', async () => {
    const id = await executedBulk([CREDITOR, UNKNOWN_AT_BANK]);
    app.proxy.reshapeNext('GET', SELF, (body) => {
      const bulk = body as { payments: Record<string, unknown>[] };
      return {
        ...bulk,
        payments: bulk.payments.map(({ transactionStatus, ...element }) =>
          transactionStatus === 'RJCT'
            ? {
                ...element,
                errors: {
                  tppMessages: [{ category: 'ERROR', code: 'CREDITOR_ACCOUNT_NOT_FOUND', text: 'ekki til' }],
                },
              }
            : element,
        ),
      };
    });
    const payment = await read(id);
    expect(payment.bulkResults?.payments?.map((p) => [p.transactionStatus, p.errorCodes])).toEqual([
      [undefined, undefined],
      [undefined, ['CREDITOR_ACCOUNT_NOT_FOUND']],
    ]);
    const html = shown('en', payment.bulkResults);
    expect(html).toContain(en.bank.code.CREDITOR_ACCOUNT_NOT_FOUND.replace(/'/g, '&#x27;'));
    expect(html).toContain('No error reported');
    expect(html).not.toContain('ekki til');
    // Its receipt says why too, as the page does.
    const rejectedLine = (locale: 'is' | 'en') =>
      buildReceipt(payment, [], locale, new Date()).lines.find((line) => line.key === 'payment-2')?.value;
    expect(rejectedLine('en')).toContain(en.bank.code.CREDITOR_ACCOUNT_NOT_FOUND);
    expect(rejectedLine('is')).toContain(is.bank.code.CREDITOR_ACCOUNT_NOT_FOUND);
  });

  it('its receipt names the payer as a single payment\u2019s does, from the bank\u2019s read-back', async () => {
    const single = await app.pay({ debtorIban: JON_MAIN });
    await decideAtBank(single.redirectTo, 'approve');
    const paidSingle = await read(single.id);
    const bulk = await read(await executedBulk([CREDITOR, UNKNOWN_AT_BANK]));
    expect(bulk.bulkResults?.debtorName).toBe('Jón Jónsson');
    for (const locale of ['is', 'en'] as const) {
      const payerOf = (payment: typeof bulk) =>
        buildReceipt(payment, [], locale, new Date()).lines.find((line) => line.key === 'debtorName');
      expect(payerOf(paidSingle)?.value).toBe('Jón Jónsson');
      expect(payerOf(bulk)).toEqual(payerOf(paidSingle));
    }
  });

  it('a bank that gives no result per payment: the bulk\u2019s status stands alone', async () => {
    const id = await executedBulk([CREDITOR, UNKNOWN_AT_BANK]);
    app.proxy.reshapeNext('GET', SELF, (body) => {
      const bulk = body as { payments: Record<string, unknown>[] };
      return {
        ...bulk,
        payments: bulk.payments.map(({ transactionStatus: _status, ...element }) => element),
      };
    });
    const payment = await read(id);
    expect(payment.transactionStatus).toBe('PART');
    expect(payment.bulkResults).toEqual({ bulkStatus: 'PART', payments: null, debtorName: 'Jón Jónsson' });
    expect(shown('en', payment.bulkResults)).toContain(
      'Your bank gives no result for the individual payments in this bulk payment',
    );
    expect(shown('is', payment.bulkResults)).toContain('Bankinn gefur ekki upp niðurstöðu hverrar greiðslu');
  });

  it('a bulk carried out whole (ACSC) is read too; the sandbox then gives no status per payment', async () => {
    const id = await executedBulk([CREDITOR, CREDITOR]);
    const payment = await read(id);
    expect(payment.transactionStatus).toBe('ACSC');
    expect(payment.bulkResults).toEqual({ bulkStatus: 'ACSC', payments: null, debtorName: 'Jón Jónsson' });
  });

  it('a read that fails is tried again at the next reading, and PART is read on as after ACSC', async () => {
    const id = await executedBulk([CREDITOR, UNKNOWN_AT_BANK]);
    for (let i = 0; i < 3; i++) app.proxy.answerNext('GET', SELF, { status: 503 });
    const failed = await read(id);
    expect(failed.transactionStatus).toBe('PART');
    expect(failed.bulkResults).toBeNull();
    expect(app.sync.needsSync(failed)).toBe(true);
    // The open page asks quickly until the results are read, then as after ACSC: PART is not final (spec part 3).
    expect(app.view.toPaymentView(failed, []).refreshEveryMs).toBe(10_000);
    const again = await read(id);
    expect(again.bulkResults?.payments).toHaveLength(2);
    expect(app.view.toPaymentView(again, []).refreshEveryMs).toBe(30_000);
  });
});

describe('no per-payment read for what is not an ended bulk', () => {
  it('a single payment, or a bulk still under way, is not read for results', async () => {
    const single = await app.pay({ debtorIban: JON_MAIN });
    await read(single.id);
    expect(app.proxy.bankCalls().some((call) => call.method === 'GET' && SELF.test(call.path))).toBe(false);
    const [row] = await app.db
      .select()
      .from(app.schema.payments)
      .where(eq(app.schema.payments.id, single.id));
    expect(row?.bulkResults).toBeNull();
  });
});
