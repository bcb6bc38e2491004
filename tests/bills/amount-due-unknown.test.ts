import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim } from '@/lib/bank/claims';
import { type BillsAtSandbox, JON, startBillsAtSandbox } from './support';

// IOBWS-Claims 3.1 makes a claim's totalAmountDue optional. A bank that omits it for a claim part of which was paid
// (isPartiallyPaid) has not said what is left: the bill is never taken to owe its whole amount again, which a
// payment would pay twice over. The PSU is told the bank did not say what is left; a payment of the whole amount, or
// of any amount not marked as a part payment, is refused before it reaches the bank; a part payment of less than
// the bill's amount is sent, and the bill is paid once at a time as any other.

let bills: BillsAtSandbox;
let billViews: typeof import('@/lib/bills/view').billViews;

beforeAll(async () => {
  bills = await startBillsAtSandbox('amount-due-unknown-secret-0123456789abcdef');
  ({ billViews } = await import('@/lib/bills/view'));
});

afterAll(async () => {
  await bills?.app.close();
});

/** A claim as a bank that omits the optional totalAmountDue sends it. */
function withoutAmountDue(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutAmountDue);
  const { totalAmountDue: _omitted, ...claim } = body as Record<string, unknown>;
  return claim;
}

/** The bank's answers leave out totalAmountDue: the next read of this claim, and the payor's lists until `reset`. */
function bankOmitsAmountDue(claimId: string) {
  bills.app.proxy.reset();
  bills.app.proxy.reshapeNext(
    'GET',
    new RegExp(`^/business/claims/${encodeURIComponent(claimId)}$`),
    withoutAmountDue,
  );
  for (let i = 0; i < 5; i++) bills.app.proxy.reshapeNext('GET', /^\/business\/claims\?/, withoutAmountDue);
}

const pay = (claim: Claim, amount: string, partialPayment = false) =>
  bills.app.initiation.initiateOnce(bills.billForm(claim, { amount, partialPayment }));

/** A bill of 12 000 that may be paid in part, 5 000 of it paid and carried out, read from a bank that omits what is due. */
async function partlyPaidWithoutAmountDue() {
  const claim = await bills.newBill(12_000, { partial: true });
  const first = await pay(claim, '5000', true);
  if (!first.ok) throw new Error(JSON.stringify(first));
  await bills.approveAndSettle(first.paymentId);
  bankOmitsAmountDue(claim.claimId);
  return bills.readBill(claim.claimId);
}

describe('a partly paid bill whose bank does not say what is left', () => {
  it('is read as owing an amount not known, never its whole amount, and shown so', async () => {
    const claim = await partlyPaidWithoutAmountDue();
    expect(claim).toMatchObject({
      claimStatus: 'Unpaid',
      isPartiallyPaid: true,
      amount: '12000',
      totalAmountDue: null,
    });
    const [view] = (await billViews(bills.app.db, bills.payor, JON)).filter(
      (bill) => bill.claimId === claim.claimId,
    );
    expect(view).toMatchObject({ partiallyPaid: true, totalAmountDue: null, payable: true, paying: null });
  });

  it('refuses before the bank a payment of the whole amount, or one not marked as a part payment', async () => {
    const claim = await partlyPaidWithoutAmountDue();
    const refused = { ok: false, messageKey: 'payment.bill.amountDueUnknown' };
    expect(await pay(claim, '12000')).toEqual(refused);
    expect(await pay(claim, '12000', true)).toEqual(refused);
    expect(await pay(claim, '7000')).toEqual(refused);
    expect(await bills.billPayments(claim.claimId)).toHaveLength(1);
  });

  it('refuses before the bank a part payment of more than the amount less the payor’s own carried out', async () => {
    // 5 000 of 12 000 paid by the payor: at most 7 000 is left, whoever else paid.
    const claim = await partlyPaidWithoutAmountDue();
    const refused = { ok: false, messageKey: 'payment.bill.aboveLeftAtMost' };
    expect(await pay(claim, '11000', true)).toEqual(refused);
    expect(await pay(claim, '7001', true)).toEqual(refused);
    expect(await bills.billPayments(claim.claimId)).toHaveLength(1);
    expect(await pay(claim, '7000', true)).toMatchObject({ ok: true });
  });

  it('sends a part payment of less than the amount, once: a second is refused while the first can still succeed', async () => {
    const claim = await partlyPaidWithoutAmountDue();
    const part = await pay(claim, '4000', true);
    expect(part).toMatchObject({ ok: true });
    expect(await pay(claim, '3000', true)).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
    if (!part.ok) throw new Error(JSON.stringify(part));
    await bills.approveAndSettle(part.paymentId);
    bills.app.proxy.reset();
    // The bank says what is left now: 12 000 less 5 000 and 4 000.
    expect(await bills.readBill(claim.claimId)).toMatchObject({
      totalAmountDue: '3000',
      isPartiallyPaid: true,
    });
  });
});
