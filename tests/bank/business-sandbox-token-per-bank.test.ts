import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '@/tests/support/scratch';
import { type FakeBank, startFakeBank } from '@/tests/webhooks/support';

/**
 * Business spec part 5, "Sandbox": a sandbox token is generated in one bank's portal. BANK_B2B_SANDBOX_TOKEN is
 * that token of the bank of the BANK_* settings; a directory of several banks has each bank's business token
 * asked of that bank with its own credentials, and the portal token goes to no other bank.
 */

let first: FakeBank;
let second: FakeBank;

function entry(id: string, bankNumber: string, url: string) {
  return {
    id,
    name: `Banki ${id}`,
    bankNumbers: [bankNumber],
    urls: { payments: `${url}/psd2`, auth: url, events: `${url}/events`, business: `${url}/business` },
    credentials: {
      clientId: `${id}-client`,
      clientSecret: `${id}-secret`,
      subscriptionKey: `${id}-key`,
      businessUsername: `${id}-user`,
      businessPassword: `${id}-password`,
    },
    offer: {
      services: ['payments'],
      products: ['credit-transfers'],
      scaApproaches: ['REDIRECT'],
      notifications: false,
      webhooks: true,
    },
  };
}

beforeAll(async () => {
  const claims = (method: string, pathname: string) =>
    method === 'GET' && pathname.startsWith('/business/claims') ? { status: 200, body: [] } : undefined;
  first = await startFakeBank(claims);
  second = await startFakeBank(claims);
  const file = path.join(scratchDir('greidsla-portal-token-'), 'banks.json');
  writeFileSync(
    file,
    JSON.stringify({ banks: [entry('fyrsti', '01', first.url), entry('annar', '02', second.url)] }),
  );
  Object.assign(process.env, {
    AUTH_SECRET: 'portal-token-per-bank-secret-0123456789abc',
    BANK_DIRECTORY: file,
    BANK_B2B_SANDBOX_TOKEN: 'portal-token-of-one-bank',
  });
});

afterAll(async () => {
  await first?.close();
  await second?.close();
});

describe('a portal sandbox token with a directory of several banks', () => {
  it('is sent to no bank; each bank is asked for its own business token', async () => {
    const { listClaims } = await import('@/lib/bank/claims');
    const { inBank } = await import('@/lib/bank/scope');
    const { bankById } = await import('@/lib/bank/directory');
    for (const id of ['fyrsti', 'annar']) {
      const bank = bankById(id);
      if (!bank) throw new Error(`no bank ${id}`);
      await inBank(bank, () => listClaims('0101302989'));
    }
    for (const [bank, id] of [
      [first, 'fyrsti'],
      [second, 'annar'],
    ] as const) {
      const claimCalls = bank.requests.filter((request) => request.path.startsWith('/business/claims'));
      expect(claimCalls.length).toBeGreaterThan(0);
      for (const call of claimCalls) expect(call.headers.authorization).toBe('Bearer bank-token');
      expect(bank.requests.some((request) => request.path === '/oauth/v2/oauth-token')).toBe(true);
      expect(claimCalls[0]?.headers['ocp-apim-subscription-key']).toBe(`${id}-key`);
    }
  });
});
