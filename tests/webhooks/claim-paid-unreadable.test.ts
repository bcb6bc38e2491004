import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { claimEnvelope, createSubscription, sealedDelivery } from './support';

/**
 * A claim.paid event is a signal: the bill shows what its `self` link reads now (webhooks spec). A 200 to that read
 * whose body is no claim (empty, or JSON without the claim's members) told nothing of the claim: the event failed,
 * with the reason kept, and the bill stays as it was. Against the sandbox bank's claims interface, through a proxy
 * that answers the read in its place.
 */

const PAYOR = '0101302989';
const CLAIM_READ = /^\/business\/claims\/[^/]+$/;

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'claim-paid-unreadable-secret-0123456789ab' });
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());

/** An open bill of the payor's, as the sandbox's claims list gives it. */
async function openBill() {
  // Loaded after the app's settings are set (startAppAtSandbox).
  const { refreshBillsFromBank } = await import('@/lib/bills/refresh');
  const { billsOf } = await import('@/lib/db/queries/bills');
  expect(await refreshBillsFromBank(app.db, PAYOR)).toEqual({ fresh: true });
  const bill = (await billsOf(app.db, PAYOR)).find((one) => one.status === 'Unpaid');
  if (!bill) throw new Error('the sandbox has no open bill for the payor');
  return bill;
}

/**
 * A claim.paid event of the bill's claim, processed while its self link answers 200 with `given.body` in the bank's
 * place; without `given`, as the bank answers it.
 */
async function claimPaidReading(claimId: string, given?: { body: unknown }) {
  const { acceptDelivery } = await import('@/lib/webhooks/intake');
  const { processSubscriptionEvents } = await import('@/lib/webhooks/process-events');
  const { id, secret } = await createSubscription(app.db);
  const href = `${app.proxy.url}/business/claims/${encodeURIComponent(claimId)}`;
  const envelope = claimEnvelope({ links: [{ rel: 'self', href, method: 'GET' }] });
  expect(
    await acceptDelivery({ subscriptionId: id, ...(await sealedDelivery(envelope, secret)) }),
  ).toMatchObject({
    ok: true,
    status: 'accepted',
  });
  if (given) app.proxy.answerNext('GET', CLAIM_READ, { status: 200, body: given.body });
  expect(await processSubscriptionEvents(app.db, id)).toEqual({ processed: 1 });
  expect(app.proxy.calls.filter((call) => CLAIM_READ.test(call.path)).map((call) => call.status)).toEqual([
    200,
  ]);
  const [event] = await app.db
    .select()
    .from(app.schema.webhookEvents)
    .where(eq(app.schema.webhookEvents.eventId, envelope.eventId));
  return event;
}

describe('a claim.paid event whose self link answers 200 with no claim', () => {
  it.each([
    ['an empty body', undefined],
    ['JSON without the claim’s members', { claimStatus: 'Paid', note: 'settled' }],
    ['a JSON list', []],
  ])('%s: the event failed, with its reason, and the bill is as it was', async (_, body) => {
    const { findBill } = await import('@/lib/db/queries/bills');
    const before = await openBill();
    const event = await claimPaidReading(before.claimId, { body });
    expect(event).toMatchObject({
      outcome: 'failed',
      detail: { reason: 'self_link_not_a_claim', httpStatus: 200 },
    });
    expect(await findBill(app.db, before.bankId, before.claimId)).toEqual(before);
  });

  it('one that reads as a claim is applied, as before', async () => {
    const before = await openBill();
    const { findBill } = await import('@/lib/db/queries/bills');
    const event = await claimPaidReading(before.claimId);
    expect(event).toMatchObject({ outcome: 'applied', detail: { httpStatus: 200 } });
    // The sandbox's claim is still open: the bill reads Unpaid, as the bank has it.
    expect((await findBill(app.db, before.bankId, before.claimId))?.status).toBe('Unpaid');
  });
});
