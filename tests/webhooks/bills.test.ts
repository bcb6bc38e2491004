import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Claim, parseClaim } from '@/lib/bank/claims';
import { closeDatabase, type Db, getDb } from '@/lib/db';
import { findBill, saveClaim } from '@/lib/db/queries/bills';
import { webhookSubscriptions } from '@/lib/db/schema';
import { acceptDelivery } from '@/lib/webhooks/intake';
import {
  cancelSubscription,
  createSubscription as createAtBank,
  ownIdInCallback,
  replaySubscription,
  verifySubscription,
} from '@/lib/webhooks/manage';
import { processSubscriptionEvents } from '@/lib/webhooks/process-events';
import { findSubscription, signingSecrets } from '@/lib/webhooks/subscriptions';
import { freshAppDatabase } from '../support/app-database';
import { claimEnvelope, createSubscription, type FakeBank, sealedDelivery, startFakeBank } from './support';

let db: Db;
let bank: FakeBank;
// What the fake webhooks service answers to verify and replay, and its claims interface to a read
// of a claim, by our test's choice.
let verifyStatus = 200;
let replayStatus = 202;
let claimAnswer: unknown = {};

beforeAll(async () => {
  bank = await startFakeBank((method, path) => {
    if (method === 'POST' && path === '/events/api/v1/subscriptions')
      return {
        status: 201,
        body: { ...bankSubscription('b-1', false), signingSecret: 'whsec_created-at-the-fake-bank-0123' },
      };
    const verify = path.match(/^\/events\/api\/v1\/subscriptions\/([^/?]+)\/verify\?eventType=Claim$/);
    if (method === 'POST' && verify)
      return {
        status: verifyStatus,
        body: verifyStatus === 200 ? bankSubscription(verify[1] ?? '', true) : {},
      };
    if (method === 'POST' && path.endsWith('/replay'))
      return { status: replayStatus, body: replayStatus === 202 ? { replayed: 3 } : {} };
    const one = path.match(/^\/events\/api\/v1\/subscriptions\/([^/?]+)$/);
    if (method === 'GET' && one) return { status: 200, body: bankSubscription(one[1] ?? '', false) };
    if (method === 'DELETE' && one) return { status: 204 };
    if (method === 'GET' && path.startsWith('/business/claims/')) return { status: 200, body: claimAnswer };
    return undefined;
  });
  Object.assign(process.env, await freshAppDatabase());
  process.env.AUTH_SECRET = 'webhook-bills-test-secret-0123456789abcdef';
  process.env.SEED_DEMO_PSU = 'false';
  process.env.BANK_AUTH_URL = bank.url;
  process.env.BANK_EVENTS_BASE_URL = `${bank.url}/events`;
  process.env.BANK_BUSINESS_BASE_URL = `${bank.url}/business`;
  process.env.APP_BASE_URL = 'http://app.test';
  // The fake webhooks service answers replay (an extra the spec does not define).
  process.env.BANK_EVENTS_OFFERS_REPLAY = 'true';
  db = await getDb();
});

afterAll(async () => {
  await closeDatabase();
  await bank.close();
});

function bankSubscription(id: string, enabled: boolean) {
  return {
    subscriptionId: id,
    callbackUrl: 'http://app.test/api/webhooks/bank-events/x',
    eventTypes: ['Claim'],
    description: 'test',
    subjectScope: 'Self',
    deliveryEnabled: enabled,
    disabledReason: enabled ? null : 'pending_activation',
    disabledAt: null,
    links: [],
  };
}

/** The claim as IOBWS-Claims 3.1 `claimDetails`, with the sandbox's extras (claimId, claimantName, depositAccount). */
function claimBody(claimId: string, status: 'Unpaid' | 'Paid') {
  return {
    claimId,
    claimKey: { claimantId: '5501692829', account: '015966000001', dueDate: '2026-04-15' },
    claimantName: 'Greiðsla ehf.',
    payorId: '0101302989',
    claimStatus: status,
    templateCode: '001',
    isPartiallyPaid: false,
    isPartialPaymentAllowed: false,
    currency: 'ISK',
    amount: 12500,
    totalAmountDue: status === 'Paid' ? 0 : 12500,
    finalDueDate: '2026-04-25',
    expirationDate: '2030-04-25',
    reference: 'ASKRIFT-2026',
    depositAccount: { id: '015926002024', ownerId: '5501692829' },
  };
}

/** Processes the subscription's events while the bank's claims interface answers every claim read with `body`. */
async function processWhileClaimsRead(subscriptionId: string, body: unknown) {
  claimAnswer = body;
  await processSubscriptionEvents(db, subscriptionId);
}

