import { createLocalJWKSet, decodeJwt, type JSONWebKeySet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdpClient } from '../src/config.js';
import { DEMO_PIN } from '../src/identity/people.js';
import type { RunningSandbox } from '../src/server.js';
import { sandboxDataDir } from '../src/testing.js';
import {
  advanceClock,
  type FormPost,
  forgedTokenPairs,
  formAction,
  postForm,
  ScaBrowser,
  signInPageWithToken,
  startTestSandbox,
} from './helpers.js';

// A stranger's client: oauth4webapi (the OAuth library under next-auth) over real HTTP, against the bank's
// electronic-ID provider. The specifications followed: OpenID Connect Core 1.0 and Discovery 1.0, RFC 6749
// (OAuth 2.0), RFC 7636 (PKCE), RFC 9207 (iss in the authorization response), RFC 6750 (Bearer).

const APP: IdpClient = {
  clientId: 'greidsla-test',
  clientSecret: 'greidsla-test-secret',
  redirectUris: ['http://localhost:3000/api/auth/callback/eid'],
};
const OTHER: IdpClient = {
  clientId: 'other-service',
  clientSecret: 'other-service-secret',
  redirectUris: ['https://other.example/callback'],
};
const REDIRECT = APP.redirectUris[0] ?? '';
const JON = '0101302989';
/** The cookie of the sign-in page, whose double its form carries (README, The sign-in page). */
const SIGN_IN_COOKIE = 'sandbox_idp_signin';
const insecure = { [oauth.allowInsecureRequests]: true };

let sandbox: RunningSandbox;
let issuer: URL;
let as: oauth.AuthorizationServer;

async function discover(base: string): Promise<oauth.AuthorizationServer> {
  const url = new URL(`${base}/idp`);
  return oauth.processDiscoveryResponse(
    url,
    await oauth.discoveryRequest(url, { algorithm: 'oidc', ...insecure }),
  );
}

beforeAll(async () => {
  sandbox = await startTestSandbox({ idpClients: [APP, OTHER] });
  issuer = new URL(`${sandbox.url}/idp`);
  as = await discover(sandbox.url);
});
afterAll(() => sandbox.close());

const client = (c: IdpClient = APP): oauth.Client => ({ client_id: c.clientId });

interface Started {
  state: string;
  nonce: string;
  verifier: string;
  /** The first answer to the authorization request (303 to the sign-in page, or to the client). */
  location: string;
  status: number;
}

/** The client sends the browser to the authorization endpoint; the browser follows nothing by itself. */
async function authorize(
  params: Record<string, string | undefined> = {},
  c: IdpClient = APP,
): Promise<Started> {
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(as.authorization_endpoint ?? '');
  const all: Record<string, string | undefined> = {
    client_id: c.clientId,
    redirect_uri: c.redirectUris[0],
    response_type: 'code',
    scope: 'openid profile email',
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...params,
  };
  for (const [name, value] of Object.entries(all)) if (value !== undefined) url.searchParams.set(name, value);
  const response = await fetch(url, { redirect: 'manual' });
  await response.text();
  return {
    state,
    nonce,
    verifier,
    status: response.status,
    location: response.headers.get('Location') ?? '',
  };
}

/** The person on the sign-in page: the form posted as a browser would, with the button pressed. */
async function onSignInPage(started: Started, fields: Record<string, string>) {
  const browser = new ScaBrowser();
  const pageUrl = new URL(started.location, sandbox.url).toString();
  const page = await browser.get(pageUrl);
  expect(page.status).toBe(200);
  const answer = await browser.post(formAction(page.html, pageUrl), {
    lang: 'is',
    action: 'signIn',
    ...fields,
  });
  return { ...answer, location: answer.location ?? '' };
}

/** Authorization through to the code back at the client, checked as the client checks it. */
async function codeFor(kennitala = JON, params: Record<string, string | undefined> = {}, c: IdpClient = APP) {
  const started = await authorize(params, c);
  expect(started.status).toBe(303);
  const signedIn = await onSignInPage(started, { kennitala, pin: DEMO_PIN });
  expect(signedIn.status).toBe(303);
  const callback = oauth.validateAuthResponse(as, client(c), new URL(signedIn.location), started.state);
  return { ...started, callback, callbackUrl: signedIn.location };
}

