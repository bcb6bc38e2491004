/**
 * A transfer executed to an account at this bank credits it, once: a standing order on each execution date, each
 * booked element of a bulk. Debit and credit are one step of the bank's scheduler, taken once however often the
 * scheduler passes, across a restart, and when a step for an execution date is met twice. A standing order (as a
 * single payment does) pays a claim named by its deposit account and the claim id as reference.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/db.js';
import { scheduleTransition } from '../src/pis/approval.js';
import type { RunningSandbox } from '../src/server.js';
import { sandboxDataDir } from '../src/testing.js';
import {
  ANNA_MAIN,
  advanceClock,
  advanceClockTo,
  CREDITOR,
  decideOnScaPages,
  initiateStraightThrough,
  JON_MAIN,
  startTestSandbox,
  TestTpp,
} from './helpers.js';
import { BusinessClient } from './webhooks-support.js';

const BOKHALD = 'IS950515260012346403164039';
const CLAIM_ACCOUNT = 'IS260159260020245501692829';
const GREIDSLA = '5501692829';
const JON = '0101302989';
// A code of this bank's accounts (0159) without such an account here: a bulk element to it is rejected (AC03).
const UNKNOWN_HERE = 'IS980159269999990101302989';

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function balances(url: string): Promise<Map<string, number>> {
  const { accounts } = (await fetch(`${url}/sandbox/accounts`).then((r) => r.json())) as {
    accounts: Array<{ iban: string; balance: string }>;
  };
  return new Map(accounts.map((a) => [a.iban, Number(a.balance)]));
}

/** How each of `ibans` moved from `before`. */
async function moved(url: string, before: Map<string, number>, ibans: string[]): Promise<number[]> {
  const now = await balances(url);
  return ibans.map((iban) => (now.get(iban) ?? 0) - (before.get(iban) ?? 0));
}

interface AdminPayment {
  paymentId: string;
  transactionStatus: string;
  executions: Array<{ executionDate: string; transactionStatus: string }>;
}

async function adminPayment(url: string, paymentId: string): Promise<AdminPayment> {
  const all = (await fetch(`${url}/sandbox/payments`).then((r) => r.json())) as { payments: AdminPayment[] };
  const found = all.payments.find((p) => p.paymentId === paymentId);
  if (!found) throw new Error(`no payment ${paymentId}`);
  return found;
}

/** Initiates from Bókhaldskerfi ehf. (IOBWS straight-through: one PUT authorises); returns the payment id. */
const fromBokhald = (url: string, service: string, body: Record<string, unknown>) =>
  initiateStraightThrough(new TestTpp(url), service, { debtorAccount: { iban: BOKHALD }, ...body });

