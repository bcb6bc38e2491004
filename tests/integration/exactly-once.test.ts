import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '@/sandbox/src/server';
import { freshAppDatabase } from '@/tests/support/app-database';
import { type BankFaultProxy, startBehindFaultProxy } from '@/tests/support/bank-fault-proxy';

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
    BANK_TIMEOUT_MS: '5000',
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

function request(submissionId: string) {
  return {
    psuId,
    submissionId,
    service: 'payments' as const,
    product: 'credit-transfers' as const,
    body: {
      debtorAccount: { iban: 'IS140159260076545510730339' },
      creditorAccount: { iban: 'IS870301260012345101696399' },
      instructedAmount: { currency: 'ISK', amount: '4200' },
      remittanceInformationUnstructured: `exactly once ${submissionId.slice(0, 8)}`,
    },
    scaLanguage: 'is' as const,
    uiLocale: 'is' as const,
    summary: { amount: '4200', currency: 'ISK', creditorAccount: 'IS870301260012345101696399' },
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

    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    const redirects = new Set(outcomes.map((outcome) => (outcome.ok ? outcome.redirectTo : '')));
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
    proxy.delayNext('POST', /\/psd2\/api\/v1\/payments\/credit-transfers$/, 7_000);

    const first = await app.initiateOnce(request(submissionId));
    expect(first).toMatchObject({ ok: false, messageKey: 'bank.timeout' });
    // The bank did make the payment; only its answer was lost.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await bankPaymentsWith(`exactly once ${submissionId.slice(0, 8)}`)).toHaveLength(1);

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

  it('keeps a different submission a different payment', async () => {
    const [a, b] = await Promise.all([
      app.initiateOnce(request(randomUUID())),
      app.initiateOnce(request(randomUUID())),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect(a.ok && b.ok && a.redirectTo !== b.redirectTo).toBe(true);
  });
});
