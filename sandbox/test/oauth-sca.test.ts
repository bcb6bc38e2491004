import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../src/server.js';
import {
  advanceClock,
  expectError,
  formAction,
  OTHER_CLIENT,
  ScaBrowser,
  singlePayment,
  startTestSandbox,
  TestTpp,
} from './helpers.js';

// The OAuth SCA approach (`scaOAuth`) as BG IG 1.3.8 has it: the authorisation request with PKCE (13.1), the
// code exchanged at the metadata's token endpoint with its verifier (13.3), and the confirmation made with the
// access token obtained so (7.6.3, 7.6.4). Sigrún's account leads to it.
const SIGRUN = 'IS250515260012340303904239';
const CALLBACK = 'http://localhost:3000/api/payments/p1/oauth';

let sandbox: RunningSandbox;
let tpp: TestTpp;
let token: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tpp = new TestTpp(sandbox.url);
  token = await tpp.token();
});
afterAll(() => sandbox.close());

type Links = Record<string, { href: string }>;
const rel = (href: string | undefined) => (href ?? '').replace(sandbox.url, '');

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function metadata(links: Links) {
  const response = await fetch(links.scaOAuth?.href ?? '');
  expect(response.status).toBe(200);
  return (await response.json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
    grant_types_supported: string[];
    code_challenge_methods_supported: string[];
  };
}

async function oauthPayment() {
  const response = await tpp.initiate(token, singlePayment({ debtorAccount: { iban: SIGRUN } }));
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  const links = response.json._links as Links;
  const paymentId = (links.self?.href ?? '').split('/').pop() ?? '';
  return { links, paymentId, server: await metadata(links) };
}

function authorizeUrl(
  endpoint: string,
  paymentId: string,
  extra: Record<string, string | undefined>,
  clientId = 'demo-tpp',
): string {
  const url = new URL(endpoint);
  const query: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: CALLBACK,
    scope: `PIS:${paymentId}`,
    state: 'st-1',
    ...extra,
  };
  url.search = new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
  return url.toString();
}

/** The PSU at the bank: the authorisation request, Sigrún's sign-in and approval; the code it sends back. */
async function approvedCode(authorize: string): Promise<string> {
  const browser = new ScaBrowser();
  const first = await browser.get(authorize);
  expect(first.status, first.html).toBe(302);
  const pageUrl = new URL(first.location ?? '', authorize).toString();
  const login = await browser.get(pageUrl);
  const posted = await browser.post(formAction(login.html, pageUrl), {
    username: 'sigrun',
    password: 'sandbox',
  });
  const review = await browser.get(new URL(posted.location ?? '', pageUrl).toString());
  const decided = await browser.post(formAction(review.html, pageUrl), { decision: 'approve' });
  const back = new URL(decided.location ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  expect(back.searchParams.get('state')).toBe('st-1');
  return back.searchParams.get('code') ?? '';
}

async function tokenRequest(endpoint: string, form: Record<string, string>) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return {
    status: response.status,
    cacheControl: response.headers.get('Cache-Control'),
    json: (await response.json()) as Record<string, unknown>,
  };
}

function exchange(code: string, verifier: string, overrides: Record<string, string> = {}) {
  return {
    grant_type: 'authorization_code',
    client_id: 'demo-tpp',
    code,
    redirect_uri: CALLBACK,
    code_verifier: verifier,
    ...overrides,
  };
}

function confirm(links: Links, bearer: string, body: unknown = {}) {
  return tpp.request('PUT', rel(links.confirmation?.href), tpp.headers(bearer), body);
}

async function scaStatus(links: Links) {
  return (await tpp.get(token, rel(links.scaStatus?.href))).json.scaStatus;
}

/** A payment approved by Sigrún at the bank, with the code and the verifier of its authorisation request. */
async function approved() {
  const payment = await oauthPayment();
  const { verifier, challenge } = pkce();
  const code = await approvedCode(
    authorizeUrl(payment.server.authorization_endpoint, payment.paymentId, {
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }),
  );
  expect(code).not.toBe('');
  return { ...payment, code, verifier };
}

