import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '@/sandbox/src/server';
import { freshAppDatabase } from '@/tests/support/app-database';
import { type BankFaultProxy, startBehindFaultProxy } from '@/tests/support/bank-fault-proxy';
import { eventually } from '@/tests/support/sandbox-admin';

// Settings are read once per process: set them before the app's modules first use them.
let sandbox: RunningSandbox;
let proxy: BankFaultProxy;
let app: {
  initiateOnce: typeof import('@/lib/payments/initiation').initiateOnce;
  db: import('@/lib/db').Db;
  closeDatabase: () => Promise<void>;
  schema: typeof import('@/lib/db/schema');
};
let psuId: string;

beforeAll(async () => {
  const bank = await startBehindFaultProxy();
  ({ sandbox, proxy } = bank);
  const bankUrl = bank.bankUrl;
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-1234',
    BANK_BASE_URL: `${bankUrl}/psd2`,
    BANK_AUTH_URL: bankUrl,
    BANK_TIMEOUT_MS: '10000',
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
  // One payment first, so that the tests meet a warm bank (token issued, tables read) and a busy
  // machine's first call does not look like the bank timing out.
  await initiateOnce(request(randomUUID()));
});

afterAll(async () => {
  await app?.closeDatabase();
  await proxy?.stop();
  await sandbox?.close();
});

const CREDITOR = 'IS870301260012345101696399';
// An account number at a sandbox bank that has no such account: CREDITOR_ACCOUNT_NOT_FOUND.
const NO_SUCH_ACCOUNT = 'IS750159269999995510730339';

function request(submissionId: string, { creditor = CREDITOR, amount = '4200' } = {}) {
  return {
    psuId,
    submissionId,
    service: 'payments' as const,
    product: 'credit-transfers' as const,
    body: {
      debtorAccount: { iban: 'IS140159260076545510730339' },
      creditorAccount: { iban: creditor },
      instructedAmount: { currency: 'ISK', amount },
      remittanceInformationUnstructured: `exactly once ${submissionId.slice(0, 8)}`,
    },
    scaLanguage: 'is' as const,
    uiLocale: 'is' as const,
    summary: { amount, currency: 'ISK', creditorAccount: creditor },
    psuIpAddress: '10.1.2.3',
  };
}

async function bankPaymentsWith(remittance: string): Promise<{ paymentId: string }[]> {
  const response = await fetch(`${sandbox.url}/sandbox/payments`);
  const { payments: all } = (await response.json()) as {
    payments: { paymentId: string; idempotencyKey: string | null }[];
  };
  const own = await app.db.select().from(app.schema.payments);
  const keys = new Set(
    own
      .filter(
        (p) =>
          (p.body as { remittanceInformationUnstructured?: string }).remittanceInformationUnstructured ===
          remittance,
      )
      .map((p) => p.idempotencyKey),
  );
  return all.filter((p) => p.idempotencyKey && keys.has(p.idempotencyKey));
}

describe('exactly-once initiation', () => {
  it('turns 50 concurrent submissions of one form into one payment at the bank and in the history', async () => {
    const submissionId = randomUUID();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => app.initiateOnce(request(submissionId))),
    );

    // On a machine busy enough that the bank's answer outlasts BANK_TIMEOUT_MS, the one submission that
    // sent is told the bank timed out and the others that it is still being sent; the PSU's next try
    // then gets the payment the bank made. Either way, one payment.
    for (const outcome of outcomes.filter((outcome) => !outcome.ok)) {
      expect(['bank.timeout', 'payment.stillSending']).toContain(outcome.messageKey);
    }
    const answered = outcomes.every((outcome) => outcome.ok)
      ? outcomes
      : [
          ...outcomes,
          await eventually(async () => {
            const retry = await app.initiateOnce(request(submissionId));
            return retry.ok ? retry : undefined;
          }, 60_000),
        ];
    const redirects = new Set(answered.flatMap((outcome) => (outcome.ok ? [outcome.redirectTo] : [])));
    expect(redirects.size).toBe(1);

    const rows = await app.db
      .select()
      .from(app.schema.payments)
      .where(eq(app.schema.payments.submissionId, submissionId));
    expect(rows).toHaveLength(1);
    const events = await app.db
      .select()
      .from(app.schema.paymentEvents)
      .where(eq(app.schema.paymentEvents.paymentId, rows[0]?.id ?? ''));
    expect(events.map((event) => event.transactionStatus)).toEqual(['RCVD']);
    expect(await bankPaymentsWith(`exactly once ${submissionId.slice(0, 8)}`)).toHaveLength(1);
  });

  it('resends after a bank timeout with the same Idempotency-Key and gets the payment the bank already made', async () => {
    const submissionId = randomUUID();
    proxy.delayNext('POST', /\/psd2\/api\/v1\/payments\/credit-transfers$/, 12_000);

    const first = await app.initiateOnce(request(submissionId));
    expect(first).toMatchObject({ ok: false, messageKey: 'bank.timeout' });
    // The bank did make the payment; only its answer was lost.
    const made = await eventually(async () => {
      const atBank = await bankPaymentsWith(`exactly once ${submissionId.slice(0, 8)}`);
      return atBank.length > 0 ? atBank : undefined;
    }, 60_000);
    expect(made).toHaveLength(1);

    const retry = await app.initiateOnce(request(submissionId));
    expect(retry.ok).toBe(true);
    const atBank = await bankPaymentsWith(`exactly once ${submissionId.slice(0, 8)}`);
    expect(atBank).toHaveLength(1);
    const [row] = await app.db
      .select()
      .from(app.schema.payments)
      .where(eq(app.schema.payments.submissionId, submissionId));
    expect(row?.bankPaymentId).toBe(atBank[0]?.paymentId);
    expect(row?.phase).toBe('initiated');
  });

  it('sends again, with the same Idempotency-Key, after an answer cut off half-way: one payment', async () => {
    const submissionId = randomUUID();
    const initiation = /\/psd2\/api\/v1\/payments\/credit-transfers$/;
    const initiationsSent = () =>
      proxy.seen.filter((r) => r.method === 'POST' && initiation.test(r.path)).length;
    proxy.cutNext('POST', initiation);
    const sentBefore = initiationsSent();

    // A lost connection, as a refused one: the bank client sends again at once (lib/bank/retry.ts).
    expect((await app.initiateOnce(request(submissionId))).ok).toBe(true);
    expect(initiationsSent() - sentBefore).toBe(2);
    expect(await bankPaymentsWith(`exactly once ${submissionId.slice(0, 8)}`)).toHaveLength(1);
  });

  it('keeps a different submission a different payment', async () => {
    const [a, b] = await Promise.all([
      app.initiateOnce(request(randomUUID())),
      app.initiateOnce(request(randomUUID())),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect(a.ok && b.ok && a.redirectTo !== b.redirectTo).toBe(true);
  });
});

