/**
 * Standing orders (periodic-payments) executed on the sandbox clock: one debit per execution date by
 * `frequency` and `dayOfExecution` ("31" = the last day of the month), moved off weekends and Icelandic bank
 * holidays by `executionRule`, until `endDate` (then ACSC). The debtor is Bókhaldskerfi ehf. (IOBWS
 * straight-through, so one PUT authorises), the creditor at another bank.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../src/server.js';
import { advanceClockTo, CREDITOR, initiateStraightThrough, startTestSandbox, TestTpp } from './helpers.js';

const BOKHALD = 'IS950515260012346403164039';
const AMOUNT = 25_000n;

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

interface AdminPayment {
  paymentId: string;
  transactionStatus: string;
  history: Array<{ transactionStatus: string; reason: string | null }>;
  executions: Array<{ executionDate: string; transactionStatus: string; at: string }>;
}

async function start() {
  sandbox = await startTestSandbox();
  const tpp = new TestTpp(sandbox.url);
  return { url: sandbox.url, tpp };
}

/** Initiates and authorises a standing order (a member given as `undefined` is left out); returns its id. */
function standingOrder(tpp: TestTpp, order: Record<string, unknown>): Promise<string> {
  const body: Record<string, unknown> = {
    debtorAccount: { iban: BOKHALD },
    creditorAccount: { iban: CREDITOR },
    instructedAmount: { currency: 'ISK', amount: AMOUNT.toString() },
    remittanceInformationUnstructured: 'Húsaleiga',
    ...order,
  };
  return initiateStraightThrough(
    tpp,
    'periodic-payments',
    Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
  );
}

async function payment(url: string, paymentId: string): Promise<AdminPayment> {
  const all = (await fetch(`${url}/sandbox/payments`).then((r) => r.json())) as { payments: AdminPayment[] };
  const found = all.payments.find((p) => p.paymentId === paymentId);
  if (!found) throw new Error(`no payment ${paymentId}`);
  return found;
}

async function balance(url: string): Promise<bigint> {
  const all = (await fetch(`${url}/sandbox/accounts`).then((r) => r.json())) as {
    accounts: Array<{ iban: string; balance: string }>;
  };
  return BigInt(all.accounts.find((a) => a.iban === BOKHALD)?.balance ?? '0');
}

const dates = (p: AdminPayment) => p.executions.map((e) => e.executionDate);

