import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, decideOnScaPages, JON_MAIN } from '@/sandbox/test/helpers';
import { BusinessClient } from '@/sandbox/test/webhooks-support';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';

// What is due on a bill may change while its payment is at the bank: the claimant adds costs (here, a new
// amount), or a bank reads the claim differently from one read to the next. A payment of the bill that can still
// succeed and is not yet carried out holds the bill whatever is due on it now: a second payment, of the new amount,
// is refused, or both would be carried out and the payor charged twice for one bill. Only a payment of part of the
// bill, carried out, after which the bank says less is due, leaves room for a payment of the rest.

const JON = '0101302989';
const GREIDSLA = '5501692829';

let app: AppAtSandbox;
let business: BusinessClient;
let saveClaim: typeof import('@/lib/db/queries/bills').saveClaim;
let getClaim: typeof import('@/lib/bank/claims').getClaim;
let readOwnPaymentFromBank: typeof import('@/lib/payments/sync').readOwnPaymentFromBank;
let billViews: typeof import('@/lib/bills/view').billViews;
let payor: string;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'amount-due-changes-secret-0123456789abcdef' });
  business = await BusinessClient.signIn(app.sandbox.url);
  ({ saveClaim } = await import('@/lib/db/queries/bills'));
  ({ getClaim } = await import('@/lib/bank/claims'));
  ({ readOwnPaymentFromBank } = await import('@/lib/payments/sync'));
  ({ billViews } = await import('@/lib/bills/view'));
  const [demo] = await app.db
    .select()
    .from(app.schema.psus)
    .where(eq(app.schema.psus.email, 'demo@greidsla.is'));
  payor = demo?.id ?? '';
});

afterAll(async () => {
  await app?.close();
});

let nextClaimNo = 700_000 + Math.floor(Math.random() * 90_000);

async function newBill(amount: number, partial: boolean) {
  const created = await business.call('POST', '/business/claims', {
    claimKey: { claimantId: GREIDSLA, account: `0159${'66'}${String(++nextClaimNo)}`, dueDate: '2026-12-01' },
    payorId: JON,
    templateCode: '001',
    amount,
    finalDueDate: '2026-12-11',
    expirationDate: '2030-12-11',
    currency: 'ISK',
    isPartialPaymentAllowed: partial,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return readBillAgain(created.json.success.claimId as string);
}

/** The claim as the bills page reads it now. */
async function readBillAgain(claimId: string) {
  const claim = await getClaim(claimId);
  if (!claim) throw new Error('the claim could not be read');
  await saveClaim(app.db, 'default', claim);
  return claim;
}

type Claim = Awaited<ReturnType<typeof newBill>>;

/** What the bill's pay form sends (a form of its own each time), of `amount`; part of the bill where less is due. */
function payBill(claim: Claim, amount: string) {
  const part = Number(amount) < Number(claim.totalAmountDue);
  return app.initiation.initiateOnce({
    psuId: payor,
    submissionId: randomUUID(),
    service: 'payments',
    product: 'credit-transfers',
    body: {
      debtorAccount: { iban: JON_MAIN },
      creditorAccount: { iban: claim.depositAccount.iban },
      creditorName: claim.claimantName,
      instructedAmount: { currency: claim.currency, amount },
      remittanceInformationUnstructured: claim.claimId,
      ...(part ? { partialPayment: true } : {}),
    },
    scaLanguage: 'en',
    uiLocale: 'en',
    summary: {
      amount,
      currency: claim.currency,
      creditorName: claim.claimantName,
      creditorAccount: claim.depositAccount.iban,
      reference: claim.claimId,
    },
    psuIpAddress: '10.20.30.40',
  });
}

async function approveAndSettle(paymentId: string) {
  const { scaRedirect } = await app.payment(paymentId);
  await decideOnScaPages(scaRedirect ?? '');
  await advanceClock(app.sandbox.url, 60);
  await advanceClock(app.sandbox.url, 60);
  await readOwnPaymentFromBank(app.db, payor, paymentId, '10.20.30.40');
}

async function billPayments(claimId: string) {
  return app.db
    .select()
    .from(app.schema.payments)
    .where(and(eq(app.schema.payments.psuId, payor), eq(app.schema.payments.billClaimId, claimId)));
}

async function viewOf(claimId: string) {
  return (await billViews(app.db, payor, JON)).find((bill) => bill.claimId === claimId);
}

/** The claimant changes what is due (costs added to the bill), and the app reads the bill again. */
async function costsAdded(claim: Claim, amount: number) {
  const changed = await business.call('PATCH', `/business/claims/${encodeURIComponent(claim.claimId)}`, {
    amount,
  });
  expect(changed.status, JSON.stringify(changed.json)).toBe(201);
  const after = await readBillAgain(claim.claimId);
  expect(after.totalAmountDue).toBe(String(amount));
  return after;
}

describe('a bill whose amount due changes while its payment is at the bank', () => {
  it('refuses a second payment of the new amount while the first, of the old, awaits the PSU', async () => {
    const claim = await newBill(12_000, false);
    const first = await payBill(claim, '12000');
    if (!first.ok) throw new Error(JSON.stringify(first));
    const after = await costsAdded(claim, 12_500);

    expect(await payBill(after, '12500')).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
    expect(await billPayments(claim.claimId)).toHaveLength(1);
    expect((await viewOf(claim.claimId))?.paying).toEqual({ paymentId: first.paymentId });
  });

  it('refuses a payment of the rest while a part payment awaits the PSU and costs are added meanwhile', async () => {
    const claim = await newBill(12_000, true);
    const part = await payBill(claim, '5000');
    if (!part.ok) throw new Error(JSON.stringify(part));
    const after = await costsAdded(claim, 12_500);

    expect(await payBill(after, '12500')).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
    expect(await payBill(after, '7500')).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
    expect(await billPayments(claim.claimId)).toHaveLength(1);

    // Once the part is carried out and the bank says less is due, what is left is paid once.
    await approveAndSettle(part.paymentId);
    const rest = await readBillAgain(claim.claimId);
    expect(rest).toMatchObject({ totalAmountDue: '7500', isPartiallyPaid: true });
    expect(await payBill(rest, '7500')).toMatchObject({ ok: true });
    expect(await payBill(rest, '7500')).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
  });
});
