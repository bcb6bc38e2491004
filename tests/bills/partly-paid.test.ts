import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, decideOnScaPages, JON_MAIN } from '@/sandbox/test/helpers';
import { BusinessClient } from '@/sandbox/test/webhooks-support';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';

// A claim that may be paid in part (IOBWS-Claims 3.1 claimDetails: isPartialPaymentAllowed) and was
// (isPartiallyPaid, with totalAmountDue what is left of its amount) is a bill that is still open: what is
// left is paid with one payment of its own, once. The payment that paid the first part, carried out at
// the bank, does not hold the bill any longer; a second payment of what is left is refused as any
// second payment of a bill.

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
  app = await startAppAtSandbox({ AUTH_SECRET: 'partly-paid-bills-secret-0123456789abcdef' });
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

let nextClaimNo = 800_000 + Math.floor(Math.random() * 90_000);

/** A new claim of Greiðsla ehf. on jon that may be paid in part, read by the app as the bills page reads it. */
async function newBill(amount: number) {
  const created = await business.call('POST', '/business/claims', {
    claimKey: { claimantId: GREIDSLA, account: `0159${'66'}${String(++nextClaimNo)}`, dueDate: '2026-12-01' },
    payorId: JON,
    templateCode: '001',
    amount,
    finalDueDate: '2026-12-11',
    expirationDate: '2030-12-11',
    currency: 'ISK',
    isPartialPaymentAllowed: true,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const claim = await getClaim(created.json.success.claimId as string);
  if (!claim) throw new Error('the new claim could not be read');
  await saveClaim(app.db, 'default', claim);
  return claim;
}

type Claim = Awaited<ReturnType<typeof newBill>>;

/** What the bill's pay form sends, of `amount`: less than is due with "This is a part payment of a bill" ticked. */
function payBill(claim: Claim, amount: string, { marked = true } = {}) {
  const part = marked && Number(amount) < Number(claim.totalAmountDue);
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

/** The payment approved by jon at the bank and carried out there, as the app then reads it. */
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

describe('a partly paid bill', () => {
  it('is read with its amount, what is left of it, and that part was paid', async () => {
    const claim = await newBill(12_000);
    const first = await payBill(claim, '5000');
    if (!first.ok) throw new Error(JSON.stringify(first));
    await approveAndSettle(first.paymentId);
    expect((await app.payment(first.paymentId)).transactionStatus).toMatch(/^AC(SC|CC)$/);

    const after = await getClaim(claim.claimId);
    expect(after).toMatchObject({
      claimStatus: 'Unpaid',
      isPartiallyPaid: true,
      amount: '12000',
      totalAmountDue: '7000',
    });
    if (after) await saveClaim(app.db, 'default', after);
    const [view] = (await billViews(app.db, payor, JON)).filter((bill) => bill.claimId === claim.claimId);
    expect(view).toMatchObject({
      status: 'Unpaid',
      partiallyPaid: true,
      amount: '12000',
      totalAmountDue: '7000',
      payable: true,
      // The payment of the first part is carried out: nothing of the bill is being paid now.
      paying: null,
    });
  });

  it('has what is left paid once: the first part’s payment, carried out, does not hold the bill, and a second payment of the rest is refused', async () => {
    const claim = await newBill(12_000);
    const first = await payBill(claim, '5000');
    if (!first.ok) throw new Error(JSON.stringify(first));
    // While the first part is being paid, nothing more of the bill is.
    expect(await payBill(claim, '7000')).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
    await approveAndSettle(first.paymentId);
    const after = await getClaim(claim.claimId);
    if (!after) throw new Error('the claim could not be read again');
    await saveClaim(app.db, 'default', after);

    const rest = await payBill(after, '7000');
    expect(rest).toMatchObject({ ok: true });
    expect(await payBill(after, '7000')).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
    expect(await billPayments(claim.claimId)).toHaveLength(2);

    if (!rest.ok) throw new Error(JSON.stringify(rest));
    await approveAndSettle(rest.paymentId);
    const paid = await getClaim(claim.claimId);
    expect(paid).toMatchObject({ claimStatus: 'Paid', totalAmountDue: '0' });
    if (paid) await saveClaim(app.db, 'default', paid);
    expect(await payBill(after, '7000')).toEqual({ ok: false, messageKey: 'payment.bill.alreadyPaid' });
  });

  it('refuses a payment of part of the bill not marked as one, which the bank would book as a plain transfer, leaving the bill unpaid and held by it', async () => {
    const claim = await newBill(12_000);
    const unmarked = await payBill(claim, '5000', { marked: false });
    expect(unmarked).toEqual({ ok: false, messageKey: 'payment.bill.partNotMarked' });
    expect(await billPayments(claim.claimId)).toHaveLength(0);
    // Marked as a part payment, it is sent.
    expect(await payBill(claim, '5000')).toMatchObject({ ok: true });
  });
});
