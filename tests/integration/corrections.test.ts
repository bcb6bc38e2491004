import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '@/sandbox/src/server';
import { freshAppDatabase } from '@/tests/support/app-database';
import { type BankFaultProxy, startBehindFaultProxy } from '@/tests/support/bank-fault-proxy';

// A form the bank refused can be corrected and sent again as a new payment; the same content sent
// again stays one payment; other content while the first may be at the bank is neither.
let sandbox: RunningSandbox;
let proxy: BankFaultProxy;
let app: {
  initiateOnce: typeof import('@/lib/payments/initiation').initiateOnce;
  db: import('@/lib/db').Db;
  closeDatabase: () => Promise<void>;
  schema: typeof import('@/lib/db/schema');
};
let psuId: string;

// An account number at a sandbox bank that has no such account: CREDITOR_ACCOUNT_NOT_FOUND.
const NO_SUCH_ACCOUNT = 'IS750159269999995510730339';
const CREDITOR = 'IS870301260012345101696399';

beforeAll(async () => {
  const bank = await startBehindFaultProxy();
  ({ sandbox, proxy } = bank);
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-corr',
    BANK_BASE_URL: `${bank.bankUrl}/psd2`,
    BANK_AUTH_URL: bank.bankUrl,
    BANK_TIMEOUT_MS: '1500',
  });
  const [{ initiateOnce }, dbModule, schema] = await Promise.all([
    import('@/lib/payments/initiation'),
    import('@/lib/db'),
    import('@/lib/db/schema'),
  ]);
  const db = await dbModule.getDb();
  app = { initiateOnce, db, closeDatabase: dbModule.closeDatabase, schema };
  const [psu] = await db.select().from(schema.psus).where(eq(schema.psus.email, 'demo@greidsla.is'));
  psuId = psu?.id ?? '';
}, 120_000);

afterAll(async () => {
  await app?.closeDatabase();
  await proxy?.stop();
  await sandbox?.close();
});

function request(submissionId: string, creditor: string, amount = '4200') {
  return {
    psuId,
    submissionId,
    service: 'payments' as const,
    product: 'credit-transfers' as const,
    body: {
      debtorAccount: { iban: 'IS140159260076545510730339' },
      creditorAccount: { iban: creditor },
      instructedAmount: { currency: 'ISK', amount },
    },
    scaLanguage: 'is' as const,
    uiLocale: 'is' as const,
    summary: { amount, currency: 'ISK', creditorAccount: creditor },
    psuIpAddress: '10.1.2.3',
  };
}

async function ownPayments(submissionId: string) {
  const rows = await app.db.select().from(app.schema.payments).where(eq(app.schema.payments.psuId, psuId));
  return rows.filter((row) => row.submissionId === submissionId || row.correctionOf === submissionId);
}

describe('a form sent again', () => {
  it('after the bank refused it, corrected, is a new payment; the same content again is the same one', async () => {
    const form = randomUUID();
    const refused = await app.initiateOnce(request(form, NO_SUCH_ACCOUNT));
    expect(refused).toMatchObject({ ok: false, messageKey: 'bank.code.CREDITOR_ACCOUNT_NOT_FOUND' });
    // The same refused content again: the same refusal, nothing sent.
    const again = await app.initiateOnce(request(form, NO_SUCH_ACCOUNT));
    expect(again).toEqual(refused);

    const corrected = await app.initiateOnce(request(form, CREDITOR));
    expect(corrected.ok).toBe(true);
    expect(corrected.paymentId).not.toBe(refused.paymentId);
    const correctedAgain = await app.initiateOnce(request(form, CREDITOR));
    expect(correctedAgain.paymentId).toBe(corrected.paymentId);

    const rows = await ownPayments(form);
    expect(rows.map((row) => row.phase).sort()).toEqual(['initiated', 'refused']);
    expect(new Set(rows.map((row) => row.idempotencyKey)).size).toBe(2);
  });

  it('with other content while the first is at the bank is refused, and sends nothing', async () => {
    const form = randomUUID();
    const first = await app.initiateOnce(request(form, CREDITOR, '1000'));
    expect(first.ok).toBe(true);
    const changed = await app.initiateOnce(request(form, CREDITOR, '9000'));
    expect(changed).toEqual({
      ok: false,
      paymentId: first.paymentId,
      messageKey: 'payment.changedWhileSent',
    });
    expect(await ownPayments(form)).toHaveLength(1);
  });

  it('with other content while the first one’s outcome is unknown is refused too, never sent as the first', async () => {
    const form = randomUUID();
    // The bank answers too late: the outcome of the first is unknown and it stays to be sent again.
    proxy.delayNext('POST', /\/psd2\/api\/v1\/payments\//, 4_000);
    const unknown = await app.initiateOnce(request(form, CREDITOR, '1000'));
    expect(unknown.ok).toBe(false);
    const changed = await app.initiateOnce(request(form, CREDITOR, '2000'));
    expect(changed).toMatchObject({ ok: false, messageKey: 'payment.changedWhileSent' });
    const rows = await ownPayments(form);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amount).toBe('1000');
  });

  it('twice at once with the same corrected content makes one payment', async () => {
    const form = randomUUID();
    await app.initiateOnce(request(form, NO_SUCH_ACCOUNT));
    const both = await Promise.all([
      app.initiateOnce(request(form, CREDITOR)),
      app.initiateOnce(request(form, CREDITOR)),
    ]);
    expect(both[0].paymentId).toBe(both[1].paymentId);
    expect(await ownPayments(form)).toHaveLength(2);
  });
});
