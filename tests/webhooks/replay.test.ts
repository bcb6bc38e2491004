import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecordingProxy } from '@/tests/bank/recording-proxy';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';

/**
 * Replay (`POST …/subscriptions/{id}/replay`) is no call of the spec: webhooks spec part 3 says only
 * that "events during the off period are recorded and can be replayed on request". With
 * BANK_EVENTS_OFFERS_REPLAY on, the app asks for it, and takes a bank that turns out not to offer it
 * (405, 501, or 404 for a subscription it knows) as "not offered", apart from "no such subscription".
 * Against the sandbox bank, which has replay as an extra, through a recording proxy that answers as a
 * bank without it.
 */

/** Our callback: answers every delivery 204, so that verify enables a subscription. */
let callback: Server;
let app: AppAtSandbox & { manage: typeof import('@/lib/webhooks/manage') };
let proxy: RecordingProxy;

beforeAll(async () => {
  callback = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  const started = await startAppAtSandbox({
    AUTH_SECRET: 'replay-secret-replay-secret-replay-secret-01',
    APP_BASE_URL: `http://127.0.0.1:${(callback.address() as AddressInfo).port}`,
    BANK_EVENTS_OFFERS_REPLAY: 'true',
  });
  app = { ...started, manage: await import('@/lib/webhooks/manage') };
  proxy = started.proxy;
});

afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => callback.close(() => resolve()));
});

beforeEach(() => proxy.reset());

// The bank allows five active subscriptions per client (webhooks spec part 8): each test cancels its own.
const made: string[] = [];
afterEach(async () => {
  for (const id of made.splice(0)) await app.manage.cancelSubscription(app.db, id);
});

async function subscription(options: { verified: boolean }) {
  const created = await app.manage.createSubscription(app.db, { eventType: 'Claim', description: 'replay' });
  if (!created.ok) throw new Error(created.reason);
  made.push(created.subscriptionId);
  if (options.verified)
    expect(await app.manage.verifySubscription(app.db, created.subscriptionId)).toEqual({
      ok: true,
      result: 'activated',
    });
  proxy.reset();
  return created.subscriptionId;
}

const REPLAY = /\/subscriptions\/[^/]+\/replay$/;

describe('replay where the bank offers it (BANK_EVENTS_OFFERS_REPLAY=true)', () => {
  it('asks the bank, and says how many deliveries it will send again', async () => {
    const id = await subscription({ verified: true });
    expect(await app.manage.replaySubscription(app.db, id)).toEqual({
      ok: true,
      result: 'replayed',
      count: 0,
    });
    expect(proxy.bankCalls().map((call) => `${call.method} ${call.status}`)).toEqual(['POST 202']);
  });

  it('409: delivery is off, verify first', async () => {
    const id = await subscription({ verified: false });
    expect(await app.manage.replaySubscription(app.db, id)).toEqual({
      ok: true,
      result: 'disabled',
      count: 0,
    });
  });

  it.each([405, 501])(
    '%i: the bank has no replay after all; the operator is told so, not "failed"',
    async (status) => {
      const id = await subscription({ verified: true });
      proxy.answerNext('POST', REPLAY, { status });
      expect(await app.manage.replaySubscription(app.db, id)).toEqual({
        ok: false,
        reason: 'replayNotOffered',
      });
    },
  );

  it('404 for a subscription the bank still knows: no replay at that bank', async () => {
    const id = await subscription({ verified: true });
    proxy.answerNext('POST', REPLAY, { status: 404 });
    expect(await app.manage.replaySubscription(app.db, id)).toEqual({
      ok: false,
      reason: 'replayNotOffered',
    });
    expect(proxy.bankCalls().map((call) => `${call.method} ${call.status}`)).toEqual(['POST 404', 'GET 200']);
  });

  it('404 for a subscription the bank no longer knows: not found', async () => {
    const id = await subscription({ verified: true });
    proxy.answerNext('POST', REPLAY, { status: 404 });
    proxy.answerNext('GET', /\/subscriptions\/[^/]+$/, { status: 404 });
    expect(await app.manage.replaySubscription(app.db, id)).toEqual({
      ok: true,
      result: 'not_found',
      count: 0,
    });
  });
});