async function exchange(
  code: Awaited<ReturnType<typeof codeFor>>,
  options: { auth?: oauth.ClientAuth; redirectUri?: string; verifier?: string; c?: IdpClient } = {},
) {
  const c = options.c ?? APP;
  return oauth.authorizationCodeGrantRequest(
    as,
    client(c),
    options.auth ?? oauth.ClientSecretBasic(c.clientSecret),
    code.callback,
    options.redirectUri ?? REDIRECT,
    options.verifier ?? code.verifier,
    insecure,
  );
}

/** The token endpoint's error as the client library reports it. */
async function tokenError(response: Response, c: IdpClient = APP) {
  try {
    await oauth.processAuthorizationCodeResponse(as, client(c), response);
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return { status: error.status, error: error.error };
    if (error instanceof oauth.WWWAuthenticateChallengeError) {
      const body = (await error.response.json()) as { error: string };
      return { status: error.status, error: body.error, challenge: error.cause[0]?.scheme };
    }
    throw error;
  }
  throw new Error('the token endpoint answered with tokens');
}

describe('discovery (OpenID Connect Discovery 1.0)', () => {
  it('publishes the issuer, the endpoints under it, code with S256 PKCE and both client authentications', () => {
    expect(as.issuer).toBe(issuer.href);
    for (const endpoint of [
      as.authorization_endpoint,
      as.token_endpoint,
      as.userinfo_endpoint,
      as.jwks_uri,
    ]) {
      expect(endpoint?.startsWith(`${issuer.href}/`)).toBe(true);
    }
    expect(as.response_types_supported).toEqual(['code']);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'client_secret_post']);
    expect(as.id_token_signing_alg_values_supported).toEqual(['RS256']);
  });

  it('the JWKS holds public keys only', async () => {
    const jwks = (await (await fetch(as.jwks_uri ?? '')).json()) as JSONWebKeySet;
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      for (const privateMember of ['d', 'p', 'q', 'dp', 'dq', 'qi'])
        expect(key).not.toHaveProperty(privateMember);
    }
  });
});

describe('authorization code with PKCE, client_secret_basic', () => {
  it('gives an ID token with sub, name and the kennitala in nationalRegisterId, signed with a JWKS key', async () => {
    const code = await codeFor(JON);
    expect(new URL(code.callbackUrl).searchParams.get('iss')).toBe(issuer.href);
    const response = await exchange(code);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client(), response, {
      expectedNonce: code.nonce,
      requireIdToken: true,
    });
    // The signature, checked against jwks_uri as the client would (OpenID Connect Core 3.1.3.7).
    await oauth.validateApplicationLevelSignature(as, response, insecure);
    const claims = oauth.getValidatedIdTokenClaims(tokens);
    expect(claims).toMatchObject({
      iss: issuer.href,
      aud: APP.clientId,
      nonce: code.nonce,
      name: 'Jón Jónsson',
      nationalRegisterId: JON,
      email: 'jon@example.com',
      email_verified: true,
    });
    expect(claims?.sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims?.sub).not.toContain(JON);
    expect(typeof claims?.auth_time).toBe('number');
    expect(tokens.token_type).toBe('bearer');

    const info = await oauth.processUserInfoResponse(
      as,
      client(),
      claims?.sub ?? '',
      await oauth.userInfoRequest(as, client(), tokens.access_token, insecure),
    );
    expect(info).toMatchObject({ sub: claims?.sub, name: 'Jón Jónsson', nationalRegisterId: JON });
  });

  it('gives the same subject to the same person every time', async () => {
    const subjects = [];
    for (let i = 0; i < 2; i++) {
      const code = await codeFor(JON);
      const tokens = await oauth.processAuthorizationCodeResponse(as, client(), await exchange(code), {
        expectedNonce: code.nonce,
      });
      subjects.push(oauth.getValidatedIdTokenClaims(tokens)?.sub);
    }
    expect(subjects[0]).toBe(subjects[1]);
  });
});

