import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '@/sandbox/src/server';
import { startTestSandbox } from '@/sandbox/test/helpers';
import { freshAppDatabase } from '@/tests/support/app-database';
import { advanceSandboxClock } from '@/tests/support/sandbox-admin';
import { RecordingProxy } from './recording-proxy';

/**
 * The business token (business spec part 5) as the event jobs use it, over HTTP to the sandbox bank through a
 * recording proxy: it expires, on the bank's clock or ours, and is renewed; reads that find it due, or refused, at
 * the same moment ask the bank for one new token between them, not one each.
 */

const JON = '0101302989';
const TOKEN = /^\/oauth\/v2\/oauth-token$/;
const CLAIM_READ = /^\/business\/claims\/[^/?]+$/;

let sandbox: RunningSandbox;
let proxy: RecordingProxy;
let href: string;

type TokenCache = Map<string, { cached?: { value: string; refreshAt: number } }>;

async function tokenCache(): Promise<TokenCache> {
  const { processGlobal } = await import('@/lib/server/process-global');
  return processGlobal<TokenCache>('bank-tokens', () => new Map());
}

async function readTwiceAtOnce() {
  const { readBankResource } = await import('@/lib/bank/resources');
  return Promise.all([readBankResource(href), readBankResource(href)]);
}

const tokenRequests = () => proxy.bankCalls().filter((call) => TOKEN.test(call.path));
const claimReads = () => proxy.bankCalls().filter((call) => CLAIM_READ.test(call.path));

beforeAll(async () => {
  proxy = new RecordingProxy();
  const proxyUrl = await proxy.start();
  sandbox = await startTestSandbox({ publicUrl: proxyUrl });
  proxy.forwardTo(sandbox.url);
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'token-concurrency-secret-token-concurrency-01',
    APP_BASE_URL: 'http://127.0.0.1:9',
    BANK_BASE_URL: `${proxyUrl}/psd2`,
    BANK_AUTH_URL: proxyUrl,
    BANK_BUSINESS_BASE_URL: `${proxyUrl}/business`,
    BANK_EVENTS_BASE_URL: `${proxyUrl}/events`,
    BANK_TIMEOUT_MS: '15000',
  });
  const { listClaims, claimPath } = await import('@/lib/bank/claims');
  const [claim] = (await listClaims(JON)).claims;
  if (!claim) throw new Error('the sandbox holds no claim on Jón');
  href = claimPath(claim.claimId);
});

afterAll(async () => {
  const { closeDatabase } = await import('@/lib/db');
  await closeDatabase();
  await proxy?.stop();
  await sandbox?.close();
});

beforeEach(() => proxy.reset());

describe('the business token under concurrency', () => {
  it('two reads that find the token due for renewal ask the bank for one token between them', async () => {
    const cache = await tokenCache();
    const entry = cache.get('default\u0000business');
    if (!entry?.cached) throw new Error('no business token cached');
    entry.cached = { ...entry.cached, refreshAt: Date.now() - 1 };
    const reads = await readTwiceAtOnce();
    expect(reads).toMatchObject([
      { ok: true, status: 200 },
      { ok: true, status: 200 },
    ]);
    expect(tokenRequests()).toHaveLength(1);
    const [renewed] = tokenRequests();
    expect(Object.fromEntries(new URLSearchParams(renewed?.body))).toMatchObject({
      grant_type: 'client_credentials',
      scope: 'openid b2b',
    });
    const sent = claimReads().map((call) => call.headers.authorization);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe(sent[1]);
  });

  it('two reads refused at once for a token the bank no longer knows renew it once, and both succeed', async () => {
    (await tokenCache()).set('default\u0000business', {
      cached: { value: 'a-business-token-the-bank-revoked', refreshAt: Date.now() + 3_600_000 },
    });
    const reads = await readTwiceAtOnce();
    expect(reads).toMatchObject([
      { ok: true, status: 200 },
      { ok: true, status: 200 },
    ]);
    expect(tokenRequests()).toHaveLength(1);
    expect(claimReads().map((call) => call.status)).toEqual(expect.arrayContaining([401, 401, 200, 200]));
    expect(claimReads()).toHaveLength(4);
  });

  it('a token past its expiry on the bank\u2019s clock (401 TOKEN_EXPIRED) is renewed once for reads at once', async () => {
    const { readBankResource } = await import('@/lib/bank/resources');
    expect(await readBankResource(href)).toMatchObject({ ok: true, status: 200 });
    proxy.reset();
    // The sandbox token lives an hour (expires_in 3600): two hours on, the bank refuses it as expired.
    await advanceSandboxClock(sandbox.url, 7200);
    const reads = await readTwiceAtOnce();
    expect(reads).toMatchObject([
      { ok: true, status: 200 },
      { ok: true, status: 200 },
    ]);
    const refused = claimReads().filter((call) => call.status === 401);
    expect(refused).toHaveLength(2);
    expect(tokenRequests()).toHaveLength(1);
  });
});
