import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../src/server.js';
import { advanceClock, CREDITOR, decideOnScaPages, JON_MAIN, startTestSandbox, TestTpp } from './helpers.js';
import { BusinessClient } from './webhooks-support.js';

// A claim is never paid over what is due on it (docs/sandbox-extras.md, "Choices"): a payment of more is refused at
// initiation (400 FORMAT_ERROR at its amount), and one that was not more when it was initiated but is by
// the time it would be booked (another payment of the claim booked first) is rejected, nothing debited.

const CLAIM_ACCOUNT = 'IS260159260020245501692829';
const JON = '0101302989';
const GREIDSLA = '5501692829';

let sandbox: RunningSandbox;
let business: BusinessClient;
let tpp: TestTpp;
let tppToken: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  business = await BusinessClient.signIn(sandbox.url);
  tpp = new TestTpp(sandbox.url);
  tppToken = await tpp.token();
});
afterAll(async () => {
  await sandbox.close();
});

let nextClaimNo = 600_000 + Math.floor(Math.random() * 100_000);

async function newClaim(amount: number, partial = false) {
  const claimNo = String(++nextClaimNo).padStart(6, '0');
  const created = await business.call('POST', '/business/claims', {
    claimKey: { claimantId: GREIDSLA, account: `015966${claimNo}`, dueDate: '2026-12-01' },
    payorId: JON,
    templateCode: '001',
    amount,
    finalDueDate: '2026-12-11',
    currency: 'ISK',
    isPartialPaymentAllowed: partial,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json.success.claimId as string;
}

const readClaim = async (claimId: string) => (await business.call('GET', `/business/claims/${claimId}`)).json;

function claimPayment(claimId: string, amount: string, extra: Record<string, unknown> = {}) {
  return {
    debtorAccount: { iban: JON_MAIN },
    creditorAccount: { iban: CLAIM_ACCOUNT },
    creditorName: 'Greiðsla ehf.',
    instructedAmount: { currency: 'ISK', amount },
    remittanceInformationUnstructured: claimId,
    ...extra,
  };
}

async function balanceOf(iban: string) {
  const { accounts } = (await (await fetch(`${sandbox.url}/sandbox/accounts`)).json()) as {
    accounts: Array<{ iban: string; balance: string }>;
  };
  return Number(accounts.find((account) => account.iban === iban)?.balance);
}

describe('a payment of more than is due on a claim', () => {
  it('is refused at initiation, by deposit account or by claim key, single or in a bulk', async () => {
    const claimId = await newClaim(5000);
    const single = await tpp.initiate(tppToken, claimPayment(claimId, '5001'));
    expect(single.status, JSON.stringify(single.json)).toBe(400);
    expect(single.json.tppMessages?.[0]).toMatchObject({
      category: 'ERROR',
      code: 'FORMAT_ERROR',
      path: 'instructedAmount.amount',
    });
    expect(single.json.tppMessages?.[0]?.text).toContain('5000');
    const byKey = await tpp.initiate(
      tppToken,
      claimPayment(claimId, '6000', {
        creditorAccount: { bban: `${GREIDSLA}015966${claimId.slice(16, 22)}011226` },
        remittanceInformationUnstructured: undefined,
      }),
    );
    expect(byKey.status, JSON.stringify(byKey.json)).toBe(400);
    expect(byKey.json.tppMessages?.[0]).toMatchObject({ code: 'FORMAT_ERROR' });
    const inBulk = await tpp.initiate(
      tppToken,
      {
        paymentInformationId: `claim-over-${Date.now()}`,
        debtorAccount: { iban: JON_MAIN },
        payments: [
          { creditorAccount: { iban: CREDITOR }, instructedAmount: { currency: 'ISK', amount: '100' } },
          {
            creditorAccount: { iban: CLAIM_ACCOUNT },
            instructedAmount: { currency: 'ISK', amount: '9000' },
            remittanceInformationUnstructured: claimId,
          },
        ],
      },
      { service: 'bulk-payments' },
    );
    expect(inBulk.status, JSON.stringify(inBulk.json)).toBe(400);
    expect(inBulk.json.tppMessages?.[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'payments[1].instructedAmount.amount',
    });
    // What is due, and less where the claim may be paid in part, are taken.
    expect((await tpp.initiate(tppToken, claimPayment(claimId, '5000'))).status).toBe(201);
    expect(await readClaim(claimId)).toMatchObject({ claimStatus: 'Unpaid', totalAmountDue: 5000 });
  });

  it('is rejected before it is booked when another payment of the claim was booked first, nothing debited', async () => {
    const claimId = await newClaim(12_000, true);
    const before = await balanceOf(JON_MAIN);
    const ids: string[] = [];
    // Each of 8 000 is less than the 12 000 due when it is initiated; together they are more.
    for (let i = 0; i < 2; i++) {
      const response = await tpp.initiate(tppToken, claimPayment(claimId, '8000', { partialPayment: true }));
      expect(response.status, JSON.stringify(response.json)).toBe(201);
      const scaRedirect = (response.json._links as Record<string, { href: string }>).scaRedirect?.href ?? '';
      expect((await decideOnScaPages(scaRedirect)).status).toBe(303);
      ids.push(response.json.paymentId as string);
    }
    await advanceClock(sandbox.url, 60);
    await advanceClock(sandbox.url, 60);
    const statuses = await tpp.statusesOf(tppToken, ids);
    expect(statuses.filter((status) => /^AC(SC|CC)$/.test(status))).toHaveLength(1);
    expect(statuses.filter((status) => status === 'RJCT')).toHaveLength(1);
    expect(await readClaim(claimId)).toMatchObject({
      claimStatus: 'Unpaid',
      isPartiallyPaid: true,
      totalAmountDue: 4000,
    });
    expect(await balanceOf(JON_MAIN)).toBe(before - 8000);
  });
});
