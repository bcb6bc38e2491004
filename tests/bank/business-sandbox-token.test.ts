import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '@/sandbox/src/server';
import { startTestSandbox } from '@/sandbox/test/helpers';
import { freshAppDatabase } from '@/tests/support/app-database';
import { advanceSandboxClock } from '@/tests/support/sandbox-admin';
import { RecordingProxy } from './recording-proxy';

/**
 * Business spec part 5, "Sandbox": the business interfaces take "an API key and a sandbox token (a
 * token generated in the portal instead of user credentials)". With BANK_B2B_SANDBOX_TOKEN set, that
 * token is sent and none is requested; the credentials are not used (here they are wrong on purpose).
 * The sandbox bank has no portal: the token is one it issued, taken as a developer copies it.
 */

let sandbox: RunningSandbox;
let proxy: RecordingProxy;
let portalToken: string;

beforeAll(async () => {
  proxy = new RecordingProxy();
  const proxyUrl = await proxy.start();
  sandbox = await startTestSandbox({ publicUrl: proxyUrl });
  proxy.forwardTo(sandbox.url);
  const issued = await fetch(`${sandbox.url}/oauth/v2/oauth-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'greidsla-ehf',
      client_secret: 'sandbox-b2b',
      scope: 'openid b2b',
    }),
  });
  portalToken = ((await issued.json()) as { access_token: string }).access_token;
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'sandbox-token-secret-sandbox-token-secret-0',
    BANK_BASE_URL: `${proxyUrl}/psd2`,
    BANK_AUTH_URL: proxyUrl,
    BANK_BUSINESS_BASE_URL: `${proxyUrl}/business`,
    BANK_EVENTS_BASE_URL: `${proxyUrl}/events`,
    BANK_TIMEOUT_MS: '15000',
    BANK_B2B_USERNAME: 'not-a-user',
    BANK_B2B_PASSWORD: 'not-the-password',
    BANK_B2B_SANDBOX_TOKEN: portalToken,
  });
});

afterAll(async () => {
  await proxy?.stop();
  await sandbox?.close();
});

beforeEach(() => proxy.reset());

const tokenRequests = () => proxy.bankCalls().filter((call) => call.path === '/oauth/v2/oauth-token');

describe('a sandbox token made in the portal (business spec part 5, "Sandbox")', () => {
  it('is sent on claims and webhooks-service calls, and no business token is requested', async () => {
    const { listClaims } = await import('@/lib/bank/claims');
    const { listBankSubscriptions } = await import('@/lib/bank/webhooks-service');
    await expect(listClaims('0101302989')).resolves.toMatchObject({ complete: true });
    await expect(listBankSubscriptions()).resolves.toBeInstanceOf(Array);
    const calls = proxy.bankCalls();
    expect(calls.map((call) => `${call.method} ${call.path.split('?')[0]} ${call.status}`)).toEqual([
      'GET /business/claims 200',
      'GET /events/api/v1/subscriptions 200',
    ]);
    for (const call of calls) expect(call.headers.authorization).toBe(`Bearer ${portalToken}`);
  });

  it('is not the payment interface\u2019s: that one still requests its own token with scope pis:', async () => {
    const { accessToken } = await import('@/lib/bank/tokens');
    expect(await accessToken('payments')).not.toBe(portalToken);
    expect(tokenRequests()).toHaveLength(1);
    expect(new URLSearchParams(tokenRequests()[0]?.body).get('scope')).toBe('pis:');
  });

  it('once the bank refuses it (expired), the refusal stands: no token is requested in its place', async () => {
    await advanceSandboxClock(sandbox.url, 2 * 3600);
    const { listClaims } = await import('@/lib/bank/claims');
    await expect(listClaims('0101302989')).rejects.toMatchObject({ status: 401, codes: ['TOKEN_EXPIRED'] });
    expect(tokenRequests()).toEqual([]);
    expect(proxy.bankCalls()).toHaveLength(1);
  });
});