describe('transfers to an account at this bank credit it, once', () => {
  it('a standing order credits the creditor on each execution: once across passes, a restart and a step met twice', {
    timeout: 120_000,
  }, async () => {
    const dataDir = await sandboxDataDir();
    sandbox = await startTestSandbox({ dataDir });
    const url = sandbox.url;
    const before = await balances(url);
    const id = await fromBokhald(url, 'periodic-payments', {
      creditorAccount: { iban: ANNA_MAIN },
      instructedAmount: { currency: 'ISK', amount: '2500' },
      remittanceInformationUnstructured: 'Vasapeningar',
      startDate: '2027-01-05T00:00:00Z',
      frequency: 'Weekly',
    });
    // Tuesdays 5, 12 and 19 January.
    await advanceClockTo(url, '2027-01-20T00:00:00Z');
    expect((await adminPayment(url, id)).executions).toHaveLength(3);
    expect(await moved(url, before, [BOKHALD, ANNA_MAIN])).toEqual([-7500, 7500]);
    // More passes of the scheduler with nothing due change nothing.
    await advanceClock(url, 60);
    expect(await moved(url, before, [BOKHALD, ANNA_MAIN])).toEqual([-7500, 7500]);

    // Stopped, a step for 12 January (already executed) is found again, as a second scheduler of it would leave it.
    await sandbox.close();
    sandbox = undefined;
    const db = await openPglite({ dataDir });
    await scheduleTransition(db, id, 'PERIODIC_EXECUTE', Date.parse('2027-01-12T00:00:00Z'), {
      index: 1,
      date: '2027-01-12',
    });
    await db.close();
    sandbox = await startTestSandbox({ dataDir });
    await advanceClock(sandbox.url, 60);
    const read = await adminPayment(sandbox.url, id);
    expect(read.executions.map((e) => e.executionDate)).toEqual(['2027-01-05', '2027-01-12', '2027-01-19']);
    expect(await moved(sandbox.url, before, [BOKHALD, ANNA_MAIN])).toEqual([-7500, 7500]);

    // The order goes on after the restart: 26 January, once.
    await advanceClockTo(sandbox.url, '2027-01-27T00:00:00Z');
    expect((await adminPayment(sandbox.url, id)).executions).toHaveLength(4);
    expect(await moved(sandbox.url, before, [BOKHALD, ANNA_MAIN])).toEqual([-10000, 10000]);
  });

  it('a bulk credits each element to an account here, booked whole (ACSC) or in part (PART)', async () => {
    sandbox = await startTestSandbox();
    const url = sandbox.url;
    const before = await balances(url);
    const whole = await fromBokhald(url, 'bulk-payments', {
      paymentInformationId: `credits-${Date.now()}`,
      payments: [
        { creditorAccount: { iban: ANNA_MAIN }, instructedAmount: { currency: 'ISK', amount: '1000' } },
        { creditorAccount: { iban: CREDITOR }, instructedAmount: { currency: 'ISK', amount: '2000' } },
        {
          creditorAccount: { bban: JON_MAIN.slice(4) },
          instructedAmount: { currency: 'ISK', amount: '3000' },
        },
      ],
    });
    const part = await fromBokhald(url, 'bulk-payments', {
      paymentInformationId: `credits-part-${Date.now()}`,
      payments: [
        { creditorAccount: { iban: UNKNOWN_HERE }, instructedAmount: { currency: 'ISK', amount: '400' } },
        { creditorAccount: { iban: ANNA_MAIN }, instructedAmount: { currency: 'ISK', amount: '500' } },
      ],
    });
    await advanceClock(url, 600);
    await advanceClock(url, 600);
    expect((await adminPayment(url, whole)).transactionStatus).toMatch(/^AC(SC|CC)$/);
    expect((await adminPayment(url, part)).transactionStatus).toBe('PART');
    expect(await moved(url, before, [BOKHALD, ANNA_MAIN, JON_MAIN])).toEqual([-6500, 1500, 3000]);
    await advanceClock(url, 600);
    expect(await moved(url, before, [BOKHALD, ANNA_MAIN, JON_MAIN])).toEqual([-6500, 1500, 3000]);
  });

  it("a standing order to a claim's deposit account with its claim id as reference pays the claim on its first execution", async () => {
    sandbox = await startTestSandbox();
    const url = sandbox.url;
    const business = await BusinessClient.signIn(url);
    const created = await business.call('POST', '/business/claims', {
      claimKey: { claimantId: GREIDSLA, account: '015966700001', dueDate: '2027-01-10' },
      payorId: JON,
      templateCode: '001',
      amount: 4200,
      finalDueDate: '2027-01-20',
      currency: 'ISK',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const claimId = created.json.success.claimId as string;
    const before = await balances(url);

    const tpp = new TestTpp(url);
    const token = await tpp.token();
    const response = await tpp.initiate(
      token,
      {
        debtorAccount: { iban: JON_MAIN },
        creditorAccount: { iban: CLAIM_ACCOUNT },
        instructedAmount: { currency: 'ISK', amount: '4200' },
        remittanceInformationStructured: claimId,
        startDate: '2027-01-05T00:00:00Z',
        frequency: 'Weekly',
        endDate: '2027-01-14T00:00:00Z',
      },
      { service: 'periodic-payments' },
    );
    expect(response.status, JSON.stringify(response.json)).toBe(201);
    const scaRedirect = (response.json._links as Record<string, { href: string }>).scaRedirect?.href ?? '';
    expect((await decideOnScaPages(scaRedirect)).status).toBe(303);
    const paymentId = response.json.paymentId as string;

    await advanceClockTo(url, '2027-01-06T00:00:00Z');
    expect((await adminPayment(url, paymentId)).executions).toHaveLength(1);
    expect((await business.call('GET', `/business/claims/${claimId}`)).json).toMatchObject({
      claimStatus: 'Paid',
      totalAmountDue: 0,
    });
    const paid = (await business.call('GET', `/business/claims/${claimId}/transactions`)).json;
    expect(paid).toEqual([expect.objectContaining({ paymentId, elementIndex: 0, amount: 4200 })]);
    expect(await moved(url, before, [JON_MAIN, CLAIM_ACCOUNT])).toEqual([-4200, 4200]);

    // The second execution is a transfer to the deposit account: credited, the claim not paid twice.
    await advanceClockTo(url, '2027-01-15T00:00:00Z');
    expect((await adminPayment(url, paymentId)).executions).toHaveLength(2);
    expect((await business.call('GET', `/business/claims/${claimId}/transactions`)).json).toHaveLength(1);
    expect(await moved(url, before, [JON_MAIN, CLAIM_ACCOUNT])).toEqual([-8400, 8400]);
  });
});
