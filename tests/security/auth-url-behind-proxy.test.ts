import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Behind a proxy on another host or port, Auth.js built the electronic-ID provider's redirect URI
// from the request's Host (the app's own port) until AUTH_URL was set. The app now takes it from
// APP_BASE_URL (lib/config), so the README's settings alone are enough (docs/going-live.md).
let issuer: Server;
let issuerUrl: string;
const publicBase = 'https://greidsla.example.is:8443';

beforeAll(async () => {
  // A provider's discovery document: all Auth.js reads before it sends the browser there.
  issuer = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        issuer: issuerUrl,
        authorization_endpoint: `${issuerUrl}/authorize`,
        token_endpoint: `${issuerUrl}/token`,
        jwks_uri: `${issuerUrl}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    );
    void request;
  });
  await new Promise<void>((resolve) => issuer.listen(0, '127.0.0.1', resolve));
  issuerUrl = `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`;
  // The settings both tests start from (each test reads them afresh, in either order).
  Object.assign(process.env, {
    APP_BASE_URL: publicBase,
    AUTH_SECRET: 'auth-url-secret-auth-url-secret-auth-url-0',
    OIDC_ISSUER: issuerUrl,
    OIDC_CLIENT_ID: 'greidsla',
    OIDC_CLIENT_SECRET: 'greidsla-eid-secret',
  });
});

afterAll(async () => {
  await new Promise((resolve) => issuer.close(resolve));
});

describe('Auth.js behind a proxy', () => {
  it('sends the provider the public redirect URI of APP_BASE_URL, not the address the request reached', async () => {
    vi.resetModules();
    delete process.env.AUTH_URL;
    const { settings } = await import('@/lib/config');
    settings();
    expect(process.env.AUTH_URL).toBe(publicBase);

    const { handlers } = await import('@/lib/auth');
    const { NextRequest } = await import('next/server');
    // The proxy reached the app on its own port; the Host is the app's.
    const internal = 'http://127.0.0.1:3000';
    const csrf = await handlers.GET(new NextRequest(`${internal}/api/auth/csrf`));
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = (csrf.headers.getSetCookie?.() ?? []).map((line) => line.split(';')[0]).join('; ');
    const started = await handlers.POST(
      new NextRequest(`${internal}/api/auth/signin/eid`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ csrfToken, callbackUrl: `${publicBase}/is/payments` }),
      }),
    );
    const location = new URL(started.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${issuerUrl}/authorize`);
    expect(location.searchParams.get('redirect_uri')).toBe(`${publicBase}/api/auth/callback/eid`);
  });

  it('leaves an AUTH_URL the operator set as it is', async () => {
    vi.resetModules();
    process.env.AUTH_URL = 'https://login.example.is';
    const { settings } = await import('@/lib/config');
    settings();
    expect(process.env.AUTH_URL).toBe('https://login.example.is');
    delete process.env.AUTH_URL;
  });
});