describe('the OAuth server metadata (RFC 8414, BG IG 13)', () => {
  it('names the token endpoint, the authorization_code grant and S256 alone', async () => {
    const { server } = await oauthPayment();
    expect(server.token_endpoint).toBe(`${sandbox.url}/oauth/v2/oauth-token`);
    expect(server.grant_types_supported).toContain('authorization_code');
    expect(server.code_challenge_methods_supported).toEqual(['S256']);
  });
});

describe('the authorisation request (BG IG 13.1: code_challenge mandatory)', () => {
  it('without code_challenge is refused on a page, and the PSU is not taken to the SCA pages', async () => {
    const { server, paymentId, links } = await oauthPayment();
    const refused = await new ScaBrowser().get(authorizeUrl(server.authorization_endpoint, paymentId, {}));
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('code_challenge');
    expect(await scaStatus(links)).toBe('received');
  });

  it('with the plain method, or none (RFC 7636: plain by default), or a challenge not of S256’s form, is refused', async () => {
    const { server, paymentId } = await oauthPayment();
    const { verifier, challenge } = pkce();
    for (const extra of [
      { code_challenge: verifier, code_challenge_method: 'plain' },
      { code_challenge: challenge },
      { code_challenge: 'short', code_challenge_method: 'S256' },
    ]) {
      const refused = await new ScaBrowser().get(
        authorizeUrl(server.authorization_endpoint, paymentId, extra),
      );
      expect(refused.status, JSON.stringify(extra)).toBe(400);
    }
  });
});

