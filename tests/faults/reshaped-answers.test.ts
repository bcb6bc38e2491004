import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '@/sandbox/src/server';
import { freshAppDatabase } from '@/tests/support/app-database';
import {
  type Answer,
  type BankFaultProxy,
  gatewayPage,
  startBehindFaultProxy,
} from '@/tests/support/bank-fault-proxy';
import { bankPayments } from '@/tests/support/sandbox-admin';

/**
 * The bank did what it was asked, and its answer never reached the app as the bank gave it: the connection
 * dropped before a byte of it, a gateway in front of the bank answered with its own HTML page, or a 200 came
 * with a body that is no JSON. For each initiation (single, bulk, periodic) and a standing order's stop: the
 * PSU is told in words of both languages that never say nothing was paid, a second press makes no second
 * payment, and a stop stays a stop.
 */

let sandbox: RunningSandbox;
let proxy: BankFaultProxy;
let psuId: string;
let app: {
  initiateOnce: typeof import('@/lib/payments/initiation').initiateOnce;
  askBankToCancel: typeof import('@/lib/payments/cancellation').askBankToCancel;
  syncPaymentStatus: typeof import('@/lib/payments/sync').syncPaymentStatus;
  db: import('@/lib/db').Db;
  closeDatabase: () => Promise<void>;
  schema: typeof import('@/lib/db/schema');
};

beforeAll(async () => {
  const bank = await startBehindFaultProxy();
  ({ sandbox, proxy } = bank);
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'reshaped-answers-secret-reshaped-answers-01',
    BANK_BASE_URL: `${bank.bankUrl}/psd2`,
    BANK_AUTH_URL: bank.bankUrl,
    BANK_TIMEOUT_MS: '15000',
  });
  const [{ initiateOnce }, { askBankToCancel }, { syncPaymentStatus }, dbModule, schema] = await Promise.all([
    import('@/lib/payments/initiation'),
    import('@/lib/payments/cancellation'),
    import('@/lib/payments/sync'),
    import('@/lib/db'),
    import('@/lib/db/schema'),
  ]);
  const db = await dbModule.getDb();
  app = {
    initiateOnce,
    askBankToCancel,
    syncPaymentStatus,
    db,
    closeDatabase: dbModule.closeDatabase,
    schema,
  };
  const [psu] = await db.select().from(schema.psus).where(eq(schema.psus.email, 'demo@greidsla.is'));
  psuId = psu?.id ?? '';
  // A warm bank first (token issued, tables read), so that no case meets a first call's slowness.
  await initiateOnce(request('payments'));
}, 300_000);

afterAll(async () => {
  await app?.closeDatabase();
  await proxy?.stop();
  await sandbox?.close();
});

const DEBTOR = 'IS140159260076545510730339';
const CREDITOR = 'IS870301260012345101696399';
const PSU_IP = '10.4.5.6';

type Service = 'payments' | 'bulk-payments' | 'periodic-payments';

function bodyOf(service: Service, remittance: string): Record<string, unknown> {
  const one = {
    creditorAccount: { iban: CREDITOR },
    instructedAmount: { currency: 'ISK', amount: '700' },
    remittanceInformationUnstructured: remittance,
  };
  if (service === 'bulk-payments')
    return {
      paymentInformationId: `rs-${randomUUID().slice(0, 20)}`,
      debtorAccount: { iban: DEBTOR },
      payments: [one],
    };
  if (service === 'periodic-payments')
    return {
      debtorAccount: { iban: DEBTOR },
      ...one,
      frequency: 'Monthly',
      startDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
  return { debtorAccount: { iban: DEBTOR }, ...one };
}

function request(service: Service, submissionId: string = randomUUID()) {
  return {
    psuId,
    submissionId,
    service,
    product: 'credit-transfers' as const,
    body: bodyOf(service, `rs ${submissionId.slice(0, 8)}`),
    scaLanguage: 'en' as const,
    uiLocale: 'en' as const,
    summary: { amount: '700', currency: 'ISK', creditorAccount: CREDITOR },
    psuIpAddress: PSU_IP,
  };
}

const messages = {
  en: JSON.parse(readFileSync('messages/en.json', 'utf8')) as Record<string, unknown>,
  is: JSON.parse(readFileSync('messages/is.json', 'utf8')) as Record<string, unknown>,
};

function textOf(locale: 'en' | 'is', key: string): string | undefined {
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages[locale]);
  return typeof text === 'string' ? text : undefined;
}

