import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Payment } from '@/lib/db/schema';
import { adjustToBankingDay, type IsoDate } from '@/lib/payments/calendar';
import { contractCheckCounts } from '@/sandbox/src/contract-violations-file';
import type { RunningSandbox } from '@/sandbox/src/server';
import { SUDUR, startSandboxWithSudur } from '@/tests/support/iobws-sandbox';
import { decideAtBank } from '@/tests/support/sandbox-sca-page';
import { scratchDir } from '@/tests/support/scratch';

/**
 * The app at a bank that speaks IOBWS 3.2 as published (the sandbox's Suðurbankinn), beside one that speaks ours:
 * every payment service, forward-dated, each SCA approach and a cancellation, through the app's own domain code.
 * Every request the IOBWS bank received and every answer it gave is checked against contract/published/ (and each
 * status notification against the Lean Push contract); the run ends with the count, and 0 violations.
 */
const ibanOf = (username: string) =>
  SUDUR.psus.find((psu) => psu.username === username)?.accounts[0]?.iban ?? '';
const CREDITOR = 'IS870301260012345101696399';

/**
 * The first banking day at least `days` after tomorrow, as a date-time: the bank moves a date that is not one to
 * the next (ACWC), which these tests, reading their own dates back, must not meet on a weekend or a holiday.
 */
function tomorrowPlus(days: number): string {
  const day = new Date(Date.now() + (days + 1) * 86_400_000).toISOString().slice(0, 10) as IsoDate;
  return `${adjustToBankingDay(day, 'following')}T00:00:00Z`;
}

let sandbox: RunningSandbox;
let violationsFile: string;
type App = {
  initiateOnce: typeof import('@/lib/payments/initiation').initiateOnce;
  sca: typeof import('@/lib/payments/sca');
  sync: typeof import('@/lib/payments/sync');
  bulkResults: typeof import('@/lib/payments/bulk-results');
  scope: typeof import('@/lib/bank/scope');
  bankPayments: typeof import('@/lib/bank/payments');
  db: import('@/lib/db').Db;
  schema: typeof import('@/lib/db/schema');
  closeDatabase: () => Promise<void>;
};
let app: App;
let psuId: string;