describe('the authorisation request’s redirect_uri (RFC 6749 10.6, RFC 9700 4.1)', () => {
  it('off the origin of the payment’s TPP-Redirect-URI is refused on a page, and takes over no authorisation', async () => {
    const { server, paymentId, links } = await oauthPayment();
    const { verifier, challenge } = pkce();
    const legitimate = authorizeUrl(server.authorization_endpoint, paymentId, {
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect((await new ScaBrowser().get(legitimate)).status).toBe(302);
    // Anyone who knows the client's id and the payment's id could otherwise send the PSU to the bank with a
    // redirect_uri and a challenge of their own, and take the code at their address.
    const attacker = pkce();
    for (const redirectUri of [
      'https://attacker.example/cb',
      'http://localhost:3001/cb',
      'http://localhost:3000@attacker.example/',
    ]) {
      const refused = await new ScaBrowser().get(
        authorizeUrl(server.authorization_endpoint, paymentId, {
          redirect_uri: redirectUri,
          code_challenge: attacker.challenge,
          code_challenge_method: 'S256',
        }),
      );
      expect(refused.status, redirectUri).toBe(400);
      expect(refused.html).toContain('redirect_uri');
    }
    expect(await scaStatus(links)).toBe('received');
    // The PSU who approves is sent back to the TPP's own address, whose verifier is the one that works.
    const code = await approvedCode(legitimate);
    const answer = await tokenRequest(server.token_endpoint, exchange(code, verifier));
    expect(answer.status).toBe(200);
  });
});

describe('the token request (BG IG 13.3) and the confirmation (7.6.4)', () => {
  it('exchanges the code with its verifier for a token of that authorisation, which confirms it', async () => {
    const { links, code, verifier, server, paymentId } = await approved();
    expect(await scaStatus(links)).toBe('unconfirmed');
    const answer = await tokenRequest(server.token_endpoint, exchange(code, verifier));
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.cacheControl).toBe('no-store');
    expect(answer.json).toMatchObject({ token_type: 'Bearer', scope: `PIS:${paymentId}` });
    expect(answer.json.expires_in).toBeGreaterThan(0);
    const confirmed = await confirm(links, String(answer.json.access_token));
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json.scaStatus).toBe('finalised');
    expect((await tpp.get(token, rel(links.status?.href))).json.transactionStatus).toBe('ACTC');
  });

  it('a wrong verifier is invalid_grant', async () => {
    const { code, server, links } = await approved();
    const refused = await tokenRequest(server.token_endpoint, exchange(code, pkce().verifier));
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe('invalid_grant');
    expect(await scaStatus(links)).toBe('unconfirmed');
  });

  it('no verifier, another redirect_uri or another client is invalid_grant (or invalid_request without the verifier)', async () => {
    const { code, verifier, server } = await approved();
    const { code_verifier: _, ...withoutVerifier } = exchange(code, verifier);
    expect((await tokenRequest(server.token_endpoint, withoutVerifier)).json.error).toBe('invalid_request');
    expect(
      (
        await tokenRequest(
          server.token_endpoint,
          exchange(code, verifier, { redirect_uri: `${CALLBACK}?other=1` }),
        )
      ).json.error,
    ).toBe('invalid_grant');
    expect(
      (
        await tokenRequest(
          server.token_endpoint,
          exchange(code, verifier, {
            client_id: OTHER_CLIENT.clientId,
            client_secret: OTHER_CLIENT.clientSecret,
          }),
        )
      ).json.error,
    ).toBe('invalid_grant');
    // The refusals spent nothing: the code's own client, with the verifier, still gets its token.
    expect((await tokenRequest(server.token_endpoint, exchange(code, verifier))).status).toBe(200);
  });

  it('a code used once is refused the second time, and the token of the first is revoked', async () => {
    const { code, verifier, server, links } = await approved();
    const first = await tokenRequest(server.token_endpoint, exchange(code, verifier));
    expect(first.status).toBe(200);
    const again = await tokenRequest(server.token_endpoint, exchange(code, verifier));
    expect(again.status).toBe(400);
    expect(again.json.error).toBe('invalid_grant');
    // RFC 6749 4.1.2: the tokens issued on a code used twice are taken back.
    expectError(await confirm(links, String(first.json.access_token)), 401, 'TOKEN_INVALID');
    expect(await scaStatus(links)).toBe('unconfirmed');
  });

  it('a code presented twice at once is exchanged once, and the token of that exchange is revoked', async () => {
    const { code, verifier, server, links } = await approved();
    const answers = await Promise.all(
      [1, 2, 3].map(() => tokenRequest(server.token_endpoint, exchange(code, verifier))),
    );
    const granted = answers.filter((answer) => answer.status === 200);
    expect(granted).toHaveLength(1);
    expect(answers.filter((answer) => answer.json.error === 'invalid_grant')).toHaveLength(2);
    // The code was presented more than once (RFC 6749 4.1.2), however close together: its token is taken back.
    expectError(await confirm(links, String(granted[0]?.json.access_token)), 401, 'TOKEN_INVALID');
    expect(await scaStatus(links)).toBe('unconfirmed');
  });

  it('a code is short-lived: ten minutes on the sandbox clock', async () => {
    const { code, verifier, server } = await approved();
    await advanceClock(sandbox.url, 11 * 60);
    const refused = await tokenRequest(server.token_endpoint, exchange(code, verifier));
    expect(refused.json.error).toBe('invalid_grant');
  });

  it('the confirmation is not made with the client credentials token, nor with the code as confirmationCode', async () => {
    const { code, verifier, server, links } = await approved();
    expectError(await confirm(links, token), 401, 'TOKEN_INVALID', 'Authorization');
    expectError(
      await confirm(links, token, { confirmationCode: code }),
      400,
      'FORMAT_ERROR',
      'confirmationCode',
    );
    expect(await scaStatus(links)).toBe('unconfirmed');
    // Still confirmable the right way.
    const answer = await tokenRequest(server.token_endpoint, exchange(code, verifier));
    expect((await confirm(links, String(answer.json.access_token))).json.scaStatus).toBe('finalised');
  });

  it('the token of one authorisation is of its payment alone', async () => {
    const one = await approved();
    const other = await oauthPayment();
    const answer = await tokenRequest(one.server.token_endpoint, exchange(one.code, one.verifier));
    const bearer = String(answer.json.access_token);
    // BG IG 13.6: requests on the payment of its scope are authorised by it; others are not.
    expect((await tpp.get(bearer, rel(one.links.status?.href))).status).toBe(200);
    expectError(await tpp.get(bearer, rel(other.links.status?.href)), 401, 'TOKEN_INVALID');
    expectError(await tpp.initiate(bearer, singlePayment()), 401, 'TOKEN_INVALID');
  });
});
