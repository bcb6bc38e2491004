import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import savedEn from '@/messages/saved/en.json';
import savedIs from '@/messages/saved/is.json';
import { CREDITOR, JON_MAIN } from '@/sandbox/test/helpers';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';

// A bulk payment is paid once. Each bulk form names its bulk with a paymentInformationId of its own, so the
// same payments from another form (a template used again, the form opened anew) are a bulk the bank has not
// seen: while an earlier bulk of those payments may be at the bank, they are not sent beside it.

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'bulk-money-secret-bulk-money-secret-0001' });
});

afterAll(() => app?.close());

const BULK = /\/bulk-payments\/credit-transfers$/;
const bulkInitiations = () =>
  app.proxy.calls.filter((call) => call.method === 'POST' && BULK.test(call.path));

const ROWS = [
  { creditorAccount: { iban: CREDITOR }, instructedAmount: { currency: 'ISK', amount: '1000' } },
  { creditorAccount: { iban: CREDITOR }, instructedAmount: { currency: 'ISK', amount: '2000' } },
];

function sendBulk(submissionId: string, paymentInformationId: string) {
  return app.initiation.initiateOnce({
    psuId: app.psuId,
    submissionId,
    service: 'bulk-payments',
    product: 'credit-transfers',
    body: { paymentInformationId, debtorAccount: { iban: JON_MAIN }, payments: ROWS },
    scaLanguage: 'en',
    uiLocale: 'en',
    summary: { amount: '3000', currency: 'ISK', creditorAccount: '', elementCount: 2 },
    psuIpAddress: '10.20.30.40',
  });
}

const formId = () => `GRD-20261207-${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;

describe('a bulk payment whose bank’s answer was lost', () => {
  it('keeps the same payments from another bulk form from being sent beside it', async () => {
    for (let answer = 0; answer < 3; answer++)
      app.proxy.answerNext('POST', BULK, {
        status: 503,
        body: { tppMessages: [{ category: 'ERROR', code: 'SERVICE_UNAVAILABLE' }] },
      });
    const first = await sendBulk(randomUUID(), formId());
    expect(first.ok).toBe(false);
    app.proxy.dropUnusedAnswers();
    const lostId = first.ok ? '' : (first.paymentId ?? '');
    const lost = await app.payment(lostId);
    expect(lost.failureCode).not.toBeNull();
    const before = bulkInitiations().length;
    // The same rows from a new form (a template used again): that form's own paymentInformationId.
    expect(await sendBulk(randomUUID(), formId())).toEqual({
      ok: false,
      paymentId: lostId,
      messageKey: 'payment.sameStillUnknown',
    });
    expect(bulkInitiations()).toHaveLength(before);
    // Once the first one's outcome is known, the same payments may be sent again.
    await app.db
      .update(app.schema.payments)
      .set({ failureCode: null, phase: 'refused' })
      .where(eq(app.schema.payments.id, lostId));
    expect(await sendBulk(randomUUID(), formId())).toMatchObject({ ok: true });
  });
});

describe('a bulk payment the bank rejected in part (PART), paid again', () => {
  const body = () => ({
    paymentInformationId: formId(),
    debtorAccount: { iban: JON_MAIN },
    payments: [
      { creditorAccount: { iban: CREDITOR }, instructedAmount: { currency: 'ISK', amount: '1000' } },
      {
        creditorAccount: { iban: 'IS500159260000000000000000' },
        instructedAmount: { currency: 'ISK', amount: '2000' },
      },
      { creditorAccount: { iban: CREDITOR }, instructedAmount: { currency: 'ISK', amount: '3000' } },
    ],
  });

  /** "Pay again" of the bulk saved as the bank read it back (`read`, from its body), carried out in part. */
  async function payAgainOfPart(read: (sent: ReturnType<typeof body>) => unknown) {
    const [{ formStart }, { toBulkResults }] = await Promise.all([
      import('@/lib/payments/saved/form-start'),
      import('@/lib/bank/bulk-results'),
    ]);
    const sent = body();
    const [saved] = await app.db
      .insert(app.schema.payments)
      .values({
        psuId: app.psuId,
        submissionId: randomUUID(),
        idempotencyKey: randomUUID(),
        service: 'bulk-payments',
        product: 'credit-transfers',
        body: sent,
        scaLanguage: 'en',
        uiLocale: 'en',
        amount: '6000',
        currency: 'ISK',
        creditorAccount: '',
        elementCount: 3,
        phase: 'initiated',
        transactionStatus: 'PART',
        bulkResults: toBulkResults(read(sent), 'PART'),
      })
      .returning();
    return formStart(app.psuId, 'bulk-payments', { from: saved?.id });
  }

  it('starts its form from the payments the bank rejected, not from those it carried out', async () => {
    // The bank's read of the bulk: the first and last carried out, the second rejected.
    const start = await payAgainOfPart((sent) => ({
      ...sent,
      transactionStatus: 'PART',
      payments: sent.payments.map((element, index) => ({
        ...element,
        transactionStatus: index === 1 ? 'RJCT' : 'ACSC',
      })),
    }));
    const rows = (start.initial as { rows: { creditorAccount: string; amount: string }[] }).rows;
    expect(rows.map((row) => row.amount)).toEqual(['2000']);
    expect(start.filledFrom).toEqual({ kind: 'payment', rejectedOf: 3 });
  });

  it('fills in none of its payments where the bank did not say which it carried out', async () => {
    // The bank's read says the bulk was carried out in part, and nothing of each payment.
    const start = await payAgainOfPart((sent) => ({ ...sent, transactionStatus: 'PART' }));
    expect(start.initial).toBeUndefined();
    expect(start.filledFrom).toEqual({ kind: 'payment', partUnknown: true });
    // Said with the words of the status PART (“Samþykkt að hluta”, “Partly accepted”), and what to check where.
    expect(savedIs.saved.filledFromPartUnknown).toMatch(
      /^Bankinn þinn samþykkti aðeins hluta fyrri fjöldagreiðslu og sagði ekki hvaða greiðslum hann hafnaði.*Athugaðu í netbankanum/,
    );
    expect(savedEn.saved.filledFromPartUnknown).toMatch(
      /^Your bank accepted only part of a past bulk payment and did not say which payments it rejected.*Check in your online banking/,
    );
  });
});