describe('standing orders on the sandbox clock', () => {
  it('monthly on day 31: the last day of each month, February included, moved past weekends and holidays, until endDate', async () => {
    const { url, tpp } = await start();
    const before = await balance(url);
    const id = await standingOrder(tpp, {
      startDate: '2026-12-15T00:00:00Z',
      endDate: '2027-04-15T00:00:00Z',
      frequency: 'Monthly',
      dayOfExecution: '31',
      executionRule: 'following',
    });

    // 31 Dec 2026 (Gamlársdagur) and 1 Jan (Nýársdagur) are bank holidays, then a weekend: Monday 4 January.
    // 31 Jan 2027 is a Sunday: Monday 1 February. February's last day, Sunday the 28th: Monday 1 March.
    await advanceClockTo(url, '2027-02-15T12:00:00Z');
    let read = await payment(url, id);
    expect(dates(read)).toEqual(['2027-01-04', '2027-02-01']);
    expect(read.transactionStatus).toBe('ACSP');
    expect(before - (await balance(url))).toBe(2n * AMOUNT);

    // Wednesday 31 March; 30 April is past endDate: done, ACSC.
    await advanceClockTo(url, '2027-04-20T12:00:00Z');
    read = await payment(url, id);
    expect(dates(read)).toEqual(['2027-01-04', '2027-02-01', '2027-03-01', '2027-03-31']);
    // Each execution is booked on its own date, not on the day the clock was moved.
    expect(read.executions.map((e) => e.at.slice(0, 10))).toEqual(dates(read));
    expect(read.executions.every((e) => e.transactionStatus === 'ACSC')).toBe(true);
    expect(read.history.map((h) => h.transactionStatus)).toEqual(['RCVD', 'ACTC', 'ACSP', 'ACSC']);
    expect(before - (await balance(url))).toBe(4n * AMOUNT);

    // endDate stops it: nothing more, however far the clock goes.
    await advanceClockTo(url, '2027-09-01T00:00:00Z');
    expect(dates(await payment(url, id))).toHaveLength(4);
    expect(before - (await balance(url))).toBe(4n * AMOUNT);
    const token = await tpp.token();
    const status = await tpp.get(token, `/psd2/api/v1/periodic-payments/credit-transfers/${id}/status`);
    expect(status.json.transactionStatus).toBe('ACSC');
  });

  it('day 31 in a leap year: 31 January, then 29 February', async () => {
    const { url, tpp } = await start();
    const id = await standingOrder(tpp, {
      startDate: '2028-01-10T00:00:00Z',
      endDate: '2028-03-10T00:00:00Z',
      frequency: 'Monthly',
      dayOfExecution: '31',
    });
    await advanceClockTo(url, '2028-03-15T00:00:00Z');
    const read = await payment(url, id);
    expect(dates(read)).toEqual(['2028-01-31', '2028-02-29']);
    expect(read.transactionStatus).toBe('ACSC');
  });

  it('a date in Easter 2027 (Good Friday 26 March): following → Tuesday 30 March, preceding → Wednesday 24 March', async () => {
    const { url, tpp } = await start();
    const order = {
      startDate: '2027-03-20T00:00:00Z',
      endDate: '2027-04-10T00:00:00Z',
      frequency: 'Monthly',
      dayOfExecution: '26',
    };
    const following = await standingOrder(tpp, { ...order, executionRule: 'following' });
    const preceding = await standingOrder(tpp, { ...order, executionRule: 'preceding' });
    const byDefault = await standingOrder(tpp, order);

    // Before either date nothing has run.
    await advanceClockTo(url, '2027-03-23T12:00:00Z');
    expect(dates(await payment(url, preceding))).toEqual([]);

    await advanceClockTo(url, '2027-03-25T00:00:00Z');
    expect(dates(await payment(url, preceding))).toEqual(['2027-03-24']);
    expect(dates(await payment(url, following))).toEqual([]);

    // 25 (Skírdagur), 26 (Föstudagurinn langi), the weekend and 29 (Annar í páskum) are not business days.
    await advanceClockTo(url, '2027-04-12T00:00:00Z');
    expect(dates(await payment(url, following))).toEqual(['2027-03-30']);
    expect(dates(await payment(url, byDefault))).toEqual(['2027-03-30']);
    for (const id of [following, preceding, byDefault]) {
      expect((await payment(url, id)).transactionStatus).toBe('ACSC');
    }
  });

  it('weekly without endDate keeps going: one execution per week, still ACSP', async () => {
    const { url, tpp } = await start();
    const id = await standingOrder(tpp, {
      startDate: '2027-01-05T00:00:00Z',
      frequency: 'Weekly',
    });
    await advanceClockTo(url, '2027-02-03T00:00:00Z');
    const read = await payment(url, id);
    // Tuesdays from 5 January; none falls on a holiday.
    expect(dates(read)).toEqual(['2027-01-05', '2027-01-12', '2027-01-19', '2027-01-26', '2027-02-02']);
    expect(read.transactionStatus).toBe('ACSP');
  });

  it('without creditorAccount (spec 2.2: optional) is taken, then rejected once approved (RJCT, CH21): nothing is paid to no one', async () => {
    const { url, tpp } = await start();
    const before = await balance(url);
    const id = await standingOrder(tpp, {
      creditorAccount: undefined,
      startDate: '2027-01-05T00:00:00Z',
      frequency: 'Weekly',
    });
    await advanceClockTo(url, '2027-02-03T00:00:00Z');
    const read = await payment(url, id);
    expect(read.executions).toEqual([]);
    expect(read.transactionStatus).toBe('RJCT');
    expect(read.history.map((h) => h.transactionStatus)).toEqual(['RCVD', 'ACTC', 'RJCT']);
    expect(read.history.at(-1)?.reason).toMatch(/^CH21 /);
    expect(await balance(url)).toBe(before);
    const token = await tpp.token();
    const status = await tpp.get(token, `/psd2/api/v1/periodic-payments/credit-transfers/${id}/status`);
    expect(status.json.transactionStatus).toBe('RJCT');
  });
});
