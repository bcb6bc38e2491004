import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '@/sandbox/src/server';
import { startTestSandbox } from '@/sandbox/test/helpers';
import { freshAppDatabase } from '@/tests/support/app-database';

// The app's reading of the claims interface as IOBWS-Claims 3.1 (ÍST TS 315) defines it, against the sandbox
// bank: the paged list (page, itemsPerPage, X-Paging-TotalPages), every claimStatus (Unpaid, Paid, Cancelled),
// every currency ("claims ... can be in Icelandic or foreign currency"), and a bank that sends only the
// reference's fields.

const JON = '0101302989';
const ANNA = '1203892039';

let sandbox: RunningSandbox;
let claims: typeof import('@/lib/bank/claims');

beforeAll(async () => {
  sandbox = await startTestSandbox();
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'claims-reading-secret-claims-reading-0123',
    APP_BASE_URL: 'http://127.0.0.1:9',
    BANK_BASE_URL: `${sandbox.url}/psd2`,
    BANK_AUTH_URL: sandbox.url,
    BANK_BUSINESS_BASE_URL: `${sandbox.url}/business`,
    BANK_EVENTS_BASE_URL: `${sandbox.url}/events`,
  });
  claims = await import('@/lib/bank/claims');
});

afterAll(async () => {
  const { closeDatabase } = await import('@/lib/db');
  await closeDatabase();
  await sandbox?.close();
});