describe('client_secret_post, people without accounts or e-mail, scopes', () => {
  it('client_secret_post works; a person with no e-mail gets no email claim; the kennitala may be typed with a dash', async () => {
    const code = await codeFor('310896-2099');
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client(),
      await exchange(code, { auth: oauth.ClientSecretPost(APP.clientSecret) }),
      { expectedNonce: code.nonce },
    );
    const claims = oauth.getValidatedIdTokenClaims(tokens);
    expect(claims).toMatchObject({ name: 'Gunnar Prófason', nationalRegisterId: '3108962099' });
    expect(claims).not.toHaveProperty('email');
  });

  it('scope openid alone gives the subject and no personal claims', async () => {
    const code = await codeFor(JON, { scope: 'openid' });
    const tokens = await oauth.processAuthorizationCodeResponse(as, client(), await exchange(code), {
      expectedNonce: code.nonce,
    });
    const claims = oauth.getValidatedIdTokenClaims(tokens) ?? {};
    expect(claims).not.toHaveProperty('nationalRegisterId');
    expect(claims).not.toHaveProperty('name');
    expect(tokens.scope).toBe('openid');
  });
});

describe('refused as RFC 6749 and RFC 7636 say', () => {
  it('a wrong code_verifier: invalid_grant (RFC 7636 4.6)', async () => {
    const code = await codeFor();
    const answer = await tokenError(await exchange(code, { verifier: oauth.generateRandomCodeVerifier() }));
    expect(answer).toMatchObject({ status: 400, error: 'invalid_grant' });
  });

  it('a code used twice: invalid_grant, and the tokens of the first use stop working (RFC 6749 4.1.2)', async () => {
    const code = await codeFor();
    const first = await oauth.processAuthorizationCodeResponse(as, client(), await exchange(code), {
      expectedNonce: code.nonce,
    });
    const info = () =>
      fetch(as.userinfo_endpoint ?? '', { headers: { Authorization: `Bearer ${first.access_token}` } });
    expect((await info()).status).toBe(200);
    expect(await tokenError(await exchange(code))).toMatchObject({ status: 400, error: 'invalid_grant' });
    const after = await info();
    expect(after.status).toBe(401);
    expect(after.headers.get('WWW-Authenticate')).toContain('error="invalid_token"');
  });

  it('a code presented three times at once is exchanged once, and the tokens of that exchange are taken back', async () => {
    for (let round = 0; round < 8; round++) {
      const code = await codeFor();
      const answers = await Promise.all([1, 2, 3].map(() => exchange(code)));
      const bodies = await Promise.all(
        answers.map(async (answer) => ({
          status: answer.status,
          body: (await answer.json()) as Record<string, string>,
        })),
      );
      const granted = bodies.filter((answer) => answer.status === 200);
      expect(granted, `round ${round}`).toHaveLength(1);
      expect(
        bodies.filter((answer) => answer.body.error === 'invalid_grant'),
        `round ${round}`,
      ).toHaveLength(2);
      // RFC 6749 4.1.2: presented more than once, however close together, the code's tokens are taken back.
      const info = await fetch(as.userinfo_endpoint ?? '', {
        headers: { Authorization: `Bearer ${granted[0]?.body.access_token}` },
      });
      expect(info.status, `round ${round}`).toBe(401);
    }
  });

  it("a redirect_uri at the token endpoint other than the authorization request's: invalid_grant (RFC 6749 4.1.3)", async () => {
    const code = await codeFor();
    const answer = await tokenError(await exchange(code, { redirectUri: `${REDIRECT}/` }));
    expect(answer).toMatchObject({ status: 400, error: 'invalid_grant' });
  });

  it('an unregistered redirect_uri at the authorization endpoint: a page, never a redirect (RFC 6749 4.1.2.1)', async () => {
    for (const redirectUri of [
      `${REDIRECT}/`,
      `${REDIRECT}?x=1`,
      'https://attacker.example/cb',
      REDIRECT.toUpperCase(),
    ]) {
      const started = await authorize({ redirect_uri: redirectUri });
      expect(started.status, redirectUri).toBe(400);
      expect(started.location, redirectUri).toBe('');
    }
    const unknownClient = await authorize({ client_id: 'nobody' });
    expect(unknownClient.status).toBe(400);
    expect(unknownClient.location).toBe('');
  });

  it('a wrong client secret: 401 invalid_client with a Basic challenge (RFC 6749 5.2)', async () => {
    const code = await codeFor();
    const answer = await tokenError(await exchange(code, { auth: oauth.ClientSecretBasic('wrong-secret') }));
    expect(answer).toMatchObject({ status: 401, error: 'invalid_client', challenge: 'basic' });
    const posted = await tokenError(await exchange(code, { auth: oauth.ClientSecretPost('wrong-secret') }));
    expect(posted).toMatchObject({ status: 401, error: 'invalid_client' });
  });

  it('the code is spent by the first authenticated presentation, even a failed one', async () => {
    const code = await codeFor();
    await tokenError(await exchange(code, { verifier: oauth.generateRandomCodeVerifier() }));
    expect(await tokenError(await exchange(code))).toMatchObject({ status: 400, error: 'invalid_grant' });
  });

  it("another client's code: invalid_grant", async () => {
    const code = await codeFor();
    const answer = await tokenError(await exchange(code, { c: OTHER, redirectUri: REDIRECT }), OTHER);
    expect(answer).toMatchObject({ status: 400, error: 'invalid_grant' });
  });

  it('without PKCE, or with plain: invalid_request at the client, with state and iss (RFC 7636 4.4.1)', async () => {
    for (const params of [
      { code_challenge: undefined, code_challenge_method: undefined },
      { code_challenge_method: 'plain' },
      { code_challenge_method: undefined },
    ]) {
      const started = await authorize(params);
      expect(started.status).toBe(303);
      const back = new URL(started.location);
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get('state')).toBe(started.state);
      expect(() => oauth.validateAuthResponse(as, client(), back, started.state)).toThrow(
        expect.objectContaining({ error: 'invalid_request' }),
      );
    }
  });

  it('without code_verifier at the token endpoint: invalid_grant', async () => {
    const code = await codeFor();
    const response = await fetch(as.token_endpoint ?? '', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from(`${APP.clientId}:${APP.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code.callback.get('code') ?? '',
        redirect_uri: REDIRECT,
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('a code past its minute on the sandbox clock: invalid_grant', async () => {
    const code = await codeFor();
    await advanceClock(sandbox.url, 61);
    expect(await tokenError(await exchange(code))).toMatchObject({ status: 400, error: 'invalid_grant' });
  });

  it('both client authentications at once, a parameter twice, another grant type: refused', async () => {
    const code = await codeFor();
    const send = (body: string, basic = true) =>
      fetch(as.token_endpoint ?? '', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          ...(basic
            ? {
                Authorization: `Basic ${Buffer.from(`${APP.clientId}:${APP.clientSecret}`).toString('base64')}`,
              }
            : {}),
        },
        body,
      }).then(async (r) => ({ status: r.status, ...((await r.json()) as { error: string }) }));
    const form = `grant_type=authorization_code&code=${code.callback.get('code')}&redirect_uri=${encodeURIComponent(REDIRECT)}&code_verifier=${code.verifier}`;
    expect(await send(`${form}&client_secret=${APP.clientSecret}`)).toMatchObject({
      status: 400,
      error: 'invalid_request',
    });
    expect(await send(`${form}&code=again`)).toMatchObject({ status: 400, error: 'invalid_request' });
    expect(await send('grant_type=client_credentials')).toMatchObject({
      status: 400,
      error: 'unsupported_grant_type',
    });
    expect(await send(`${form}&client_id=${APP.clientId}`, false)).toMatchObject({
      status: 401,
      error: 'invalid_client',
    });
    const malformedBasic = await fetch(as.token_endpoint ?? '', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: 'Basic %%%' },
      body: form,
    });
    expect(malformedBasic.status).toBe(401);
  });

  it('prompt=none is answered login_required: no session is kept', async () => {
    const started = await authorize({ prompt: 'none' });
    expect(() => oauth.validateAuthResponse(as, client(), new URL(started.location), started.state)).toThrow(
      expect.objectContaining({ error: 'login_required' }),
    );
  });

  it('userinfo without a token: 401 with a Bearer challenge (RFC 6750 3)', async () => {
    const response = await fetch(as.userinfo_endpoint ?? '');
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer realm="idp"');
  });
});

describe('the sign-in page', () => {
  it('refuses a wrong PIN on the page in its language, keeps the kennitala, sends nothing to the client', async () => {
    const started = await authorize({ ui_locales: 'en' });
    const wrong = await onSignInPage(started, { kennitala: JON, pin: '0000', lang: 'en' });
    expect(wrong.status).toBe(400);
    expect(wrong.location).toBe('');
    expect(wrong.html).toContain('<html lang="en">');
    expect(wrong.html).toContain('role="alert"');
    expect(wrong.html).toContain(`value="${JON}"`);
    const right = await onSignInPage(started, { kennitala: JON, pin: DEMO_PIN });
    expect(right.status).toBe(303);
    expect(
      oauth.validateAuthResponse(as, client(), new URL(right.location), started.state).get('code'),
    ).toBeTruthy();
  });

  it('cancel sends access_denied with the state back to the client', async () => {
    const started = await authorize();
    const cancelled = await onSignInPage(started, { action: 'cancel' });
    expect(cancelled.status).toBe(303);
    expect(() =>
      oauth.validateAuthResponse(as, client(), new URL(cancelled.location), started.state),
    ).toThrow(expect.objectContaining({ error: 'access_denied' }));
  });

  it('a finished sign-in cannot be used again', async () => {
    const started = await authorize();
    expect((await onSignInPage(started, { kennitala: JON, pin: DEMO_PIN })).status).toBe(303);
    const again = await fetch(new URL(started.location, sandbox.url));
    expect(again.status).toBe(404);
  });

  it('switches language and keeps the kennitala typed, never the PIN', async () => {
    const started = await authorize({ ui_locales: 'is' });
    const pageUrl = new URL(started.location, sandbox.url).toString();
    const browser = new ScaBrowser();
    const page = (await browser.get(pageUrl)).html;
    expect(page).toContain('<html lang="is">');
    expect(page).toMatch(
      /<nav class="language" aria-label="Tungumál"><button [^>]*name="switchTo" value="en" lang="en">English<\/button>/,
    );
    const switched = await browser.post(formAction(page, pageUrl), {
      lang: 'is',
      kennitala: JON,
      pin: DEMO_PIN,
      switchTo: 'en',
    });
    const html = switched.html;
    expect(switched.status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Sign in with electronic ID');
    expect(html).toContain(`value="${JON}"`);
    expect(html).not.toContain(DEMO_PIN);
  });

  // Another site's page (another port of the same host is the same site) could sign the visitor in at the service
  // as someone else (login CSRF), or cancel the sign-in: the form carries the double of its page's own cookie.
  it('a sign-in, cancel or switch without the page`s cookie and token is refused in its language, nothing sent to the client', async () => {
    const started = await authorize({ ui_locales: 'en' });
    const pageUrl = new URL(started.location, sandbox.url).toString();
    const { action, cookie, csrf } = await signInPageWithToken(pageUrl, SIGN_IN_COOKIE);
    // Another sign-in page's pair: good for its own only.
    const other = await signInPageWithToken(
      new URL((await authorize()).location, sandbox.url).toString(),
      SIGN_IN_COOKIE,
    );
    const post = (cookieHeader: string, fields: Record<string, string>, headers?: Record<string, string>) =>
      postForm(
        action,
        cookieHeader,
        { lang: 'en', action: 'signIn', kennitala: JON, pin: DEMO_PIN, ...fields },
        headers,
      );
    const forged: FormPost[] = [
      ...forgedTokenPairs(SIGN_IN_COOKIE, { cookie, csrf }, other),
      ['', { csrf, action: 'cancel' }],
      ['', { csrf, switchTo: 'is' }],
    ];
    for (const [cookieHeader, fields, headers] of forged) {
      const refused = await post(cookieHeader, fields, headers);
      const what = `${cookieHeader} ${JSON.stringify(fields)} ${JSON.stringify(headers ?? {})}`;
      expect(refused.status, what).toBe(403);
      expect(refused.headers.get('Location'), what).toBeNull();
      const text = await refused.text();
      expect(text, what).toContain('<html lang="en">');
      expect(text, what).toContain('so you have not been signed in');
    }
    const signedIn = await post(cookie, { csrf }, { 'Sec-Fetch-Site': 'same-origin' });
    expect(signedIn.status).toBe(303);
    expect(
      oauth
        .validateAuthResponse(as, client(), new URL(signedIn.headers.get('Location') ?? ''), started.state)
        .get('code'),
    ).toBeTruthy();
  });
});

describe('test people (admin: /sandbox/idp/people)', () => {
  it('lists the seeded people; a person added signs in; a taken kennitala or a company is refused', async () => {
    const people = (await (await fetch(`${sandbox.url}/sandbox/idp/people`)).json()) as {
      people: Array<{ kennitala: string; name: string; email: string | null }>;
    };
    expect(people.people).toContainEqual(
      expect.objectContaining({ kennitala: '1704952179', name: 'Sigríður Prófadóttir' }),
    );
    expect(people.people.map((p) => p.kennitala)).not.toContain('5102993029');
    const add = (body: unknown) =>
      fetch(`${sandbox.url}/sandbox/idp/people`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const added = await add({ kennitala: '2902963909', name: 'Ægir Örnólfsson' });
    expect(added.status).toBe(201);
    expect((await add({ kennitala: '2902963909', name: 'Again' })).status).toBe(409);
    expect((await add({ kennitala: '5102993029', name: 'Sandkassi ehf.' })).status).toBe(400);
    expect((await add({ kennitala: '2902963919', name: 'Wrong check digit' })).status).toBe(400);

    const code = await codeFor('2902963909');
    const tokens = await oauth.processAuthorizationCodeResponse(as, client(), await exchange(code), {
      expectedNonce: code.nonce,
    });
    expect(oauth.getValidatedIdTokenClaims(tokens)).toMatchObject({
      name: 'Ægir Örnólfsson',
      nationalRegisterId: '2902963909',
    });
  });
});

describe('the signing key survives a restart', () => {
  it('an ID token from before the restart verifies with the JWKS after it', async () => {
    const dataDir = await sandboxDataDir();
    const first = await startTestSandbox({
      dataDir,
      idpClients: [APP],
    });
    let idToken: string;
    let firstServer: oauth.AuthorizationServer;
    try {
      firstServer = await discover(first.url);
      const saved = { sandbox, as };
      sandbox = first;
      as = firstServer;
      try {
        const code = await codeFor();
        const tokens = await oauth.processAuthorizationCodeResponse(as, client(), await exchange(code), {
          expectedNonce: code.nonce,
        });
        idToken = tokens.id_token ?? '';
      } finally {
        ({ sandbox, as } = saved);
      }
    } finally {
      await first.close();
    }
    const restarted = await startTestSandbox({ dataDir, idpClients: [APP] });
    try {
      const jwks = (await (await fetch(`${restarted.url}/idp/jwks`)).json()) as JSONWebKeySet;
      const { payload } = await jwtVerify(idToken, createLocalJWKSet(jwks), { audience: APP.clientId });
      expect(payload).toMatchObject({ nationalRegisterId: JON });
      expect(decodeJwt(idToken).iss).toBe(firstServer.issuer);
    } finally {
      await restarted.close();
    }
  });
});
