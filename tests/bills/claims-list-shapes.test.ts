import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import eventsEn from '@/messages/events/en.json';
import eventsIs from '@/messages/events/is.json';
import type { RunningSandbox } from '@/sandbox/src/server';
import { startTestSandbox } from '@/sandbox/test/helpers';
import { RecordingProxy } from '@/tests/bank/recording-proxy';
import { freshAppDatabase } from '@/tests/support/app-database';

// A claims list as another bank may answer it within IOBWS-Claims 3.1, played by the sandbox behind a recording
// proxy: a claim among the others that the app cannot read (a status outside the reference's enum, a claim key's
// due date with a time), and more pages than the app reads. What was read is kept; the bank is named as one not
// every bill of which is shown, never as one that could not be reached.

const JON = '0101302989';

let sandbox: RunningSandbox;
let proxy: RecordingProxy;
let app: {
  db: import('@/lib/db').Db;
  refresh: typeof import('@/lib/bills/refresh');
  queries: typeof import('@/lib/db/queries/bills');
};

beforeAll(async () => {
  proxy = new RecordingProxy();
  const proxyUrl = await proxy.start();
  sandbox = await startTestSandbox({ publicUrl: proxyUrl });
  proxy.forwardTo(sandbox.url);
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'claims-shapes-secret-claims-shapes-secret-0',
    APP_BASE_URL: 'http://127.0.0.1:9',
    BANK_BASE_URL: `${proxyUrl}/psd2`,
    BANK_AUTH_URL: proxyUrl,
    BANK_BUSINESS_BASE_URL: `${proxyUrl}/business`,
    BANK_EVENTS_BASE_URL: `${proxyUrl}/events`,
  });
  const { getDb } = await import('@/lib/db');
  app = {
    db: await getDb(),
    refresh: await import('@/lib/bills/refresh'),
    queries: await import('@/lib/db/queries/bills'),
  };
});

afterAll(async () => {
  const { closeDatabase } = await import('@/lib/db');
  await closeDatabase();
  await proxy?.stop();
  await sandbox?.close();
});

beforeEach(() => proxy.reset());

const CLAIMS_LIST = /^\/business\/claims\?/;

/** A claim as the reference has it, with only its required members and a status. */
function claim(number: number, status = 'Unpaid') {
  return {
    claimKey: {
      claimantId: '5501692829',
      account: `0159${'66'}${String(number).padStart(6, '0')}`,
      dueDate: '2027-01-15',
    },
    payorId: JON,
    claimStatus: status,
    templateCode: '001',
    amount: 1000 + number,
    reference: `SHAPE-${number}`,
    finalDueDate: '2027-01-25',
    expirationDate: '2031-01-25',
  };
}

