import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim } from '@/lib/bank/claims';
import { type BillsAtSandbox, JON, startBillsAtSandbox } from './support';

// A claim that may be paid in part (IOBWS-Claims 3.1 claimDetails: isPartialPaymentAllowed) and was
// (isPartiallyPaid, with totalAmountDue what is left of its amount) is a bill that is still open: what is
// left is paid with one payment of its own, once. The payment that paid the first part, carried out at
// the bank, does not hold the bill any longer; a second payment of what is left is refused as any
// second payment of a bill.

let bills: BillsAtSandbox;
let getClaim: typeof import('@/lib/bank/claims').getClaim;
let saveClaim: typeof import('@/lib/db/queries/bills').saveClaim;
let billViews: typeof import('@/lib/bills/view').billViews;

beforeAll(async () => {
  bills = await startBillsAtSandbox('partly-paid-bills-secret-0123456789abcdef');
  ({ getClaim } = await import('@/lib/bank/claims'));
  ({ saveClaim } = await import('@/lib/db/queries/bills'));
  ({ billViews } = await import('@/lib/bills/view'));
});

afterAll(async () => {
  await bills?.app.close();
});

/** A new claim of Greiðsla ehf. on jon that may be paid in part, read by the app as the bills page reads it. */
const newBill = (amount: number) => bills.newBill(amount, { partial: true });

/** What the bill's pay form sends, of `amount`: less than is due with "This is a part payment of a bill" ticked. */
function payBill(claim: Claim, amount: string, { marked = true } = {}) {
  const part = marked && Number(amount) < Number(claim.totalAmountDue);
  return bills.app.initiation.initiateOnce(bills.billForm(claim, { amount, partialPayment: part }));
}

describe('a partly paid bill', () => {
  it('is read with its amount, what is left of it, and that part was paid', async () => {
    const claim = await newBill(12_000);
    const first = await payBill(claim, '5000');
    if (!first.ok) throw new Error(JSON.stringify(first));
    await bills.approveAndSettle(first.paymentId);
    expect((await bills.app.payment(first.paymentId)).transactionStatus).toMatch(/^AC(SC|CC)$/);

    const after = await getClaim(claim.claimId);
    expect(after).toMatchObject({
      claimStatus: 'Unpaid',
      isPartiallyPaid: true,
      amount: '12000',
      totalAmountDue: '7000',
    });
    if (after && after !== 'unreadable') await saveClaim(bills.app.db, 'default', after);
    const [view] = (await billViews(bills.app.db, bills.payor, JON)).filter(
      (bill) => bill.claimId === claim.claimId,
    );
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
    await bills.approveAndSettle(first.paymentId);
    const after = await getClaim(claim.claimId);
    if (!after || after === 'unreadable') throw new Error('the claim could not be read again');
    await saveClaim(bills.app.db, 'default', after);

    const rest = await payBill(after, '7000');
    expect(rest).toMatchObject({ ok: true });
    expect(await payBill(after, '7000')).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
    expect(await bills.billPayments(claim.claimId)).toHaveLength(2);

    if (!rest.ok) throw new Error(JSON.stringify(rest));
    await bills.approveAndSettle(rest.paymentId);
    const paid = await getClaim(claim.claimId);
    expect(paid).toMatchObject({ claimStatus: 'Paid', totalAmountDue: '0' });
    if (paid && paid !== 'unreadable') await saveClaim(bills.app.db, 'default', paid);
    expect(await payBill(after, '7000')).toEqual({ ok: false, messageKey: 'payment.bill.alreadyPaid' });
  });

  it('refuses a payment of part of the bill not marked as one, which the bank would book as a plain transfer, leaving the bill unpaid and held by it', async () => {
    const claim = await newBill(12_000);
    const unmarked = await payBill(claim, '5000', { marked: false });
    expect(unmarked).toEqual({ ok: false, messageKey: 'payment.bill.partNotMarked' });
    expect(await bills.billPayments(claim.claimId)).toHaveLength(0);
    // Marked as a part payment, it is sent.
    expect(await payBill(claim, '5000')).toMatchObject({ ok: true });
  });
});