beforeAll(async () => {
  violationsFile = path.join(scratchDir('greidsla-iobws-'), 'violations.jsonl');
  sandbox = await startSandboxWithSudur(
    { contractCheck: true, contractViolationsFile: violationsFile, delays: { acsp: 0, acsc: 0 } },
    { BANK_TIMEOUT_MS: '20000' },
  );
  const [initiation, sca, sync, bulkResults, scope, bankPayments, dbModule, schema] = await Promise.all([
    import('@/lib/payments/initiation'),
    import('@/lib/payments/sca'),
    import('@/lib/payments/sync'),
    import('@/lib/payments/bulk-results'),
    import('@/lib/bank/scope'),
    import('@/lib/bank/payments'),
    import('@/lib/db'),
    import('@/lib/db/schema'),
  ]);
  const db = await dbModule.getDb();
  app = {
    initiateOnce: initiation.initiateOnce,
    sca,
    sync,
    bulkResults,
    scope,
    bankPayments,
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

async function saved(paymentId: string) {
  const [row] = await app.db.select().from(app.schema.payments).where(eq(app.schema.payments.id, paymentId));
  if (!row) throw new Error('payment not saved');
  return row;
}

async function initiate(
  service: 'payments' | 'bulk-payments' | 'periodic-payments',
  body: Record<string, unknown>,
) {
  const outcome = await app.initiateOnce({
    psuId,
    submissionId: randomUUID(),
    service,
    product: 'credit-transfers',
    body,
    scaLanguage: 'en',
    uiLocale: 'en',
    summary: { amount: '1500', currency: 'ISK', creditorAccount: CREDITOR },
    psuIpAddress: '10.1.2.3',
  });
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  if (!outcome.ok) throw new Error('not initiated');
  return saved(outcome.paymentId);
}

function single(debtor: string, message: string, date?: string) {
  return {
    debtorAccount: { iban: debtor },
    creditorAccount: { iban: CREDITOR },
    instructedAmount: { currency: 'ISK', amount: '1500' },
    remittanceInformationUnstructured: message,
    ...(date ? { requestedExecutionDate: date } : {}),
  };
}

/** The step our payment page offers the PSU (the demo PSU acts for the company that owns `bokhald`'s account). */
const stepOf = (payment: Payment) => app.sca.scaStepFor(app.db, payment);

/** Takes each SCA step the bank asks for, as the PSU would on our pages, until none is left. */
async function authorise(paymentId: string) {
  for (let step = 0; step < 6; step++) {
    const payment = await saved(paymentId);
    const next = await stepOf(payment);
    const context = app.sca.authorisationContext(payment, '10.1.2.3');
    if (next.kind === 'choose-method')
      await app.sca.advanceSca(
        app.db,
        payment,
        { kind: 'method', methodId: next.methods[0]?.authenticationMethodId ?? '' },
        context,
      );
    else if (next.kind === 'otp')
      await app.sca.advanceSca(app.db, payment, { kind: 'otp', otp: '123456' }, context);
    else if (next.kind === 'confirm') await app.sca.advanceSca(app.db, payment, { kind: 'confirm' }, context);
    else return next.kind;
  }
  return 'too many steps';
}

describe('a bank that speaks IOBWS 3.2 as published', () => {
  it('takes a forward-dated single payment at /v1/…, its date as a date, and its links read under its server', async () => {
    const row = await initiate('payments', single(ibanOf('jon'), 'IOBWS forward', tomorrowPlus(10)));
    expect(row.bankId).toBe('sudur');
    expect(row.scaRedirect?.startsWith(`${sandbox.url}/banks/sudur/`)).toBe(true);
    const links = row.sca?.initiationLinks ?? {};
    expect(links.self).toBe(`${sandbox.url}/banks/sudur/v1/payments/credit-transfers/${row.bankPaymentId}`);
    const synced = await app.sync.syncPaymentStatus(app.db, row, 'poll');
    expect(synced.status).toBe('RCVD');
  });

  it('says when a forward-dated payment it accepted is paid, in its status answer’s psuMessage, and the page shows it', async () => {
    const day = tomorrowPlus(12);
    const forward = await initiate('payments', single(ibanOf('olafur'), 'IOBWS pay day', day));
    expect(await authorise(forward.id)).toBe('none');
    const synced = await app.sync.syncPaymentStatus(app.db, await saved(forward.id), 'poll');
    expect(synced.status).toBe('PDNG');
    const { toPaymentView } = await import('@/lib/payments/view');
    // The day the bank pays on: the one asked for, or the banking day after it where that is closed.
    const read = await app.scope.inBank('sudur', () =>
      app.bankPayments.readPaymentInformation({
        service: forward.service,
        product: forward.product,
        paymentId: forward.bankPaymentId ?? '',
        links: forward.sca?.initiationLinks,
      }),
    );
    const payDay = String((read as { requestedExecutionDate?: string }).requestedExecutionDate).slice(0, 10);
    expect(toPaymentView(await saved(forward.id), []).psuMessage).toBe(
      `The payment will be made on ${payDay.split('-').reverse().join('.')}.`,
    );
  });

  it('is paid by an embedded SCA (method, code) and straight through (IOBWS confirmation)', async () => {
    const embedded = await initiate('payments', single(ibanOf('olafur'), 'IOBWS embedded'));
    expect(await authorise(embedded.id)).toBe('none');
    const straight = await initiate('payments', single(ibanOf('bokhald'), 'IOBWS straight through'));
    expect((await stepOf(straight)).kind).toBe('confirm');
    expect(await authorise(straight.id)).toBe('none');
    for (const id of [embedded.id, straight.id]) {
      await vi.waitFor(
        async () => {
          const row = await saved(id);
          const synced = await app.sync.syncPaymentStatus(app.db, row, 'poll');
          expect(synced.status).toMatch(/^AC(SC|CC)$/);
        },
        { timeout: 30_000, interval: 250 },
      );
    }
  });

  it('takes a standing order (start and end dates) and a bulk (its execution date), and cancels one', async () => {
    const order = await initiate('periodic-payments', {
      debtorAccount: { iban: ibanOf('jon') },
      creditorAccount: { iban: CREDITOR },
      instructedAmount: { currency: 'ISK', amount: '1500' },
      remittanceInformationUnstructured: 'IOBWS standing order',
      startDate: tomorrowPlus(3),
      endDate: tomorrowPlus(200),
      frequency: 'Monthly',
      executionRule: 'following',
    });
    expect(order.transactionStatus).toBe('RCVD');
    // Sent without a creditor's name, as the domestic body allows; read back with one, as the published
    // answer requires (the exchange is checked against it with every other below).
    const orderInformation = (await app.scope.inBank('sudur', () =>
      app.bankPayments.readPaymentInformation({
        service: order.service,
        product: order.product,
        paymentId: order.bankPaymentId ?? '',
        links: order.sca?.initiationLinks,
      }),
    )) as { creditorName?: string };
    expect(orderInformation.creditorName).toBe(CREDITOR);
    const bulk = await initiate('bulk-payments', {
      paymentInformationId: `iobws-${randomUUID().slice(0, 8)}`,
      debtorAccount: { iban: ibanOf('olafur') },
      requestedExecutionDate: tomorrowPlus(5),
      payments: [
        { creditorAccount: { iban: CREDITOR }, instructedAmount: { currency: 'ISK', amount: '100' } },
        { creditorAccount: { iban: CREDITOR }, instructedAmount: { currency: 'ISK', amount: '200' } },
      ],
    });
    expect(await authorise(bulk.id)).toBe('none');
    const ref = {
      service: bulk.service,
      product: bulk.product,
      paymentId: bulk.bankPaymentId ?? '',
      links: bulk.sca?.initiationLinks,
    };
    const information = (await app.scope.inBank('sudur', () =>
      app.bankPayments.readPaymentInformation(ref),
    )) as {
      requestedExecutionDate?: string;
    };
    // Read back as ours: the date IOBWS gives as a date is a date-time again.
    expect(information.requestedExecutionDate).toBe(tomorrowPlus(5));

    // A forward-dated payment not yet authorised is cancelled at once (DELETE, 204).
    const forward = await initiate('payments', single(ibanOf('jon'), 'IOBWS to cancel', tomorrowPlus(20)));
    const cancelled = await app.scope.inBank('sudur', () =>
      app.bankPayments.cancelPayment(
        {
          service: 'payments',
          product: 'credit-transfers',
          paymentId: forward.bankPaymentId ?? '',
          links: forward.sca?.initiationLinks,
        },
        {
          psuIpAddress: '10.1.2.3',
          scaLanguage: 'en',
          redirectUri: 'http://localhost/ok',
          nokRedirectUri: 'http://localhost/nok',
        },
      ),
    );
    expect(cancelled.kind).toBe('cancelled');
    const status = await app.scope.inBank('sudur', () =>
      app.bankPayments.readPaymentStatus({
        service: 'payments',
        product: 'credit-transfers',
        paymentId: forward.bankPaymentId ?? '',
        links: forward.sca?.initiationLinks,
      }),
    );
    expect(status.transactionStatus).toBe('CANC');
  });

  it('lists its bills at /v1/claims and pays one as a claim (claim-payments, the claim key as BBAN)', async () => {
    const { refreshBillsFromBank } = await import('@/lib/bills/refresh');
    const { billViews } = await import('@/lib/bills/view');
    expect(await refreshBillsFromBank(app.db, '0101302989')).toEqual({ fresh: true });
    const bills = (await billViews(app.db, psuId, '0101302989')).filter((bill) => bill.bankId === 'sudur');
    const bill = bills.find(
      (view) => view.payable && view.currency === 'ISK' && view.totalAmountDue === '15900',
    );
    expect(bill, JSON.stringify(bills)).toBeDefined();
    if (!bill) return;
    const [row] = await app.db
      .select()
      .from((await import('@/lib/db/bills-schema')).bills)
      .where(eq((await import('@/lib/db/bills-schema')).bills.claimId, bill.claimId));
    const payment = await app.initiateOnce({
      psuId,
      submissionId: randomUUID(),
      service: 'payments',
      product: 'credit-transfers',
      body: {
        debtorAccount: { iban: ibanOf('jon') },
        creditorAccount: { iban: row?.depositIban ?? '' },
        instructedAmount: { currency: 'ISK', amount: bill.totalAmountDue ?? bill.amount },
        remittanceInformationUnstructured: bill.claimId,
      },
      scaLanguage: 'en',
      uiLocale: 'en',
      summary: {
        amount: bill.totalAmountDue ?? bill.amount,
        currency: 'ISK',
        creditorAccount: row?.depositIban ?? '',
        reference: bill.claimId,
      },
      psuIpAddress: '10.1.2.3',
    });
    expect(payment.ok, JSON.stringify(payment)).toBe(true);
    if (!payment.ok) return;
    const paid = await saved(payment.paymentId);
    expect(paid.sca?.initiationLinks.self).toContain('/v1/payments/claim-payments/');
    // Jón, whose bill it is, approves on the bank's page (the redirect approach).
    await decideAtBank(paid.scaRedirect ?? '', 'approve');
    await vi.waitFor(
      async () => {
        await refreshBillsFromBank(app.db, '0101302989');
        const after = await billViews(app.db, psuId, '0101302989');
        expect(after.find((view) => view.claimId === bill.claimId)?.status).toBe('Paid');
      },
      { timeout: 30_000, interval: 500 },
    );
  });

  it('takes a claim whose details name no deposit account (IOBWS-Claims 3.1 has none) as payable by its key', async () => {
    const claims = await import('@/lib/bank/claims');
    const claim = claims.parseClaim({
      claimKey: { claimantId: '5501692829', account: '015966000123', dueDate: '2026-05-02' },
      payorId: '0101302989',
      templateCode: '001',
      amount: 4200,
      currency: 'ISK',
      finalDueDate: '2026-05-12',
      expirationDate: '2030-05-12',
    });
    if (!claim) throw new Error('the claim was not read');
    expect(claim.depositAccount.iban).toBe('');
    // At a bank that takes claim payments: to the claim's own account, which its payment is sent by.
    const atSudur = await app.scope.inBank('sudur', async () => claims.claimAtBank(claim));
    expect(atSudur.depositAccount.iban).toMatch(/^IS\d{2}0159660001235501692829$/);
    expect(claims.payable(atSudur)).toBe(true);
    // At our bank, which takes a bill's payment as a credit transfer to the account it names: not paid here.
    const atOurs = await app.scope.inBank('default', async () => claims.claimAtBank(claim));
    expect(atOurs.depositAccount.iban).toBe('');
    expect(claims.payable(atOurs)).toBe(false);
  });

  it('gave nothing the published contracts do not allow: the count of what was checked, and 0 violations', async () => {
    await vi.waitFor(
      () => expect(contractCheckCounts(violationsFile)['lean-push']?.checked ?? 0).toBeGreaterThan(0),
      { timeout: 30_000, interval: 250 },
    );
    const counts = contractCheckCounts(violationsFile);
    console.log(
      `Checked against the published contracts: ${JSON.stringify(counts)} (${sandbox.contractViolations().length} violations)`,
    );
    expect(sandbox.contractViolations()).toEqual([]);
    expect(counts['iobws-3.2']?.checked).toBeGreaterThan(10);
  });
});
