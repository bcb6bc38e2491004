import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import is from '@/messages/is.json';
import type { RunningSandbox } from '@/sandbox/src/server';
import { SUDUR, startSandboxWithSudur } from '@/tests/support/iobws-sandbox';
import { addFault, clearFaults } from '@/tests/support/sandbox-admin';

/**
 * IOBWS 3.2 lets a bank answer a refusal as problem details (`application/problem+json`, Error400_PIS): a `code`
 * first, its further reasons in `additionalErrors`. Suðurbankinn is made to answer so by a fault
 * rule (`error.form: "problem"`, docs/sandbox-extras.md), and the app's bank client reads the answer over real HTTP:
 * INSUFFICIENT_FUNDS among the additional errors reaches the PSU in our words for it, at an initiation and at a
 * cancellation. The sandbox checks each answer against the published file.
 */
const DEBTOR = SUDUR.psus.find((psu) => psu.username === 'jon')?.accounts[0]?.iban ?? '';
const CREDITOR = 'IS870301260012345101696399';
const SUDUR_URL = () => `${sandbox.url}/banks/sudur`;
const NO_FUNDS = 'bank.code.INSUFFICIENT_FUNDS';

let sandbox: RunningSandbox;
let app: {
  initiateOnce: typeof import('@/lib/payments/initiation').initiateOnce;
  askBankToCancel: typeof import('@/lib/payments/cancellation').askBankToCancel;
  db: import('@/lib/db').Db;
  schema: typeof import('@/lib/db/schema');
  closeDatabase: () => Promise<void>;
};
let psuId: string;

beforeAll(async () => {
  sandbox = await startSandboxWithSudur({ contractCheck: true });
  const [initiation, cancellation, dbModule, schema] = await Promise.all([
    import('@/lib/payments/initiation'),
    import('@/lib/payments/cancellation'),
    import('@/lib/db'),
    import('@/lib/db/schema'),
  ]);
  const db = await dbModule.getDb();
  app = {
    initiateOnce: initiation.initiateOnce,
    askBankToCancel: cancellation.askBankToCancel,
    db,
    schema,
    closeDatabase: dbModule.closeDatabase,
  };
  const [psu] = await db.select().from(schema.psus).where(eq(schema.psus.email, 'demo@greidsla.is'));
  psuId = psu?.id ?? '';
}, 180_000);

afterAll(async () => {
  await app?.closeDatabase();
  await sandbox?.close();
});

const initiate = () =>
  app.initiateOnce({
    psuId,
    submissionId: randomUUID(),
    service: 'payments',
    product: 'credit-transfers',
    body: {
      debtorAccount: { iban: DEBTOR },
      creditorAccount: { iban: CREDITOR },
      creditorName: 'Anna Sigurðardóttir',
      instructedAmount: { currency: 'ISK', amount: '1500' },
    },
    scaLanguage: 'is',
    uiLocale: 'is',
    summary: { amount: '1500', currency: 'ISK', creditorAccount: CREDITOR },
    psuIpAddress: '10.1.2.3',
  });

/**
 * A refusal as IOBWS 3.2's problem details: PAYMENT_FAILED, "additional information may be provided by the ASPSP"
 * (BG IG), and that information, no funds, among its additional errors.
 */
const problemRefusal = (method: string) => ({
  method,
  count: 1,
  error: {
    status: 400 as const,
    code: 'PAYMENT_FAILED',
    text: 'Greiðslan tókst ekki.',
    form: 'problem' as const,
    additionalErrors: [{ code: 'INSUFFICIENT_FUNDS', title: 'Ónóg innstæða', detail: 'Ekki næg innstæða.' }],
  },
});

/** Our words for the key, in both languages, which differ. */
function expectInWords(key: string) {
  const words = (messages: unknown) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
  expect(words(en), `en ${key}`).toMatch(/not enough money/);
  expect(words(is), `is ${key}`).toMatch(/Ekki er næg innstæða/);
}

describe('a refusal in problem details form from an IOBWS 3.2 bank', () => {
  it('at initiation: told as no funds, the problem answer as the published file allows', async () => {
    await addFault(SUDUR_URL(), problemRefusal('POST'));
    const outcome = await initiate();
    expect(outcome).toMatchObject({ ok: false, messageKey: NO_FUNDS });
    expectInWords(NO_FUNDS);
    const [payment] = await app.db
      .select()
      .from(app.schema.payments)
      .where(eq(app.schema.payments.id, outcome.ok ? '' : (outcome.paymentId ?? '')));
    expect(payment?.failureCode).toBe('INSUFFICIENT_FUNDS');
    await clearFaults(SUDUR_URL());
    expect(sandbox.contractViolations()).toEqual([]);
  });

  it('at a cancellation: told as no funds, the payment left as it was', async () => {
    const made = await initiate();
    expect(made.ok, JSON.stringify(made)).toBe(true);
    const [payment] = await app.db
      .select()
      .from(app.schema.payments)
      .where(eq(app.schema.payments.id, made.ok ? made.paymentId : ''));
    if (!payment) throw new Error('no payment');
    await addFault(SUDUR_URL(), problemRefusal('DELETE'));
    const answer = await app.askBankToCancel(app.db, payment, '10.1.2.3');
    expect(answer).toEqual({ kind: 'refused', messageKey: NO_FUNDS });
    expectInWords(NO_FUNDS);
    const [after] = await app.db
      .select()
      .from(app.schema.payments)
      .where(eq(app.schema.payments.id, payment.id));
    expect(after?.transactionStatus).toBe(payment.transactionStatus);
    await clearFaults(SUDUR_URL());
    expect(sandbox.contractViolations()).toEqual([]);
  });
});
