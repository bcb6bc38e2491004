import { Auth } from '@auth/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcAuthorizationParams, oidcProvider } from '@/lib/auth/oidc';
import { parseSettings } from '@/lib/config';
import type { RunningSandbox } from '@/sandbox/src/server';
import { startTestSandbox } from '@/sandbox/test/helpers';

/**
 * The language the PSU chose in the app carries to the electronic-ID provider's pages: the sign-in asks with
 * `ui_locales` (OpenID Connect Core 3.1.2.1), and the sandbox's provider shows its page in that language
 * rather than the one the browser's Accept-Language asks for. Auth.js's own sign-in endpoint, as the app's
 * sign-in actions call it (lib/auth/actions), against the sandbox's identity provider over loopback.
 */

const APP = 'http://localhost:3000';
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox?.close());

/** Where Auth.js sends the browser for a sign-in started with `params`: the provider's authorization URL. */
async function authorizationUrl(params: Record<string, string>): Promise<URL> {
  const settings = parseSettings({
    AUTH_SECRET: 'ui-locales-secret-ui-locales-secret-0123',
    OIDC_ISSUER: `${sandbox.url}/idp`,
    OIDC_CLIENT_ID: 'greidsla',
    OIDC_CLIENT_SECRET: 'greidsla-eid-secret',
  });
  const provider = oidcProvider(settings);
  if (!provider) throw new Error('no provider');
  const config = {
    providers: [provider],
    secret: settings.AUTH_SECRET,
    trustHost: true,
    basePath: '/api/auth',
  };
  const csrf = await Auth(new Request(`${APP}/api/auth/csrf`), config);
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const started = await Auth(
    new Request(`${APP}/api/auth/signin/eid?${new URLSearchParams(params)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${APP}/is/account` }),
    }),
    config,
  );
  const location = started.headers.get('Location') ?? '';
  expect(location.startsWith(`${sandbox.url}/idp/authorize`), location).toBe(true);
  return new URL(location);
}

/** The provider's sign-in page for an authorization URL, asked for by a browser set to English. */
async function providerPage(url: URL): Promise<string> {
  const headers = { 'Accept-Language': 'en-GB,en;q=0.9' };
  const begun = await fetch(url, { headers, redirect: 'manual' });
  expect(begun.status).toBe(303);
  const page = await fetch(new URL(begun.headers.get('Location') ?? '', url), { headers });
  expect(page.status).toBe(200);
  return page.text();
}

describe("the PSU's language carries to the electronic-ID page (OpenID Connect Core 3.1.2.1 ui_locales)", () => {
  it('a sign-in from an Icelandic page asks for Icelandic, and the provider answers in it over the browser', async () => {
    const url = await authorizationUrl(oidcAuthorizationParams('is'));
    expect(url.searchParams.get('ui_locales')).toBe('is');
    // The parameters the provider configuration sets stay as they were.
    expect(url.searchParams.get('prompt')).toBe('login');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const html = await providerPage(url);
    expect(html).toContain('<html lang="is">');
    expect(html).toContain('Innskráning með rafrænum skilríkjum');
  });

  it('a sign-in from an English page asks for English', async () => {
    const url = await authorizationUrl(oidcAuthorizationParams('en'));
    expect(url.searchParams.get('ui_locales')).toBe('en');
    expect(await providerPage(url)).toContain('Sign in with electronic ID');
  });
});
