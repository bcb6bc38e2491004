import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim } from '@/lib/bank/claims';
import { type BillsAtSandbox, JON, startBillsAtSandbox } from './support';

// What is due on a bill may change while its payment is at the bank: the claimant adds costs (here, a new
// amount), or a bank reads the claim differently from one read to the next. A payment of the bill that can still
// succeed and is not yet carried out holds the bill whatever is due on it now: a second payment, of the new amount,
// is refused, or both would be carried out and the payor charged twice for one bill. Only a payment of part of the
// bill, carried out, after which the bank says less is due, leaves room for a payment of the rest.

let bills: BillsAtSandbox;
let billViews: typeof import('@/lib/bills/view').billViews;

beforeAll(async () => {
  bills = await startBillsAtSandbox('amount-due-changes-secret-0123456789abcdef');
  ({ billViews } = await import('@/lib/bills/view'));
});

afterAll(async () => {
  await bills?.app.close();
});

const newBill = (amount: number, partial: boolean) => bills.newBill(amount, { partial });

/** What the bill's pay form sends (a form of its own each time), of `amount`; part of the bill where less is due. */
function payBill(claim: Claim, amount: string) {
  const part = Number(amount) < Number(claim.totalAmountDue);
  return bills.app.initiation.initiateOnce(bills.billForm(claim, { amount, partialPayment: part }));
}

async function viewOf(claimId: string) {
  return (await billViews(bills.app.db, bills.payor, JON)).find((bill) => bill.claimId === claimId);
}

/** The claimant changes what is due (costs added to the bill), and the app reads the bill again. */
async function costsAdded(claim: Claim, amount: number) {
  const changed = await bills.business.call(
    'PATCH',
    `/business/claims/${encodeURIComponent(claim.claimId)}`,
    {
      amount,
    },
  );
  expect(changed.status, JSON.stringify(changed.json)).toBe(201);
  const after = await bills.readBill(claim.claimId);
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
    expect(await bills.billPayments(claim.claimId)).toHaveLength(1);
    expect((await viewOf(claim.claimId))?.paying).toEqual({ paymentId: first.paymentId });
  });

  it('refuses a payment of the rest while a part payment awaits the PSU and costs are added meanwhile', async () => {
    const claim = await newBill(12_000, true);
    const part = await payBill(claim, '5000');
    if (!part.ok) throw new Error(JSON.stringify(part));
    const after = await costsAdded(claim, 12_500);

    expect(await payBill(after, '12500')).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
    expect(await payBill(after, '7500')).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
    expect(await bills.billPayments(claim.claimId)).toHaveLength(1);

    // Once the part is carried out and the bank says less is due, what is left is paid once.
    await bills.approveAndSettle(part.paymentId);
    const rest = await bills.readBill(claim.claimId);
    expect(rest).toMatchObject({ totalAmountDue: '7500', isPartiallyPaid: true });
    expect(await payBill(rest, '7500')).toMatchObject({ ok: true });
    expect(await payBill(rest, '7500')).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
  });
});