describe('a claims list with what the app cannot read', () => {
  it('keeps the claims it can read and names the bank as not every bill of it shown, not as unreached', async () => {
    proxy.reshapeNext('GET', CLAIMS_LIST, (body) => {
      const claims = body as Record<string, unknown>[];
      const odd = claim(900_001, 'Transferred');
      const timed = {
        ...claim(900_002),
        claimKey: { ...claim(900_002).claimKey, dueDate: '2027-01-15T00:00:00Z' },
      };
      return [odd, ...claims, timed];
    });
    const freshness = await app.refresh.refreshBillsFromBank(app.db, JON);
    expect(freshness).toEqual({ fresh: false, staleBankIds: [], incompleteBankIds: ['default'] });
    const kept = await app.queries.billsOf(app.db, JON);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.map((bill) => bill.reference)).not.toContain('SHAPE-900001');
    expect(kept.map((bill) => bill.reference)).not.toContain('SHAPE-900002');
  });

  it('says so where the bank has more pages than the app reads, and keeps those it read', async () => {
    for (let page = 1; page <= 100; page++)
      proxy.answerNext('GET', new RegExp(`^/business/claims\\?.*[?&]page=${page}&`), {
        status: 200,
        headers: { 'X-Paging-TotalPages': '1000', 'X-Paging-CurrentPage': String(page) },
        body: [claim(800_000 + page)],
      });
    const freshness = await app.refresh.refreshBillsFromBank(app.db, JON);
    expect(freshness).toEqual({ fresh: false, staleBankIds: [], incompleteBankIds: ['default'] });
    const kept = await app.queries.billsOf(app.db, JON);
    expect(kept.filter((bill) => bill.reference?.startsWith('SHAPE-8'))).toHaveLength(100);
    // A list too long to read stays so: the words promise no later read (“just now”), and say where all the bills are.
    expect(eventsIs.bills.incompleteBanks).not.toMatch(/rétt í þessu/);
    expect(eventsIs.bills.incompleteBanks).toMatch(/Þær sjást allar í netbankanum þínum\.$/);
    expect(eventsEn.bills.incompleteBanks).not.toMatch(/just now/);
    expect(eventsEn.bills.incompleteBanks).toMatch(/Your online banking shows them all\.$/);
  });

  it('takes 404 RESOURCE_UNKNOWN (IOBWS-Claims 3.1, its `messages` form) past the last page as the end of the list', async () => {
    proxy.answerNext('GET', /^\/business\/claims\?.*[?&]page=1&/, { status: 200, body: [claim(700_001)] });
    proxy.answerNext('GET', /^\/business\/claims\?.*[?&]page=2&/, {
      status: 404,
      body: { messages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN' }] },
    });
    expect(await app.refresh.refreshBillsFromBank(app.db, JON)).toEqual({ fresh: true });
    const kept = await app.queries.billsOf(app.db, JON);
    expect(kept.map((bill) => bill.reference)).toContain('SHAPE-700001');
  });

  it('takes 404 RESOURCE_UNKNOWN for the first page as a payor with no claims there, not a bank unreached', async () => {
    proxy.answerNext('GET', CLAIMS_LIST, {
      status: 404,
      body: { messages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN' }] },
    });
    expect(await app.refresh.refreshBillsFromBank(app.db, '0202024440')).toEqual({ fresh: true });
  });

  it('a 404 without that code, a 403 and a 429 leave the bank named as not reached', async () => {
    for (const status of [404, 403, 429]) {
      for (let i = 0; i < 5; i++) proxy.answerNext('GET', CLAIMS_LIST, { status, body: {} });
      expect(await app.refresh.refreshBillsFromBank(app.db, JON)).toEqual({
        fresh: false,
        staleBankIds: ['default'],
        incompleteBankIds: [],
      });
      proxy.dropUnusedAnswers();
    }
  });

  it('a list read whole is fresh', async () => {
    expect(await app.refresh.refreshBillsFromBank(app.db, JON)).toEqual({ fresh: true });
  });
});

describe('a bill the app had as open whose claim the bank now answers in a shape it cannot read', () => {
  const number = 900_101;
  const claimId = `5501692829${`0159${'66'}${number}`}+20270115`;
  /** The claim, paid into Greiðsla ehf.'s account, in `status`. */
  const bill = (status = 'Unpaid') => ({
    ...claim(number, status),
    depositAccount: { id: '015926000001', ownerId: '5501692829' },
  });

  async function billKnownThenUnreadable() {
    proxy.reshapeNext('GET', CLAIMS_LIST, (body) => [...(body as unknown[]), bill()]);
    expect(await app.refresh.refreshBillsFromBank(app.db, JON)).toEqual({ fresh: true });
    proxy.reshapeNext('GET', CLAIMS_LIST, (body) => [...(body as unknown[]), bill('Transferred')]);
    await app.refresh.refreshBillsFromBank(app.db, JON);
  }

  it('is not offered for paying on the bills page, and says why, until the bank answers it readably again', async () => {
    await billKnownThenUnreadable();
    const { billViews } = await import('@/lib/bills/view');
    const viewOf = async () =>
      (await billViews(app.db, await demoPsu(), JON)).find((b) => b.claimId === claimId);
    expect(await viewOf()).toMatchObject({ status: 'Unpaid', payable: false, notPayableWhy: 'unreadable' });
    proxy.reshapeNext('GET', CLAIMS_LIST, (body) => [...(body as unknown[]), bill()]);
    await app.refresh.refreshBillsFromBank(app.db, JON);
    expect(await viewOf()).toMatchObject({ payable: true, notPayableWhy: null });
  });

  it('its Pay page reads the claim as unreadable, not as a failure, and keeps the bill from being offered', async () => {
    proxy.reshapeNext('GET', CLAIMS_LIST, (body) => [...(body as unknown[]), bill()]);
    await app.refresh.refreshBillsFromBank(app.db, JON);
    proxy.answerNext('GET', new RegExp(`^/business/claims/${encodeURIComponent(claimId)}$`), {
      status: 200,
      body: bill('Transferred'),
    });
    const { billToPay } = await import('@/lib/bills/bill-to-pay');
    const { bankById } = await import('@/lib/bank/directory');
    const bank = bankById('default');
    if (!bank) throw new Error('no default bank');
    expect(await billToPay(app.db, bank, claimId, JON)).toBe('unreadable');
    const kept = await app.queries.findBill(app.db, 'default', claimId);
    expect(kept?.unreadableSince).not.toBeNull();
  });

  it('a payment of it is refused in words before it reaches the bank', async () => {
    await billKnownThenUnreadable();
    const { billOfAttempt } = await import('@/lib/bills/payment-of-bill');
    const kept = await app.queries.findBill(app.db, 'default', claimId);
    const outcome = await billOfAttempt(app.db, {
      psuId: await demoPsu(),
      submissionId: crypto.randomUUID(),
      service: 'payments',
      product: 'domestic-credit-transfers-isk',
      scaLanguage: 'is',
      body: {
        creditorAccount: { iban: kept?.depositIban },
        instructedAmount: { amount: kept?.totalAmountDue, currency: 'ISK' },
        remittanceInformationUnstructured: claimId,
      },
    });
    expect(outcome).toEqual({ ok: false, messageKey: 'payment.bill.unreadable' });
  });
});

/** The demo PSU, whose verified kennitala is Jón's. */
async function demoPsu() {
  const { eq } = await import('drizzle-orm');
  const { psus } = await import('@/lib/db/schema');
  const [demo] = await app.db.select().from(psus).where(eq(psus.email, 'demo@greidsla.is'));
  return demo?.id ?? '';
}

describe('a claim with a discount offered (IOBWS-Claims 3.1 discountAmountOffered)', () => {
  it('is owed as the bank says, and the discount kept to be shown to the PSU in words', async () => {
    proxy.reshapeNext('GET', CLAIMS_LIST, (body) => [
      ...(body as unknown[]),
      { ...claim(900_201), discountAmountOffered: 500 },
    ]);
    await app.refresh.refreshBillsFromBank(app.db, JON);
    const { billViews } = await import('@/lib/bills/view');
    const view = (await billViews(app.db, await demoPsu(), JON)).find((b) => b.reference === 'SHAPE-900201');
    expect(view).toMatchObject({ amount: '901201', totalAmountDue: '901201', discountOffered: '500' });
  });
});
