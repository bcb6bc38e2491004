import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { approveAtBank, arriveAt as arriveFrom } from '@/tests/support/oauth-return';

// The PSU signed in to the app, for the route handler the bank's OAuth server sends the PSU back to.
const session = vi.hoisted(() => ({ psuId: null as string | null }));
vi.mock('@/lib/auth/session', () => ({ currentPsuId: async () => session.psuId }));

/**
 * The OAuth SCA approach (payment spec 2.5: `scaOAuth`, the URI of the bank's authorisation server metadata)
 * as BG IG 1.3.8 has it, the app against the sandbox bank through a recording proxy: the authorisation request
 * carries a PKCE challenge (13.1), the code that comes back is exchanged at the metadata's token endpoint with
 * its verifier (7.6.3, 13.3), and the authorisation is confirmed with the access token so obtained (7.6.4).
 */

const SIGRUN = 'IS250515260012340303904239';
const PSU_IP = '10.20.30.40';

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'oauth-sca-secret-oauth-sca-secret-0123456' });
  session.psuId = app.psuId;
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());

const arriveAt = (address: URL, paymentId: string) => arriveFrom(address, paymentId, PSU_IP);

const bearerOf = (call: { headers: Record<string, unknown> }) => String(call.headers.authorization ?? '');

describe('OAuth SCA (BG IG 13): PKCE, the code exchanged at the token endpoint, confirmed with its token', () => {
  it('sends a code_challenge, exchanges the code with its verifier, and confirms with the resulting token', async () => {
    const payment = await app.pay({ debtorIban: SIGRUN });
    const authorize = new URL(payment.redirectTo);
    expect(authorize.pathname).toBe('/oauth/v2/authorize');
    const challenge = authorize.searchParams.get('code_challenge') ?? '';
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.has('code_verifier')).toBe(false);

    const back = await approveAtBank(payment.redirectTo);
    const code = back.searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    expect(await arriveAt(back, payment.id)).toBe(`http://127.0.0.1:9/en/payments/${payment.id}`);

    const calls = app.proxy.bankCalls();
    const exchanges = calls.filter(
      (call) =>
        call.method === 'POST' && call.path === '/oauth/v2/oauth-token' && call.body.includes('code='),
    );
    expect(exchanges).toHaveLength(1);
    const form = new URLSearchParams(exchanges[0]?.body);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('code')).toBe(code);
    expect(form.get('client_id')).toBe('demo-tpp');
    expect(form.get('redirect_uri')).toBe(`${authorize.searchParams.get('redirect_uri')}`);
    const verifier = form.get('code_verifier') ?? '';
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
    // The verifier never went through the PSU's browser.
    expect(payment.redirectTo).not.toContain(verifier);
    expect(back.toString()).not.toContain(verifier);

    // The confirmation: made with the token of the code, not the client credentials token, and without the code.
    const confirmations = calls.filter(
      (call) => call.method === 'PUT' && /\/authorisations\/[^/]+$/.test(call.path),
    );
    expect(confirmations).toHaveLength(1);
    const confirmation = confirmations[0];
    expect(confirmation?.body).not.toContain(code);
    const clientCall = calls.find((call) => call.method === 'GET' && call.path.endsWith('/status'));
    expect(bearerOf(confirmation ?? { headers: {} })).toMatch(/^Bearer .+/);
    expect(bearerOf(confirmation ?? { headers: {} })).not.toBe(bearerOf(clientCall ?? { headers: {} }));

    const row = await app.payment(payment.id);
    expect(row.sca?.scaStatus).toBe('finalised');
    expect(['ACTC', 'ACSP', 'ACSC']).toContain(row.transactionStatus);
  });

  it('the same return arriving three times at once (a double click, two tabs): the code is exchanged once, the payment confirmed', async () => {
    const payment = await app.pay({ debtorIban: SIGRUN });
    const back = await approveAtBank(payment.redirectTo);
    app.proxy.reset();
    const pages = await Promise.all([1, 2, 3].map(() => arriveAt(back, payment.id)));
    expect(pages).toEqual(Array(3).fill(`http://127.0.0.1:9/en/payments/${payment.id}`));

    const calls = app.proxy.bankCalls();
    const exchanges = calls.filter(
      (call) =>
        call.method === 'POST' && call.path === '/oauth/v2/oauth-token' && call.body.includes('code='),
    );
    expect(exchanges).toHaveLength(1);
    expect(
      calls.filter((call) => call.method === 'PUT' && /\/authorisations\/[^/]+$/.test(call.path)),
    ).toHaveLength(1);
    const row = await app.payment(payment.id);
    expect(row.sca?.scaStatus).toBe('finalised');
    expect(['ACTC', 'ACSP', 'ACSC']).toContain(row.transactionStatus);
  });

  it('one verifier per authorisation: sent to the bank twice, the PSU meets the same challenge', async () => {
    const payment = await app.pay({ debtorIban: SIGRUN });
    const { oauthRedirect } = await import('@/lib/payments/oauth-step');
    const again = new URL(await oauthRedirect(app.db, await app.payment(payment.id), PSU_IP));
    expect(again.searchParams.get('code_challenge')).toBe(
      new URL(payment.redirectTo).searchParams.get('code_challenge'),
    );
    // Another payment's authorisation has a verifier of its own.
    const other = await app.pay({ debtorIban: SIGRUN });
    expect(new URL(other.redirectTo).searchParams.get('code_challenge')).not.toBe(
      again.searchParams.get('code_challenge'),
    );
  });
});
