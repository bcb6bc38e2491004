import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPisContract } from '../src/contract.js';
import type { RunningSandbox } from '../src/server.js';
import { advanceClock, expectError, singlePayment, startTestSandbox, TestTpp } from './helpers.js';

let sandbox: RunningSandbox;
let tpp: TestTpp;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tpp = new TestTpp(sandbox.url);
});
afterAll(() => sandbox.close());

function tokenRequest(fields: Record<string, string>, contentType = 'application/x-www-form-urlencoded') {
  return fetch(`${sandbox.url}/oauth/v2/oauth-token`, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: new URLSearchParams(fields),
  });
}

const good = {
  grant_type: 'client_credentials',
  client_id: 'demo-tpp',
  client_secret: 'demo-tpp-secret',
  scope: 'pis:',
};

describe('POST /oauth/v2/oauth-token', () => {
  it('grants an opaque bearer token for the client credentials grant', async () => {
    const response = await tokenRequest(good);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(loadPisContract().validator('TokenResponse')(body)).toBe(true);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'pis:' });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = (await (await tokenRequest(good)).json()) as Record<string, unknown>;
    expect(second.access_token).not.toBe(body.access_token);
  });

  it('accepts pis: together with other known scopes', async () => {
    const response = await tokenRequest({ ...good, scope: 'ais: pis:' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { scope: string }).scope).toBe('ais: pis:');
  });

  it('also takes the client credentials from HTTP Basic', async () => {
    const response = await fetch(`${sandbox.url}/oauth/v2/oauth-token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from('demo-tpp:demo-tpp-secret').toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'pis:' }),
    });
    expect(response.status).toBe(200);
  });

  it('answers HTTP Basic credentials it cannot read (broken percent-encoding) with 401 invalid_client', async () => {
    const response = await fetch(`${sandbox.url}/oauth/v2/oauth-token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from('demo%ZZtpp:demo-tpp-secret').toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'pis:' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('rejects an unknown client with 401 invalid_client', async () => {
    const response = await tokenRequest({ ...good, client_id: 'nobody' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('rejects a wrong secret with 401 invalid_client', async () => {
    const response = await tokenRequest({ ...good, client_secret: 'wrong' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('rejects another grant type with 400 unsupported_grant_type', async () => {
    const response = await tokenRequest({ ...good, grant_type: 'password' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('rejects a scope with neither pis: nor ais:, or an unknown one, with 400 invalid_scope', async () => {
    for (const scope of ['', 'openid', 'pis: admin', 'ais: admin']) {
      const response = await tokenRequest({ ...good, scope });
      expect(response.status, scope).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_scope' });
    }
  });

  it('rejects a request without grant_type with 400 invalid_request', async () => {
    const { grant_type: _, ...rest } = good;
    const response = await tokenRequest(rest);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('token checks on the payment interface', () => {
  it('an ais: token (spec 5: the scope exists for account information) is 401 TOKEN_INVALID here', async () => {
    const issued = await tokenRequest({ ...good, scope: 'ais:' });
    expect(issued.status).toBe(200);
    const { access_token: token, scope } = (await issued.json()) as { access_token: string; scope: string };
    expect(scope).toBe('ais:');
    expectError(await tpp.initiate(token, singlePayment()), 401, 'TOKEN_INVALID', 'Authorization');
  });

  it('missing subscription key: 401 ROLE_INVALID', async () => {
    const token = await tpp.token();
    const response = await tpp.initiate(token, singlePayment(), {
      headers: { 'Ocp-Apim-Subscription-Key': undefined },
    });
    expectError(response, 401, 'ROLE_INVALID', 'Ocp-Apim-Subscription-Key');
  });

  it('wrong subscription key: 401 ROLE_INVALID', async () => {
    const token = await tpp.token();
    const response = await tpp.initiate(token, singlePayment(), {
      headers: { 'Ocp-Apim-Subscription-Key': 'nope' },
    });
    expectError(response, 401, 'ROLE_INVALID', 'Ocp-Apim-Subscription-Key');
  });

  it('no Authorization header: 401 TOKEN_UNKNOWN', async () => {
    const response = await tpp.initiate('x', singlePayment(), { headers: { Authorization: undefined } });
    expectError(response, 401, 'TOKEN_UNKNOWN', 'Authorization');
  });

  it('a token the bank never issued: 401 TOKEN_UNKNOWN', async () => {
    const response = await tpp.initiate('made-up-token-0123456789', singlePayment());
    expectError(response, 401, 'TOKEN_UNKNOWN', 'Authorization');
  });

  it('an Authorization header that is not a bearer token: 401 TOKEN_INVALID', async () => {
    const response = await tpp.initiate('x', singlePayment(), {
      headers: { Authorization: 'Basic ZGVtbzpkZW1v' },
    });
    expectError(response, 401, 'TOKEN_INVALID', 'Authorization');
  });

  it('a token past its expiry on the sandbox clock: 401 TOKEN_EXPIRED', async () => {
    const token = await tpp.token();
    const before = await tpp.initiate(token, singlePayment());
    expect(before.status).toBe(201);
    await advanceClock(sandbox.url, 3601);
    const after = await tpp.initiate(token, singlePayment());
    expectError(after, 401, 'TOKEN_EXPIRED', 'Authorization');
    // A new token works again.
    expect((await tpp.initiate(await tpp.token(), singlePayment())).status).toBe(201);
  });
});
