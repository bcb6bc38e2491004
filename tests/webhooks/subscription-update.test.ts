import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecordingProxy } from '@/tests/bank/recording-proxy';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';

/**
 * Webhooks spec part 4: `PUT /api/v1/subscriptions/{subscriptionId}` updates a subscription ("eventTypes
 * can be changed"); its body shape is "not shown", so the app sends the create body's fields an update
 * can change, and takes the bank's answer either way: 200 with the subscription, or 204. Against the
 * sandbox bank's webhooks service, through a recording proxy that answers 204 and 404 in its place.
 */

let app: AppAtSandbox & {
  manage: typeof import('@/lib/webhooks/manage');
  subscriptions: typeof import('@/lib/webhooks/subscriptions');
  service: typeof import('@/lib/bank/webhooks-service');
};
let proxy: RecordingProxy;

beforeAll(async () => {
  const started = await startAppAtSandbox({ AUTH_SECRET: 'subscription-update-secret-0123456789abcdef' });
  const [manage, subscriptions, service] = await Promise.all([
    import('@/lib/webhooks/manage'),
    import('@/lib/webhooks/subscriptions'),
    import('@/lib/bank/webhooks-service'),
  ]);
  app = { ...started, manage, subscriptions, service };
  proxy = started.proxy;
});

afterAll(() => app?.close());

beforeEach(() => proxy.reset());

async function created() {
  const outcome = await app.manage.createSubscription(app.db, { eventType: 'Claim', description: 'bills' });
  if (!outcome.ok) throw new Error(outcome.reason);
  const row = await app.subscriptions.findSubscription(app.db, outcome.subscriptionId);
  if (!row) throw new Error('not stored');
  proxy.reset();
  return row;
}

const puts = () => proxy.bankCalls().filter((call) => call.method === 'PUT');

describe('updating a subscription\u2019s event types (webhooks spec part 4)', () => {
  it('PUTs the event types and description as the create body names them, and mirrors what the bank echoes', async () => {
    const row = await created();
    const outcome = await app.manage.updateSubscription(app.db, row.id, {
      eventTypes: ['claim.paid'],
      description: 'bills, paid only',
    });
    expect(outcome).toEqual({ ok: true, eventTypes: ['claim.paid'] });
    const [put] = puts();
    expect(put?.path).toBe(`/events/api/v1/subscriptions/${row.bankSubscriptionId}`);
    expect(put?.headers['content-type']).toMatch(/^application\/json/);
    expect(put?.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(put?.headers['ocp-apim-subscription-key']).toBe('demo-subscription-key');
    expect(JSON.parse(put?.body ?? '')).toEqual({
      eventTypes: ['claim.paid'],
      description: 'bills, paid only',
    });
    expect(await app.subscriptions.findSubscription(app.db, row.id)).toMatchObject({
      eventTypes: ['claim.paid'],
      description: 'bills, paid only',
      deliveryEnabled: false,
      disabledReason: 'pending_activation',
    });
    expect((await app.service.getBankSubscription(row.bankSubscriptionId))?.eventTypes).toEqual([
      'claim.paid',
    ]);
  });

  it('event types are echoed in canonical form (webhooks spec 2.1), and the echo is what is kept', async () => {
    const row = await created();
    const outcome = await app.service.updateBankSubscription(row.bankSubscriptionId, {
      eventTypes: ['CLAIM'],
    });
    expect(outcome?.eventTypes).toEqual(['Claim']);
  });

  it('a 204 without a body is taken: the subscription is read back', async () => {
    const row = await created();
    proxy.answerNext('PUT', /\/subscriptions\/[^/]+$/, { status: 204 });
    const outcome = await app.manage.updateSubscription(app.db, row.id, { eventTypes: ['Claim'] });
    expect(outcome).toEqual({ ok: true, eventTypes: ['Claim'] });
    expect(proxy.bankCalls().map((call) => `${call.method} ${call.status}`)).toEqual(['PUT 204', 'GET 200']);
  });

  it('a subscription the bank does not know (404) and an event type it refuses (400) are told apart', async () => {
    const row = await created();
    proxy.answerNext('PUT', /\/subscriptions\/[^/]+$/, {
      status: 404,
      body: { code: 'SUBSCRIPTION_NOT_FOUND' },
    });
    expect(await app.manage.updateSubscription(app.db, row.id, { eventTypes: ['Claim'] })).toEqual({
      ok: false,
      reason: 'notFoundAtBank',
    });
    await expect(
      app.service.updateBankSubscription(row.bankSubscriptionId, { eventTypes: ['claim.unknown'] }),
    ).rejects.toMatchObject({ status: 400 });
    proxy.answerNext('PUT', /\/subscriptions\/[^/]+$/, { status: 400, body: { code: 'EVENT_TYPE_UNKNOWN' } });
    expect(await app.manage.updateSubscription(app.db, row.id, { eventTypes: ['claim.paid'] })).toEqual({
      ok: false,
      reason: 'bankRefused',
    });
    // Nothing changed here for a change the bank did not make.
    expect((await app.subscriptions.findSubscription(app.db, row.id))?.eventTypes).toEqual(['Claim']);
  });

  it('only a subscription this app holds, and not cancelled', async () => {
    const row = await created();
    await app.manage.cancelSubscription(app.db, row.id);
    proxy.reset();
    expect(await app.manage.updateSubscription(app.db, row.id, { eventTypes: ['Claim'] })).toEqual({
      ok: false,
      reason: 'unknownSubscription',
    });
    expect(puts()).toEqual([]);
  });
});

describe('the update form\u2019s rules', () => {
  it('at least one event type, each one the app subscribes to, none twice', async () => {
    const { updateSubscriptionSchema } = await import('@/lib/webhooks/subscription-forms');
    expect(updateSubscriptionSchema.safeParse({ eventTypes: ['Claim', 'claim.paid'] }).success).toBe(true);
    expect(updateSubscriptionSchema.safeParse({ eventTypes: [] }).success).toBe(false);
    expect(updateSubscriptionSchema.safeParse({ eventTypes: ['Claim', 'Claim'] }).success).toBe(false);
    expect(updateSubscriptionSchema.safeParse({ eventTypes: ['claim.created'] }).success).toBe(false);
  });
});
