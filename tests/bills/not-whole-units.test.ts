import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsAtSandbox, startBillsAtSandbox } from './support';

// ISK has no minor unit (ISO 4217) and the payment forms take no decimals in it: a bill in krónur whose amount the bank
// gives with decimals cannot be paid here. It is listed as the bank gives it, with no Pay, and the action refuses a
// payment of it in words, never with a generic error.

let bills: BillsAtSandbox;

/**
 * A claim of the sandbox bank kept as a bank would give it in krónur with decimals (the sandbox refuses to issue one):
 * the bank's claim, its amounts `amount`.
 */
async function billWithDecimals(whole: number, amount: string) {
  const claim = await bills.newClaim(whole);
  const { saveClaim } = await import('@/lib/db/queries/bills');
  const decimal = { ...claim, amount, totalAmountDue: amount };
  await saveClaim(bills.app.db, 'default', decimal);
  return decimal;
}

beforeAll(async () => {
  bills = await startBillsAtSandbox('not-whole-units-secret-0123456789abcdef');
});

afterAll(async () => {
  await bills?.app.close();
});

describe('an ISK bill whose amount has decimals', () => {
  it('is listed with its amount as the bank gives it and not offered for paying, with the reason', async () => {
    const claim = await billWithDecimals(1500, '1500.5');
    const { billViews } = await import('@/lib/bills/view');
    const view = (await billViews(bills.app.db, bills.payor, claim.payorId)).find(
      (bill) => bill.claimId === claim.claimId,
    );
    expect(view).toMatchObject({ amount: '1500.5', payable: false, notPayableWhy: 'notWholeUnits' });
  });

  it('is refused by the payment action in words, whatever whole amount is sent', async () => {
    const claim = await billWithDecimals(2500, '2500.5');
    for (const amount of ['2500', '2501', null]) {
      const outcome = await bills.app.initiation.initiateOnce(bills.billForm(claim, { amount }));
      expect(outcome).toEqual({ ok: false, messageKey: 'payment.bill.notWholeUnits' });
    }
    expect(await bills.billPayments(claim.claimId)).toHaveLength(0);
  });
});