// A form the bank refused can be corrected and sent again as a new payment; the same content sent
// again stays one payment; other content while the first is or may be at the bank is neither.
describe('a form sent again', () => {
  async function attemptsOf(submissionId: string) {
    const rows = await app.db.select().from(app.schema.payments).where(eq(app.schema.payments.psuId, psuId));
    return rows.filter((row) => row.submissionId === submissionId || row.correctionOf === submissionId);
  }

  it('after the bank refused it, corrected, is a new payment; the same content again is the same one', async () => {
    const form = randomUUID();
    const refused = await app.initiateOnce(request(form, { creditor: NO_SUCH_ACCOUNT }));
    // The bank names the field it refused (spec part 7, `path`): the refusal is shown beside it.
    expect(refused).toMatchObject({
      ok: false,
      messageKey: 'bank.refusedFields',
      fieldErrors: { 'payment.creditorAccount': ['forms.bankRefusal.CREDITOR_ACCOUNT_NOT_FOUND'] },
    });
    // The same refused content again: the same refusal, nothing sent.
    expect(await app.initiateOnce(request(form, { creditor: NO_SUCH_ACCOUNT }))).toEqual(refused);

    const corrected = await app.initiateOnce(request(form));
    expect(corrected.ok).toBe(true);
    expect(corrected.paymentId).not.toBe(refused.paymentId);
    expect((await app.initiateOnce(request(form))).paymentId).toBe(corrected.paymentId);

    const rows = await attemptsOf(form);
    expect(rows.map((row) => row.phase).sort()).toEqual(['initiated', 'refused']);
    expect(new Set(rows.map((row) => row.idempotencyKey)).size).toBe(2);
  });

  it('with other content while the first is at the bank is refused, and sends nothing', async () => {
    const form = randomUUID();
    const first = await app.initiateOnce(request(form, { amount: '1000' }));
    expect(first.ok).toBe(true);
    expect(await app.initiateOnce(request(form, { amount: '9000' }))).toEqual({
      ok: false,
      paymentId: first.paymentId,
      messageKey: 'payment.changedWhileSent',
    });
    expect(await attemptsOf(form)).toHaveLength(1);
  });

  it('with other content while the outcome of the first is unknown is refused too, never sent as the first', async () => {
    const form = randomUUID();
    proxy.delayNext('POST', /\/psd2\/api\/v1\/payments\/credit-transfers$/, 12_000);
    expect((await app.initiateOnce(request(form, { amount: '1000' }))).ok).toBe(false);
    expect(await app.initiateOnce(request(form, { amount: '2000' }))).toMatchObject({
      ok: false,
      messageKey: 'payment.changedWhileSent',
    });
    const rows = await attemptsOf(form);
    expect(rows.map((row) => row.amount)).toEqual(['1000']);
  });

  it('twice at once with the same corrected content makes one payment', async () => {
    const form = randomUUID();
    await app.initiateOnce(request(form, { creditor: NO_SUCH_ACCOUNT }));
    const both = await Promise.all([app.initiateOnce(request(form)), app.initiateOnce(request(form))]);
    expect(both[0].paymentId).toBe(both[1].paymentId);
    expect(await attemptsOf(form)).toHaveLength(2);
  });
});