/** The PSU's words for an outcome the bank may have carried out: both languages, and never "nothing was paid". */
function expectToldOutcomeUnknown(key: string | undefined) {
  expect(key).toBeDefined();
  for (const locale of ['en', 'is'] as const)
    expect(textOf(locale, key ?? ''), `${key} in ${locale}`).toBeTruthy();
  expect(textOf('en', key ?? '')).not.toMatch(/nothing was paid/i);
  expect(textOf('is', key ?? '')).not.toMatch(/ekkert var greitt/i);
}

async function appPayment(id: string) {
  const [row] = await app.db.select().from(app.schema.payments).where(eq(app.schema.payments.id, id));
  if (!row) throw new Error(`no app payment ${id}`);
  return row;
}

async function atBank(idempotencyKey: string) {
  return (await bankPayments(sandbox.url)).filter((p) => p.idempotencyKey === idempotencyKey);
}

const initiationPath = (service: Service) => new RegExp(`^/psd2/api/v1/${service}/credit-transfers$`);

type Fault = { name: string; apply: (method: string, path: RegExp) => void };
const htmlInstead =
  (answer: Answer): Fault['apply'] =>
  (method, path) =>
    proxy.reshapeNext(method, path, answer);
const faults: Fault[] = [
  { name: 'the connection reset before any answer', apply: (method, path) => proxy.resetNext(method, path) },
  { name: 'a gateway 502 page', apply: htmlInstead(gatewayPage(502)) },
  { name: 'a gateway 504 page', apply: htmlInstead(gatewayPage(504)) },
  {
    name: 'a 200 whose body is not JSON',
    apply: htmlInstead({ status: 200, contentType: 'text/html', body: '<html><body>OK</body></html>' }),
  },
];

const services: Service[] = ['payments', 'bulk-payments', 'periodic-payments'];
const initiationCases = services.flatMap((service) => faults.map((fault) => ({ service, fault })));

describe('an initiation the bank made, its answer lost or spoilt', { timeout: 60_000 }, () => {
  it.each(initiationCases)(
    '$service, $fault.name: told in words, a second press pays once',
    async ({ service, fault }) => {
      const submission = request(service);
      fault.apply('POST', initiationPath(service));
      const first = await app.initiateOnce(submission);
      if (!first.ok) expectToldOutcomeUnknown(first.messageKey);
      const paymentId = first.paymentId ?? '';
      const key = (await appPayment(paymentId)).idempotencyKey;
      // The PSU presses again (or a second tab sends the same form): the payment the bank made, and no other.
      const second = await app.initiateOnce(submission);
      expect(second, JSON.stringify(second)).toMatchObject({ ok: true, paymentId });
      const made = await atBank(key);
      expect(made).toHaveLength(1);
      expect((await appPayment(paymentId)).bankPaymentId).toBe(made[0]?.paymentId);
    },
  );
});

describe('a standing order stopped, the answer lost or spoilt', { timeout: 60_000 }, () => {
  it.each(faults)('$name: the PSU is told in words, and the order ends stopped', async (fault) => {
    const made = await app.initiateOnce(request('periodic-payments'));
    expect(made.ok).toBe(true);
    let order = await appPayment(made.paymentId ?? '');
    fault.apply(
      'DELETE',
      new RegExp(`^/psd2/api/v1/periodic-payments/credit-transfers/${order.bankPaymentId}$`),
    );
    const first = await app.askBankToCancel(app.db, order, PSU_IP);
    if (first.kind === 'refused') {
      expectToldOutcomeUnknown(first.messageKey);
      // Pressed again: the order is stopped, and said so.
      order = await appPayment(order.id);
      expect(await app.askBankToCancel(app.db, order, PSU_IP)).toEqual({ kind: 'asked' });
    } else expect(first.kind).toBe('asked');
    order = await appPayment(order.id);
    expect(order.transactionStatus).toBe('CANC');
    expect((await atBank(order.idempotencyKey))[0]?.transactionStatus).toBe('CANC');
  });
});

describe('a status read spoilt', { timeout: 60_000 }, () => {
  it.each(faults.slice(1))(
    '$name: kept as a failed read, the status unchanged, read right next',
    async (fault) => {
      const made = await app.initiateOnce(request('payments'));
      const payment = await appPayment(made.paymentId ?? '');
      fault.apply(
        'GET',
        new RegExp(`^/psd2/api/v1/payments/credit-transfers/${payment.bankPaymentId}/status$`),
      );
      expect(await app.syncPaymentStatus(app.db, payment, 'poll')).toEqual({
        changed: false,
        status: payment.transactionStatus,
      });
      expect((await appPayment(payment.id)).statusReadFailedAt).not.toBeNull();
      await app.syncPaymentStatus(app.db, await appPayment(payment.id), 'poll');
      expect((await appPayment(payment.id)).statusReadFailedAt).toBeNull();
    },
  );
});
