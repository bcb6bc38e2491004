import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsAtSandbox, JON, startBillsAtSandbox } from './support';

// A claim's final due date (IOBWS-Claims 3.1 claimDetails `finalDueDate`, required there; eindagi) is kept
// with the bill as the bills page reads it from the bank, beside its due date (the claim key's `dueDate`).

let bills: BillsAtSandbox;
let refreshBillsFromBank: typeof import('@/lib/bills/refresh').refreshBillsFromBank;
let billViews: typeof import('@/lib/bills/view').billViews;

beforeAll(async () => {
  bills = await startBillsAtSandbox('final-due-date-bills-secret-0123456789abc');
  ({ refreshBillsFromBank } = await import('@/lib/bills/refresh'));
  ({ billViews } = await import('@/lib/bills/view'));
});

afterAll(async () => {
  await bills?.app.close();
});

describe('a bill’s final due date', () => {
  it('is kept from the claim as the bank gives it, with its due date', async () => {
    // Due 2026-12-01, finally due 2026-12-11, as every claim of ./support is.
    const claimId = await bills.claimAtBank(4200);
    expect(await refreshBillsFromBank(bills.app.db, JON)).toEqual({ fresh: true });
    const bill = (await billViews(bills.app.db, bills.payor, JON)).find((view) => view.claimId === claimId);
    expect(bill).toMatchObject({ dueDate: '2026-12-01', finalDueDate: '2026-12-11' });
  });
});
