import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../src/server.js';
import { startTestSandbox } from './helpers.js';
import { B2B_USER, BusinessClient, b2bToken, Receiver } from './webhooks-support.js';

process.env.SANDBOX_WEBHOOK_TIMEOUT_MS = '700';

let sandbox: RunningSandbox;
let client: BusinessClient;
let other: BusinessClient;
let receiver: Receiver;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  client = new BusinessClient(sandbox.url, await b2bToken(sandbox.url));
  other = new BusinessClient(
    sandbox.url,
    await b2bToken(sandbox.url, { username: 'jon', password: 'sandbox' }),
  );
  receiver = await new Receiver().start();
});
afterAll(async () => {
  await receiver.close();
  await sandbox.close();
});

describe('business token', () => {
  /** The token request of the business interfaces (spec part 5), as the online-banking user `B2B_USER`. */
  const tokenRequest = (
    { secret = B2B_USER.password, scope = 'openid b2b' } = {},
    headers: Record<string, string> = {},
  ) =>
    fetch(`${sandbox.url}/oauth/v2/oauth-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: B2B_USER.username,
        client_secret: secret,
        scope,
      }),
    });

  it('grants an opaque token for an online-banking user with scope openid b2b', async () => {
    const response = await tokenRequest({}, { Accept: 'text/plain' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'openid b2b',
    });
  });

  it('refuses part of the business scope (openid or b2b alone) for its scope, whoever asks (spec part 5: openid b2b)', async () => {
    for (const scope of ['openid', 'b2b']) {
      const response = await tokenRequest({ scope });
      expect(response.status, scope).toBe(400);
      expect(await response.json(), scope).toMatchObject({ error: 'invalid_scope' });
    }
  });

  it('refuses a wrong password and a TPP token on the webhooks service', async () => {
    const response = await tokenRequest({ secret: 'wrong' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
    const bogus = new BusinessClient(sandbox.url, 'not-a-token');
    expect((await bogus.call('GET', bogus.subscriptions)).status).toBe(401);
  });
});

describe('subscriptions', () => {
  // The answer is checked against contract/webhooks.yaml as every answer is: an undeclared 415 fails the run.
  it('refuses a body not sent as JSON with 415, as its contract declares', async () => {
    const refused = await client.call(
      'POST',
      client.subscriptions,
      { callbackUrl: 'https://tpp.example/hook', eventTypes: ['claim.paid'] },
      { 'Content-Type': 'text/plain' },
    );
    expect(refused.status).toBe(415);
    expect(refused.json).toMatchObject({ status: 415, code: 'CONTENT_TYPE_UNSUPPORTED' });
  });

  it('creates, lists, reads, updates, verifies and deletes', async () => {
    const created = await client.create({ callbackUrl: receiver.url, eventTypes: ['CLAIM.*', 'Claim.Paid'] });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const sub = created.json;
    expect(sub).toMatchObject({
      callbackUrl: receiver.url,
      eventTypes: ['Claim', 'claim.paid'],
      subjectScope: 'Self',
      deliveryEnabled: false,
      disabledReason: 'pending_activation',
      disabledAt: null,
    });
    expect(sub.signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(sub.links).toContainEqual({
      rel: 'self',
      href: `${sandbox.url}/events/api/v1/subscriptions/${sub.subscriptionId}`,
      method: 'GET',
    });

    const read = await client.call('GET', `${client.subscriptions}/${sub.subscriptionId}`);
    expect(read.status).toBe(200);
    expect(read.json.signingSecret).toBeUndefined();
    expect(read.json.eventTypes).toEqual(['Claim', 'claim.paid']);

    const list = await client.call('GET', client.subscriptions);
    expect(list.json.subscriptions.map((s: { subscriptionId: string }) => s.subscriptionId)).toContain(
      sub.subscriptionId,
    );
    expect((await other.call('GET', other.subscriptions)).json.subscriptions).toEqual([]);

    const updated = await client.call('PUT', `${client.subscriptions}/${sub.subscriptionId}`, {
      eventTypes: ['claim.PAID', 'claim.created'],
    });
    expect(updated.status).toBe(200);
    expect(updated.json.eventTypes).toEqual(['claim.paid', 'claim.created']);

    receiver.answer = 200;
    const verified = await client.verify(sub.subscriptionId, 'claim');
    expect(verified.status, JSON.stringify(verified.json)).toBe(200);
    expect(verified.json).toMatchObject({ deliveryEnabled: true, disabledReason: null });

    const deleted = await client.call('DELETE', `${client.subscriptions}/${sub.subscriptionId}`);
    expect(deleted.status).toBe(204);
    expect((await client.call('GET', `${client.subscriptions}/${sub.subscriptionId}`)).status).toBe(404);
  });

  it('answers verify 502, 504, 400 and 404 as the spec says', async () => {
    const sub = (await client.create({ callbackUrl: receiver.url, eventTypes: ['claim.paid'] })).json;
    receiver.answer = 500;
    const rejected = await client.verify(sub.subscriptionId);
    expect(rejected.status).toBe(502);
    expect(rejected.json).toMatchObject({ status: 502, code: 'CALLBACK_REJECTED', callbackStatus: 500 });
    receiver.answer = 'hang';
    const slow = await client.verify(sub.subscriptionId);
    expect(slow.status).toBe(504);
    expect(slow.json.code).toBe('CALLBACK_TIMEOUT');
    const state = await client.call('GET', `${client.subscriptions}/${sub.subscriptionId}`);
    expect(state.json).toMatchObject({ deliveryEnabled: false, disabledReason: 'pending_activation' });

    const onlyCreated = (await client.create({ callbackUrl: receiver.url, eventTypes: ['claim.created'] }))
      .json;
    receiver.answer = 200;
    expect((await client.verify(onlyCreated.subscriptionId, 'claim.paid')).status).toBe(400);
    expect((await client.verify(sub.subscriptionId, 'Card')).json.code).toBe('EVENT_TYPE_UNKNOWN');
    expect((await other.verify(sub.subscriptionId)).status).toBe(404);
    expect((await other.call('GET', `${other.subscriptions}/${sub.subscriptionId}`)).status).toBe(404);
    expect((await client.verify('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await client.verify(sub.subscriptionId, 'Claim')).status).toBe(200);
    for (const id of [sub.subscriptionId, onlyCreated.subscriptionId])
      await client.call('DELETE', `${client.subscriptions}/${id}`);
  });

  it("leaves another client's subscription alone: PUT and DELETE are 404 and change nothing (spec part 7)", async () => {
    const sub = (await client.create({ callbackUrl: receiver.url, eventTypes: ['claim.paid'] })).json;
    const url = `${other.subscriptions}/${sub.subscriptionId}`;
    const put = await other.call('PUT', url, { eventTypes: ['claim.created'], description: 'not yours' });
    expect(put.status).toBe(404);
    expect((await other.call('DELETE', url)).status).toBe(404);
    const read = await client.call('GET', `${client.subscriptions}/${sub.subscriptionId}`);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ eventTypes: ['claim.paid'], description: sub.description });
    await client.call('DELETE', `${client.subscriptions}/${sub.subscriptionId}`);
  });

  it('rejects unknown event types and non-HTTPS callbacks with 400', async () => {
    const unknown = await client.create({
      callbackUrl: receiver.url,
      eventTypes: ['claim.paid', 'card.blocked'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({
      status: 400,
      code: 'EVENT_TYPE_UNKNOWN',
      eventType: 'card.blocked',
    });
    const plain = await client.create({ callbackUrl: 'http://example.com/hook', eventTypes: ['Claim'] });
    expect(plain.status).toBe(400);
    expect(plain.json.code).toBe('CALLBACK_URL_INVALID');
    const https = await client.create({ callbackUrl: 'https://example.com/hook', eventTypes: ['Claim'] });
    expect(https.status).toBe(201);
    await client.call('DELETE', `${client.subscriptions}/${https.json.subscriptionId}`);
  });

  it('needs the four fields of the create body (spec part 4: callbackUrl, eventTypes, description, subjectScope)', async () => {
    const complete = {
      callbackUrl: receiver.url,
      eventTypes: ['Claim'],
      description: 'd',
      subjectScope: 'Self',
    };
    for (const field of ['description', 'subjectScope'] as const) {
      const { [field]: _left, ...body } = complete;
      const answer = await client.call('POST', client.subscriptions, body);
      expect(answer.status, field).toBe(400);
      expect(answer.json).toMatchObject({ code: 'BODY_INVALID' });
      expect(answer.json.detail).toContain(field);
    }
    expect((await client.call('GET', client.subscriptions)).json.subscriptions).toEqual([]);
  });

  it('allows 5 subscriptions per client and answers 409 beyond', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await other.create({ callbackUrl: receiver.url, eventTypes: ['Claim'] });
      expect(r.status).toBe(201);
      ids.push(r.json.subscriptionId);
    }
    const sixth = await other.create({ callbackUrl: receiver.url, eventTypes: ['Claim'] });
    expect(sixth.status).toBe(409);
    expect(sixth.json.code).toBe('SUBSCRIPTION_LIMIT_REACHED');
    // Another client is not affected; a raised limit lets a sixth in.
    const raise = await fetch(`${sandbox.url}/sandbox/webhooks/limits/jon`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ limit: 6 }),
    });
    expect(raise.status).toBe(200);
    expect((await other.create({ callbackUrl: receiver.url, eventTypes: ['Claim'] })).status).toBe(201);
  });

  it('checks X-Request-ID and the subscription key', async () => {
    expect((await client.call('GET', client.subscriptions, undefined, { 'X-Request-ID': 'x' })).status).toBe(
      400,
    );
    expect(
      (await client.call('GET', client.subscriptions, undefined, { 'Ocp-Apim-Subscription-Key': undefined }))
        .status,
    ).toBe(401);
  });
});