async function deliverClaimPaid(subscriptionId: string, secret: string, claimId: string) {
  const envelope = claimEnvelope({
    links: [
      { rel: 'self', href: `${bank.url}/business/claims/${encodeURIComponent(claimId)}`, method: 'GET' },
    ],
  });
  const outcome = await acceptDelivery({ subscriptionId, ...(await sealedDelivery(envelope, secret)) });
  expect(outcome).toMatchObject({ ok: true, status: 'accepted' });
  return envelope.eventId;
}

describe('bills from claim.paid events', () => {
  it('marks the bill paid when the self link reads Paid, naming the event', async () => {
    const { id, secret } = await createSubscription(db);
    const claimId = `5501692829015966${String(Date.now()).slice(-6)}+20260415`;
    const eventId = await deliverClaimPaid(id, secret, claimId);
    await processWhileClaimsRead(id, claimBody(claimId, 'Paid'));
    expect(await findBill(db, 'default', claimId)).toMatchObject({
      status: 'Paid',
      paidEventId: eventId,
      payorId: '0101302989',
      totalAmountDue: '0',
      amount: '12500',
    });
  });

  it('keeps an Unpaid bill unpaid after a test delivery, and a stale Unpaid reading never reverts a paid one', async () => {
    const { id, secret } = await createSubscription(db);
    const claimId = `5501692829015966${String(Date.now() + 1).slice(-6)}+20260415`;
    await deliverClaimPaid(id, secret, claimId);
    await processWhileClaimsRead(id, claimBody(claimId, 'Unpaid'));
    expect(await findBill(db, 'default', claimId)).toMatchObject({ status: 'Unpaid', paidEventId: null });

    const eventId = await deliverClaimPaid(id, secret, claimId);
    await processWhileClaimsRead(id, claimBody(claimId, 'Paid'));
    await saveClaim(db, 'default', parseClaim(claimBody(claimId, 'Unpaid')) as Claim);
    expect(await findBill(db, 'default', claimId)).toMatchObject({ status: 'Paid', paidEventId: eventId });
  });
});

describe('managing subscriptions', () => {
  it('creates at the bank with a callback naming our id, seals the secret, and explains verify and replay', async () => {
    const created = await createAtBank(db, { eventType: 'Claim', description: 'bills' });
    if (!created.ok) throw new Error(created.reason);
    const row = await findSubscription(db, created.subscriptionId);
    expect(row?.callbackUrl).toBe(`http://app.test/api/webhooks/bank-events/${created.subscriptionId}`);
    expect(row?.signingSecretSealed).not.toContain(created.signingSecret);
    expect(row && signingSecrets(row)).toEqual([created.signingSecret]);
    expect(row?.disabledReason).toBe('pending_activation');

    for (const [status, result] of [
      [502, 'callback_rejected'],
      [504, 'callback_timeout'],
      [400, 'event_type_not_enabled'],
      [404, 'not_found'],
      [200, 'activated'],
    ] as const) {
      verifyStatus = status;
      expect(await verifySubscription(db, created.subscriptionId)).toEqual({ ok: true, result });
    }
    expect((await findSubscription(db, created.subscriptionId))?.deliveryEnabled).toBe(true);

    replayStatus = 409;
    expect(await replaySubscription(db, created.subscriptionId)).toMatchObject({
      ok: true,
      result: 'disabled',
    });
    replayStatus = 202;
    expect(await replaySubscription(db, created.subscriptionId)).toEqual({
      ok: true,
      result: 'replayed',
      count: 3,
    });

    expect(await cancelSubscription(db, created.subscriptionId)).toEqual({ ok: true });
    const [cancelled] = await db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, created.subscriptionId));
    expect(cancelled?.cancelledAt).toBeInstanceOf(Date);
    // A cancelled subscription takes no more deliveries.
    const envelope = claimEnvelope();
    expect(
      await acceptDelivery({
        subscriptionId: created.subscriptionId,
        ...(await sealedDelivery(envelope, created.signingSecret)),
      }),
    ).toEqual({ ok: false, reason: 'unknown_subscription' });
    expect(await verifySubscription(db, created.subscriptionId)).toEqual({
      ok: false,
      reason: 'unknownSubscription',
    });
  });

  it('finds our id in a callback URL that leads to this app only', () => {
    const id = randomUUID();
    expect(ownIdInCallback(`http://app.test/api/webhooks/bank-events/${id}`)).toBe(id);
    expect(ownIdInCallback(`https://elsewhere.test/api/webhooks/bank-events/${id}`)).toBeUndefined();
    expect(ownIdInCallback('http://app.test/api/webhooks/bank-events/not-a-uuid')).toBeUndefined();
  });
});
