import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessClient } from '@/sandbox/test/webhooks-support';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';

// A claim's final due date (IOBWS-Claims 3.1 claimDetails `finalDueDate`, required there; eindagi) is kept
// with the bill as the bills page reads it from the bank, beside its due date (the claim key's `dueDate`).

const JON = '0101302989';
const GREIDSLA = '5501692829';

let app: AppAtSandbox;
let business: BusinessClient;
let refreshBillsFromBank: typeof import('@/lib/bills/refresh').refreshBillsFromBank;
let billViews: typeof import('@/lib/bills/view').billViews;
let payor: string;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'final-due-date-bills-secret-0123456789abc' });
  business = await BusinessClient.signIn(app.sandbox.url);
  ({ refreshBillsFromBank } = await import('@/lib/bills/refresh'));
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

describe('a bill’s final due date', () => {
  it('is kept from the claim as the bank gives it, with its due date', async () => {
    const created = await business.call('POST', '/business/claims', {
      claimKey: {
        claimantId: GREIDSLA,
        account: `0159${'66'}${String(700_000 + Math.floor(Math.random() * 90_000))}`,
        dueDate: '2026-12-01',
      },
      payorId: JON,
      templateCode: '001',
      amount: 4200,
      finalDueDate: '2026-12-11',
      expirationDate: '2030-12-11',
      currency: 'ISK',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const claimId = created.json.success.claimId as string;
    expect(await refreshBillsFromBank(app.db, JON)).toEqual({ fresh: true });
    const bill = (await billViews(app.db, payor, JON)).find((view) => view.claimId === claimId);
    expect(bill).toMatchObject({ dueDate: '2026-12-01', finalDueDate: '2026-12-11' });
  });
});
