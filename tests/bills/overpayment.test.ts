import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JON_MAIN } from '@/sandbox/test/helpers';
import { type BillsAtSandbox, startBillsAtSandbox } from './support';

// A bill is never paid over what is due on it. A PSU who types more than the bill says is due is refused before
// anything reaches the bank; where the app's reading is out of date (the claimant lowered the bill after the PSU
// opened it), the bank refuses the amount (docs/sandbox-extras.md), nothing is paid, and the PSU is told beside
// the amount why it may have been refused.

let bills: BillsAtSandbox;

beforeAll(async () => {
  bills = await startBillsAtSandbox('overpayment-bills-secret-0123456789abcdef');
});

afterAll(async () => {
  await bills?.app.close();
});

async function balanceOf(iban: string) {
  const response = await fetch(`${bills.app.sandbox.url}/sandbox/accounts`);
  const { accounts } = (await response.json()) as { accounts: Array<{ iban: string; balance: string }> };
  return Number(accounts.find((account) => account.iban === iban)?.balance);
}

describe('a payment of more than is due on a bill', () => {
  it('is refused before it reaches the bank when the PSU types more than the bill says is due', async () => {
    const claim = await bills.newBill(12_000);
    const typed = await bills.app.initiation.initiateOnce(bills.billForm(claim, { amount: '120000' }));
    expect(typed).toEqual({ ok: false, messageKey: 'payment.bill.aboveDue' });
    expect(await bills.billPayments(claim.claimId)).toHaveLength(0);
  });

  it('is refused by the bank when the claimant lowered the bill after the app read it: nothing is paid, and the PSU is told beside the amount', async () => {
    const claim = await bills.newBill(12_000);
    const lowered = await bills.business.call(
      'PATCH',
      `/business/claims/${encodeURIComponent(claim.claimId)}`,
      {
        amount: 8000,
      },
    );
    expect(lowered.status, JSON.stringify(lowered.json)).toBe(201);
    const before = await balanceOf(JON_MAIN);

    const outcome = await bills.app.initiation.initiateOnce(bills.billForm(claim, { amount: '12000' }));
    expect(outcome).toMatchObject({
      ok: false,
      messageKey: 'bank.refusedFields',
      fieldErrors: { 'payment.instructedAmount.amount': ['forms.bankRefusal.amountNotTaken'] },
    });
    const [payment] = await bills.billPayments(claim.claimId);
    expect(payment?.phase).toBe('refused');
    expect(await balanceOf(JON_MAIN)).toBe(before);
    expect(await bills.readBill(claim.claimId)).toMatchObject({
      claimStatus: 'Unpaid',
      totalAmountDue: '8000',
    });
  });
});