describe('claims as the public claims interface has them (IOBWS-Claims 3.1)', () => {
  it('reads every page of a payor’s claims: 105 of them at 100 a page', async () => {
    const { claims: all, complete } = await claims.listClaims(ANNA);
    expect(complete).toBe(true);
    expect(all).toHaveLength(105);
    expect(new Set(all.map((c) => c.claimId)).size).toBe(105);
    expect(new Set(all.map((c) => c.claimStatus))).toEqual(new Set(['Unpaid', 'Paid', 'Cancelled']));
    expect(all.filter((c) => claims.payable(c))).toHaveLength(4);
  });

  it('reads every status and currency: a cancelled claim owes nothing and cannot be paid; euros keep their cents', async () => {
    const { claims: jons } = await claims.listClaims(JON);
    const cancelled = jons.find((c) => c.reference === 'AFTURKOLLUD-77');
    expect(cancelled).toMatchObject({ claimStatus: 'Cancelled', totalAmountDue: '0', amount: '7900' });
    expect(cancelled && claims.payable(cancelled)).toBe(false);
    const euros = jons.find((c) => c.reference === 'EUR-2026');
    expect(euros).toMatchObject({
      currency: 'EUR',
      amount: '89.9',
      totalAmountDue: '89.9',
      claimStatus: 'Unpaid',
    });
    // The deposit account arrives in the reference's shape and is read as the IBAN it stands for.
    expect(euros?.depositAccount.iban).toBe('IS260159260020245501692829');
    expect(euros && claims.payable(euros)).toBe(true);
  });

  it('a bank that sends only the reference’s fields: the id from the key, the claimant by kennitala, not payable here', () => {
    const claim = claims.parseClaim({
      claimKey: { claimantId: '5501692829', account: '015966000123', dueDate: '2026-05-02' },
      payorId: JON,
      templateCode: '001',
      amount: 1500.5,
      currency: 'USD',
      finalDueDate: '2026-05-12',
      expirationDate: '2030-05-12',
    });
    expect(claim).toMatchObject({
      claimId: '5501692829015966000123+20260502',
      claimantName: '550169-2829',
      claimStatus: 'Unpaid',
      amount: '1500.5',
      totalAmountDue: '1500.5',
      currency: 'USD',
      dueDate: '2026-05-02',
      depositAccount: { iban: '' },
    });
    expect(claim && claims.payable(claim)).toBe(false);
    expect(claims.parseClaim({ claimKey: { claimantId: 'x' }, payorId: JON, amount: 1 })).toBeUndefined();
  });

  it('a final due date sent with a time is the day the bank wrote, whatever its offset; one not a date is none', async () => {
    const { formatDate } = await import('@/lib/format');
    const base = {
      claimKey: { claimantId: '5501692829', account: '015966000124', dueDate: '2027-01-15' },
      payorId: JON,
      amount: 1000,
      finalDueDate: '2027-01-25T00:00:00+02:00',
    };
    const claim = claims.parseClaim(base);
    expect(claim?.finalDueDate).toBe('2027-01-25');
    expect(formatDate(claim?.finalDueDate ?? '', 'is')).toBe('25.\u00a0jan.\u00a02027');
    expect(formatDate(claim?.finalDueDate ?? '', 'en')).toBe('25\u00a0Jan\u00a02027');
    expect(claims.parseClaim({ ...base, finalDueDate: '2027-01-25T23:30:00-05:00' })?.finalDueDate).toBe(
      '2027-01-25',
    );
    expect(claims.parseClaim({ ...base, finalDueDate: '2027-01-25' })?.finalDueDate).toBe('2027-01-25');
    expect(claims.parseClaim({ ...base, finalDueDate: 'next week' })?.finalDueDate).toBeNull();
  });

  it('a claim without totalAmountDue owes its amount and the charges, interest and costs the bank says are to be paid', () => {
    const base = {
      claimKey: { claimantId: '5501692829', account: '015966000125', dueDate: '2026-11-01' },
      payorId: JON,
      amount: 10000,
    };
    const withCosts = {
      ...base,
      defaultChargeAmountDue: 950,
      defaultInterestAmountDue: 412,
      noticeChargeAmountDue: 300,
      otherCostsAmountDue: 0,
      otherDefaultCostsAmountDue: 1500,
    };
    expect(claims.parseClaim(withCosts)?.totalAmountDue).toBe('13162');
    expect(
      claims.parseClaim({ ...base, currency: 'EUR', amount: 89.9, noticeChargeAmountDue: 2.15 })
        ?.totalAmountDue,
    ).toBe('92.05');
    // What the bank says is due stands; a closed claim owes nothing whatever costs it had.
    expect(claims.parseClaim({ ...withCosts, totalAmountDue: 10300 })?.totalAmountDue).toBe('10300');
    expect(claims.parseClaim({ ...withCosts, claimStatus: 'Paid' })?.totalAmountDue).toBe('0');
  });

  it('the bills page’s view: cancelled bills have no Pay, open ones do', async () => {
    const { getDb } = await import('@/lib/db');
    const { psus } = await import('@/lib/db/schema');
    const { refreshBillsFromBank } = await import('@/lib/bills/refresh');
    const { billViews } = await import('@/lib/bills/view');
    const db = await getDb();
    const [psu] = await db
      .insert(psus)
      .values({ email: 'jon@claims.test', passwordHash: 'not-used', displayName: 'Jón' })
      .returning();
    expect(await refreshBillsFromBank(db, JON)).toEqual({ fresh: true });
    const views = await billViews(db, psu?.id ?? '', JON);
    const byReference = new Map(views.map((v) => [v.reference, v]));
    expect(byReference.get('AFTURKOLLUD-77')).toMatchObject({ status: 'Cancelled', payable: false });
    expect(byReference.get('EUR-2026')).toMatchObject({ status: 'Unpaid', payable: true, currency: 'EUR' });
    expect(byReference.get('ASKRIFT-2026')).toMatchObject({ status: 'Unpaid', payable: true });
  });

  it('shows as a bill’s payment only one to its claimant’s account with its claim id, whatever else has that text', async () => {
    const { getDb } = await import('@/lib/db');
    const { billViews } = await import('@/lib/bills/view');
    const { billsOf } = await import('@/lib/db/queries/bills');
    const { insertInitiatedPayment, insertPsu } = await import('@/tests/support/app-rows');
    const db = await getDb();
    const psuId = await insertPsu(db);
    const bill = (await billsOf(db, JON)).find((b) => b.reference === 'EUR-2026');
    if (!bill) throw new Error('the EUR bill is not kept');
    const paying = await insertInitiatedPayment(db, psuId, {
      transactionStatus: 'ACSP',
      creditorAccount: bill.depositIban,
      reference: bill.claimId,
      changedAt: new Date(Date.now() - 60_000),
    });
    // Newer, with the claim id as its message, to someone else: not the bill's payment.
    await insertInitiatedPayment(db, psuId, {
      transactionStatus: 'RJCT',
      creditorAccount: 'IS870301260012345101696399',
      reference: bill.claimId,
    });
    const views = await billViews(db, psuId, JON);
    expect(views.find((v) => v.reference === 'EUR-2026')?.payment).toEqual({
      id: paying.id,
      transactionStatus: 'ACSP',
      paidDay: null,
      failed: false,
    });
    expect(views.filter((v) => v.payment).map((v) => v.reference)).toEqual(['EUR-2026']);
    // Once the bank reports it paid, the bill says on which day.
    const { recordStatus } = await import('@/lib/payments/history');
    await recordStatus(db, paying.id, 'ACSC', 'notification');
    const paid = (await billViews(db, psuId, JON)).find((v) => v.reference === 'EUR-2026')?.payment;
    expect(paid?.paidDay).toBe(new Date().toISOString().slice(0, 10));
  });
});
