import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '@/sandbox/src/server';
import { SUDUR, startSandboxWithSudur } from '@/tests/support/iobws-sandbox';

/**
 * A refusal from a bank that speaks IOBWS 3.2 names its members by IOBWS's names (the sandbox's Suðurbankinn:
 * `remittanceInformationStructuredArray[0].reference`); the app tells it beside the form's field that the member
 * came from, as it does for our bank; and a bound of IOBWS 3.2 narrower than ours is refused there before anything
 * is sent. The bodies here break the published file on purpose, so the sandbox's contract check is off
 * (tests/bank/iobws-bank.test.ts holds the app to it).
 */
const DEBTOR = SUDUR.psus.find((psu) => psu.username === 'jon')?.accounts[0]?.iban ?? '';
const CREDITOR = 'IS870301260012345101696399';

let sandbox: RunningSandbox;
let initiateOnce: typeof import('@/lib/payments/initiation').initiateOnce;
let closeDatabase: () => Promise<void>;
let paymentsOfPsu: () => Promise<unknown[]>;
let psuId: string;

beforeAll(async () => {
  sandbox = await startSandboxWithSudur({ contractCheck: false });
  const [initiation, dbModule, schema] = await Promise.all([
    import('@/lib/payments/initiation'),
    import('@/lib/db'),
    import('@/lib/db/schema'),
  ]);
  initiateOnce = initiation.initiateOnce;
  closeDatabase = dbModule.closeDatabase;
  const db = await dbModule.getDb();
  const [psu] = await db.select().from(schema.psus).where(eq(schema.psus.email, 'demo@greidsla.is'));
  psuId = psu?.id ?? '';
  paymentsOfPsu = () => db.select().from(schema.payments).where(eq(schema.payments.psuId, psuId));
}, 180_000);

afterAll(async () => {
  await closeDatabase?.();
  await sandbox?.close();
});

async function refusedFields(service: 'payments' | 'periodic-payments', body: Record<string, unknown>) {
  const outcome = await initiateOnce({
    psuId,
    submissionId: randomUUID(),
    service,
    product: 'credit-transfers',
    body: {
      debtorAccount: { iban: DEBTOR },
      creditorAccount: { iban: CREDITOR },
      instructedAmount: { currency: 'ISK', amount: '1500' },
      ...body,
    },
    scaLanguage: 'en',
    uiLocale: 'en',
    summary: { amount: '1500', currency: 'ISK', creditorAccount: CREDITOR },
    psuIpAddress: '10.1.2.3',
  });
  expect(outcome.ok, JSON.stringify(outcome)).toBe(false);
  return outcome.ok ? {} : outcome.fieldErrors;
}

describe('a refusal from an IOBWS 3.2 bank, beside the form`s field', () => {
  it('a single payment`s structured reference: the reference of our remittanceInformationStructured', async () => {
    const fields = await refusedFields('payments', {
      creditorName: 'Anna Sigurðardóttir',
      remittanceInformationStructured: [{ reference: 'x'.repeat(36) }],
    });
    expect(fields).toEqual({
      'payment.remittanceInformationStructured.0.reference': ['forms.bankRefusal.FORMAT_ERROR'],
    });
  });

  it('a standing order`s reference longer than its 35 characters: refused beside the field, nothing sent', async () => {
    const saved = (await paymentsOfPsu()).length;
    const order = {
      startDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      frequency: 'Monthly',
    };
    const fields = await refusedFields('periodic-payments', {
      ...order,
      remittanceInformationStructured: 'x'.repeat(36),
    });
    expect(fields).toEqual({
      'payment.remittanceInformationStructured': ['validation.maxLengthAtBank|{"max":35}'],
    });
    // Nothing was saved, so nothing was sent; 35 characters go to the bank.
    expect(await paymentsOfPsu()).toHaveLength(saved);
    const { paymentBank } = await import('@/lib/payments/payment-bank');
    const within = { debtorAccount: { iban: DEBTOR }, remittanceInformationStructured: 'ð'.repeat(35) };
    expect(paymentBank({ body: within, service: 'periodic-payments', product: 'credit-transfers' }).ok).toBe(
      true,
    );
    // Our bank takes 140 (payment spec 2.2).
    const ours = {
      debtorAccount: { iban: 'IS140159260076545510730339' },
      remittanceInformationStructured: 'x'.repeat(140),
    };
    expect(paymentBank({ body: ours, service: 'periodic-payments', product: 'credit-transfers' }).ok).toBe(
      true,
    );
  });

  // `paymentInitiationBulkElementDomestic_json` bounds each string member; our bank's spec (2.3) bounds none.
  it('a bulk element`s member longer than IOBWS 3.2 takes: refused beside its field before anything is saved', async () => {
    const { paymentBank } = await import('@/lib/payments/payment-bank');
    const element = {
      creditorAccount: { iban: CREDITOR },
      instructedAmount: { currency: 'ISK', amount: '100' },
    };
    const bulk = (debtor: string, member: Record<string, string>) => ({
      body: {
        paymentInformationId: 'bulk-1',
        debtorAccount: { iban: debtor },
        payments: [element, { ...element, ...member }],
      },
      service: 'bulk-payments' as const,
      product: 'credit-transfers' as const,
    });
    expect(paymentBank(bulk(DEBTOR, { remittanceInformationUnstructured: 'ð'.repeat(141) }))).toEqual({
      ok: false,
      messageKey: 'banks.longerThanBankTakes',
      fieldErrors: {
        'payment.payments.1.remittanceInformationUnstructured': ['validation.maxLengthAtBank|{"max":140}'],
      },
    });
    expect(paymentBank(bulk(DEBTOR, { endToEndIdentification: 'x'.repeat(36) }))).toMatchObject({
      fieldErrors: { 'payment.payments.1.endToEndIdentification': ['validation.maxLengthAtBank|{"max":35}'] },
    });
    expect(paymentBank(bulk(DEBTOR, { icelandicPurposeCode: '123' }))).toMatchObject({
      fieldErrors: { 'payment.payments.1.icelandicPurposeCode': ['validation.maxLengthAtBank|{"max":2}'] },
    });
    expect(paymentBank(bulk(DEBTOR, { remittanceInformationUnstructured: 'ð'.repeat(140) })).ok).toBe(true);
    // Our bank takes any length in a bulk element.
    expect(
      paymentBank(bulk('IS140159260076545510730339', { endToEndIdentification: 'x'.repeat(36) })).ok,
    ).toBe(true);
  });
});
