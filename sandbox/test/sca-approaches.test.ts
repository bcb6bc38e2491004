import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPisContract } from '../src/contract.js';
import type { RunningSandbox } from '../src/server.js';
import {
  advanceClock,
  expectError,
  formAction,
  JON_MAIN,
  ScaBrowser,
  singlePayment,
  startTestSandbox,
  TestTpp,
} from './helpers.js';

const HELGA = 'IS950515260012341505852289';
const OLAFUR = 'IS830515260012342207793199';
const SIGRUN = 'IS250515260012340303904239';
const SANDKASSI = 'IS780515260012345102993029';
const BOKHALD = 'IS950515260012346403164039';
const JON_SAVINGS = 'IS860159260012340101302989';
const JON_KENNITALA = '0101302989';

let sandbox: RunningSandbox;
let tpp: TestTpp;
let token: string;
const seenScaStatuses = new Set<string>();

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tpp = new TestTpp(sandbox.url);
  token = await tpp.token();
});
afterAll(() => sandbox.close());

const OK_URI = 'http://localhost:3000/en/payments/p1/return?result=ok';

function valid(schema: string, body: unknown) {
  const validate = loadPisContract().validator(schema);
  expect(validate(body), `${schema}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

type Links = Record<string, { href: string }>;
const rel = (href: string | undefined) => (href ?? '').replace(sandbox.url, '');

async function initiate(body: unknown, headers: Record<string, string | undefined> = {}) {
  const response = await tpp.initiate(token, body, { headers });
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  valid('PaymentInitiationResponse', response.json);
  expect(response.headers.get('Location')).toBe((response.json._links as Links).self?.href);
  return { ...response, links: response.json._links as Links };
}

async function scaStatus(href: string | undefined) {
  const response = await tpp.get(token, rel(href));
  expect(response.status).toBe(200);
  valid('ScaStatusResponse', response.json);
  const value = response.json.scaStatus as string;
  seenScaStatuses.add(value);
  return value;
}

async function transactionStatus(links: Links) {
  return (await tpp.get(token, rel(links.status?.href))).json.transactionStatus;
}

async function put(
  href: string | undefined,
  body: unknown,
  headers: Record<string, string | undefined> = {},
) {
  const response = await tpp.request('PUT', rel(href), tpp.headers(token, headers), body);
  if (response.status === 200) {
    valid('UpdatePsuDataResponse', response.json);
    seenScaStatuses.add(response.json.scaStatus as string);
  }
  return response;
}

async function start(
  href: string | undefined,
  body?: unknown,
  headers: Record<string, string | undefined> = {},
) {
  const response = await tpp.request('POST', rel(href), tpp.headers(token, headers), body);
  if (response.status === 201) {
    valid('StartScaProcessResponse', response.json);
    seenScaStatuses.add(response.json.scaStatus as string);
  }
  return response;
}

async function signIn(browser: ScaBrowser, url: string, username: string) {
  const login = await browser.get(url);
  expect(login.status).toBe(200);
  const posted = await browser.post(formAction(login.html, url), { username, password: 'sandbox' });
  expect(posted.status).toBe(303);
  return browser.get(new URL(posted.location ?? '', url).toString());
}

describe('redirect with explicit start (TPP-Explicit-Authorisation-Preferred: true)', () => {
  it('offers startAuthorisation; the started authorisation leads through the pages to finalised', async () => {
    const { links, headers } = await initiate(singlePayment(), {
      'TPP-Explicit-Authorisation-Preferred': 'true',
      'PSU-Accept-Language': 'is',
    });
    expect(headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    expect(Object.keys(links)).toEqual(['startAuthorisation', 'self', 'status']);
    const base = rel(links.self?.href);
    expect((await tpp.get(token, `${base}/authorisations`)).json).toEqual({ authorisationIds: [] });

    const started = await start(links.startAuthorisation?.href);
    expect(started.status).toBe(201);
    expect(started.json.scaStatus).toBe('received');
    expect(started.headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    const authLinks = started.json._links as Links;
    expect(started.headers.get('Location')).toBe(authLinks.scaStatus?.href);
    expect((await tpp.get(token, `${base}/authorisations`)).json).toEqual({
      authorisationIds: [started.json.authorisationId],
    });

    const browser = new ScaBrowser();
    const review = await signIn(browser, authLinks.scaRedirect?.href ?? '', 'jon');
    expect(review.html).toContain('<html lang="is">');
    expect(await scaStatus(authLinks.scaStatus?.href)).toBe('psuAuthenticated');
    const decided = await browser.post(formAction(review.html, authLinks.scaRedirect?.href ?? ''), {
      decision: 'approve',
    });
    expect(decided.location).toBe(OK_URI.replace('result=ok', 'result=ok'));
    expect(await scaStatus(authLinks.scaStatus?.href)).toBe('finalised');
    expect(await transactionStatus(links)).toBe('ACTC');
  });

  it('the implicit redirect answer is unchanged for jon', async () => {
    const { links, headers } = await initiate(singlePayment(), { 'TPP-Redirect-Preferred': 'true' });
    expect(headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    expect(Object.keys(links)).toEqual(['scaRedirect', 'self', 'status', 'scaStatus']);
    expect(await scaStatus(links.scaStatus?.href)).toBe('received');
  });
});

describe('decoupled', () => {
  it('helga approves in the bank app: started -> finalised, ACTC', async () => {
    const { links, headers, json } = await initiate(singlePayment({ debtorAccount: { iban: HELGA } }));
    expect(headers.get('ASPSP-SCA-Approach')).toBe('DECOUPLED');
    expect(json.psuMessage).toMatch(/app/);
    expect(links.scaRedirect).toBeUndefined();
    expect(await scaStatus(links.scaStatus?.href)).toBe('started');
    const authorisationId = (links.scaStatus?.href ?? '').split('/').pop();
    const approved = await fetch(`${sandbox.url}/sandbox/decoupled/${authorisationId}/approve`, {
      method: 'POST',
    });
    expect(approved.status).toBe(200);
    expect(await scaStatus(links.scaStatus?.href)).toBe('finalised');
    expect(await transactionStatus(links)).toBe('ACTC');
    const again = await fetch(`${sandbox.url}/sandbox/decoupled/${authorisationId}/decline`, {
      method: 'POST',
    });
    expect(again.status).toBe(409);
  });

  it('a decline in the app fails the authorisation and rejects the payment', async () => {
    const { links } = await initiate(singlePayment({ debtorAccount: { iban: HELGA } }), {
      'PSU-ID': '1505852289',
    });
    const authorisationId = (links.scaStatus?.href ?? '').split('/').pop();
    await fetch(`${sandbox.url}/sandbox/decoupled/${authorisationId}/decline`, { method: 'POST' });
    expect(await scaStatus(links.scaStatus?.href)).toBe('failed');
    expect(await transactionStatus(links)).toBe('RJCT');
  });

  it('without an answer the app approves by itself after 30 sandbox seconds', async () => {
    const { links } = await initiate(singlePayment({ debtorAccount: { iban: HELGA } }));
    // The sandbox clock runs on with real time as well: 5 s of it may pass on a busy machine before the read.
    await advanceClock(sandbox.url, 25);
    expect(await scaStatus(links.scaStatus?.href)).toBe('started');
    await advanceClock(sandbox.url, 6);
    expect(await scaStatus(links.scaStatus?.href)).toBe('finalised');
  });

  it('TPP-Redirect-Preferred: false moves anna (app method) to decoupled; explicit start with PSU-ID', async () => {
    const { links, headers } = await initiate(
      singlePayment({ debtorAccount: { iban: 'IS770133260044551203892039' } }),
      { 'TPP-Redirect-Preferred': 'false', 'TPP-Explicit-Authorisation-Preferred': 'true' },
    );
    expect(headers.get('ASPSP-SCA-Approach')).toBe('DECOUPLED');
    expect(Object.keys(links)).toEqual(['startAuthorisationWithPsuIdentification', 'self', 'status']);
    const started = await start(links.startAuthorisationWithPsuIdentification?.href, undefined, {
      'PSU-ID': '1203892039',
    });
    expect(started.status).toBe(201);
    expect(started.json.scaStatus).toBe('started');
    expect(started.headers.get('ASPSP-SCA-Approach')).toBe('DECOUPLED');
  });
});

describe('embedded', () => {
  it('names its methods in the language of PSU-Accept-Language, as its pages and challenges are', async () => {
    const names = async (language: string) => {
      const { json } = await initiate(singlePayment({ debtorAccount: { iban: OLAFUR } }), {
        'PSU-Accept-Language': language,
      });
      return (json.scaMethods as Array<{ name: string; explanation?: string }>).map(
        (m) => `${m.name}${m.explanation ? ` (${m.explanation})` : ''}`,
      );
    };
    expect(await names('is')).toEqual([
      'SMS í +354 ***-**99',
      'Auðkennislykill (Sláðu upphafskóðann inn í lykilinn og síðan kóðann sem hann sýnir.)',
      'Myndkóði (Skannaðu myndina með appi bankans og sláðu inn kóðann sem það sýnir.)',
    ]);
    expect(await names('en')).toEqual([
      'SMS to +354 ***-**99',
      'Security token (auðkennislykill) (Enter the start code on your token and type the code it shows.)',
      'Photo code (Scan the image with the bank app and type the code it shows.)',
    ]);
  });

  it('olafur selects PHOTO_OTP, gets a PNG challenge, one wrong OTP, then the right one', async () => {
    const { links, headers, json } = await initiate(singlePayment({ debtorAccount: { iban: OLAFUR } }));
    expect(headers.get('ASPSP-SCA-Approach')).toBe('EMBEDDED');
    expect(
      (json.scaMethods as Array<{ authenticationType: string }>).map((m) => m.authenticationType),
    ).toEqual(['SMS_OTP', 'CHIP_OTP', 'PHOTO_OTP']);
    expect(Object.keys(links)).toEqual([
      'startAuthorisationWithAuthenticationMethodSelection',
      'self',
      'status',
    ]);
    const started = await start(links.startAuthorisationWithAuthenticationMethodSelection?.href, {
      authenticationMethodId: 'photo',
    });
    expect(started.status).toBe(201);
    expect(started.json.scaStatus).toBe('scaMethodSelected');
    expect(started.json.chosenScaMethod).toMatchObject({ authenticationType: 'PHOTO_OTP' });
    const challenge = started.json.challengeData as {
      image: string;
      otpMaxLength: number;
      otpFormat: string;
    };
    expect(challenge.otpMaxLength).toBe(6);
    expect(challenge.otpFormat).toBe('integer');
    const png = Buffer.from(challenge.image, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.length).toBeLessThan(512 * 1024);
    const authLinks = started.json._links as Links;

    expectError(
      await put(authLinks.authoriseTransaction?.href, { scaAuthenticationData: '000000' }),
      401,
      'PSU_CREDENTIALS_INVALID',
    );
    expect(await scaStatus(authLinks.scaStatus?.href)).toBe('scaMethodSelected');
    const done = await put(authLinks.authoriseTransaction?.href, { scaAuthenticationData: '123456' });
    expect(done.status).toBe(200);
    expect(done.json.scaStatus).toBe('finalised');
    expect(await transactionStatus(links)).toBe('ACTC');
    expectError(
      await put(authLinks.authoriseTransaction?.href, { scaAuthenticationData: '123456' }),
      409,
      'STATUS_INVALID',
    );
  });

  it('explicit start: PSU-ID, password, method selection, three wrong OTPs fail the payment', async () => {
    const { links } = await initiate(singlePayment({ debtorAccount: { iban: OLAFUR } }), {
      'TPP-Explicit-Authorisation-Preferred': 'true',
    });
    expect(Object.keys(links)).toEqual(['startAuthorisationWithPsuAuthentication', 'self', 'status']);
    const started = await start(links.startAuthorisationWithPsuAuthentication?.href, undefined, {
      'PSU-ID': '2207793199',
    });
    expect(started.json.scaStatus).toBe('psuIdentified');
    const href = (started.json._links as Links).updatePsuAuthentication?.href;
    expectError(
      await put(href, { psuData: { password: 'wrong' } }),
      401,
      'PSU_CREDENTIALS_INVALID',
      'psuData.password',
    );
    const authenticated = await put(href, { psuData: { password: 'sandbox' } });
    expect(authenticated.json.scaStatus).toBe('psuAuthenticated');
    expect((authenticated.json.scaMethods as unknown[]).length).toBe(3);
    const select = (authenticated.json._links as Links).selectAuthenticationMethod?.href;
    expectError(await put(select, { authenticationMethodId: 'fax' }), 400, 'SCA_METHOD_UNKNOWN');
    expectError(await put(select, { unexpected: 1 }), 400, 'FORMAT_ERROR');
    const chip = await put(select, { authenticationMethodId: 'chip' });
    expect(chip.json.scaStatus).toBe('scaMethodSelected');
    expect((chip.json.challengeData as { data: string[] }).data[0]).toMatch(/^[0-9]{8}$/);
    const otp = (chip.json._links as Links).authoriseTransaction?.href;
    for (let i = 0; i < 3; i++) {
      expectError(await put(otp, { scaAuthenticationData: '999999' }), 401, 'PSU_CREDENTIALS_INVALID');
    }
    expect(await scaStatus(otp)).toBe('failed');
    expect(await transactionStatus(links)).toBe('RJCT');
    expectError(await put(otp, { scaAuthenticationData: '123456' }), 400, 'SCA_INVALID');
  });

  it('TPP-Redirect-Preferred: false moves jon to embedded with his one method chosen implicitly', async () => {
    const { links, headers, json } = await initiate(singlePayment(), { 'TPP-Redirect-Preferred': 'false' });
    expect(headers.get('ASPSP-SCA-Approach')).toBe('EMBEDDED');
    expect(json.chosenScaMethod).toMatchObject({ authenticationType: 'SMS_OTP' });
    expect(await scaStatus(links.scaStatus?.href)).toBe('scaMethodSelected');
    const done = await put(links.authoriseTransaction?.href, { scaAuthenticationData: '123456' });
    expect(done.json.scaStatus).toBe('finalised');
  });
});

describe('multilevel', () => {
  it('Sandkassi ehf. needs gunnar and kristin: PATC after one, ACTC after both', async () => {
    const { links, headers, json } = await initiate(singlePayment({ debtorAccount: { iban: SANDKASSI } }), {
      'PSU-Corporate-ID': '5102993029',
    });
    expect(headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    expect(Object.keys(links)).toEqual(['startAuthorisation', 'self', 'status']);
    expect(json.psuMessage).toMatch(/2 more signatures/);

    const first = await start(links.startAuthorisation?.href);
    const firstLinks = first.json._links as Links;
    const gunnar = new ScaBrowser();
    const review = await signIn(gunnar, firstLinks.scaRedirect?.href ?? '', 'gunnar');
    expect(review.html).toContain('<html lang="en">');
    await gunnar.post(formAction(review.html, firstLinks.scaRedirect?.href ?? ''), { decision: 'approve' });
    expect(await scaStatus(firstLinks.scaStatus?.href)).toBe('finalised');
    expect(await transactionStatus(links)).toBe('PATC');

    const second = await start(links.startAuthorisation?.href);
    const secondUrl = (second.json._links as Links).scaRedirect?.href ?? '';
    // jon is no signer; gunnar has signed already.
    const jon = new ScaBrowser();
    const login = await jon.get(secondUrl);
    const refused = await jon.post(formAction(login.html, secondUrl), {
      username: 'jon',
      password: 'sandbox',
    });
    expect(refused.location).toContain('error=account');
    const again = new ScaBrowser();
    const login2 = await again.get(secondUrl);
    const signed = await again.post(formAction(login2.html, secondUrl), {
      username: 'gunnar',
      password: 'sandbox',
    });
    expect(signed.location).toContain('error=signed');

    const kristin = new ScaBrowser();
    const review2 = await signIn(kristin, secondUrl, 'kristin');
    await kristin.post(formAction(review2.html, secondUrl), { decision: 'approve' });
    expect(await transactionStatus(links)).toBe('ACTC');
    const ids = (await tpp.get(token, `${rel(links.self?.href)}/authorisations`)).json.authorisationIds;
    expect(ids).toHaveLength(2);
  });
});

describe('OAuth (scaOAuth)', () => {
  it('metadata, authorize page with PKCE, code back to the TPP, unconfirmed until the TPP confirms with the token of the code', async () => {
    const { links, headers } = await initiate(singlePayment({ debtorAccount: { iban: SIGRUN } }));
    expect(headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    expect(Object.keys(links)).toEqual(['scaOAuth', 'confirmation', 'self', 'status', 'scaStatus']);
    const metadata = (await fetch(links.scaOAuth?.href ?? '').then((r) => r.json())) as Record<
      string,
      string
    >;
    valid('OAuthServerMetadata', metadata);
    const paymentId = (links.self?.href ?? '').split('/').pop();
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(metadata.authorization_endpoint ?? '');
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: 'demo-tpp',
      redirect_uri: 'http://localhost:3000/oauth/callback',
      scope: `PIS:${paymentId}`,
      state: 'st-1',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const browser = new ScaBrowser();
    const first = await browser.get(authorize.toString());
    expect(first.status).toBe(302);
    const pageUrl = new URL(first.location ?? '', authorize).toString();
    const review = await signIn(browser, pageUrl, 'sigrun');
    const decided = await browser.post(formAction(review.html, pageUrl), { decision: 'approve' });
    const back = new URL(decided.location ?? '');
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/oauth/callback');
    expect(back.searchParams.get('state')).toBe('st-1');
    const code = back.searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    expect(await scaStatus(links.scaStatus?.href)).toBe('unconfirmed');
    expect(await transactionStatus(links)).toBe('RCVD');
    // BG IG 7.6.3: the code is exchanged for an access token (13.3), which confirms the authorisation (7.6.4).
    expectError(
      await put(links.confirmation?.href, { confirmationCode: code }),
      400,
      'FORMAT_ERROR',
      'confirmationCode',
    );
    const exchanged = await fetch(metadata.token_endpoint ?? '', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'demo-tpp',
        code,
        redirect_uri: 'http://localhost:3000/oauth/callback',
        code_verifier: verifier,
      }),
    });
    expect(exchanged.status).toBe(200);
    const { access_token: accessToken } = (await exchanged.json()) as { access_token: string };
    const confirmed = await tpp.request('PUT', rel(links.confirmation?.href), tpp.headers(accessToken), {});
    expect(confirmed.status, confirmed.text).toBe(200);
    valid('UpdatePsuDataResponse', confirmed.json);
    expect(confirmed.json.scaStatus).toBe('finalised');
    expect(await transactionStatus(links)).toBe('ACTC');
  });
});

describe('IOBWS straight-through', () => {
  it('confirms with iobwsAuthorisationConfirmation and reports every processing step to ACCC', async () => {
    const { links, headers } = await initiate(singlePayment({ debtorAccount: { iban: BOKHALD } }), {
      'TPP-Redirect-URI': undefined,
      'TPP-Nok-Redirect-URI': undefined,
    });
    expect(headers.get('ASPSP-SCA-Approach')).toBe('IOWBS');
    expect(links.confirmIobwsStraightThroughProcessingAuthorisation?.href).toBe(links.scaStatus?.href);
    expect(await scaStatus(links.scaStatus?.href)).toBe('received');
    const confirmed = await put(links.confirmIobwsStraightThroughProcessingAuthorisation?.href, {
      confirmationMessage: 'Confirmed by the automatic ERP system.',
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.scaStatus).toBe('finalised');
    expect((confirmed.json._links as Links).status?.href).toBe(links.status?.href);
    await advanceClock(sandbox.url, 60);
    await advanceClock(sandbox.url, 60);
    expect(await transactionStatus(links)).toBe('ACCC');
    const payments = (await fetch(`${sandbox.url}/sandbox/payments`).then((r) => r.json())) as {
      payments: Array<{ paymentId: string; history: Array<{ transactionStatus: string }> }>;
    };
    const paymentId = (links.self?.href ?? '').split('/').pop();
    expect(
      payments.payments.find((p) => p.paymentId === paymentId)?.history.map((h) => h.transactionStatus),
    ).toEqual(['RCVD', 'ACTC', 'ACCP', 'ACFC', 'ACSP', 'ACSC', 'ACCC']);
  });
});

describe('IOBWS straight-through, as spec 2.5 describes the link', () => {
  it('confirms with an authorisation confirmation whose confirmationCode holds the caller’s reason or id', async () => {
    const { links } = await initiate(singlePayment({ debtorAccount: { iban: BOKHALD } }), {
      'TPP-Redirect-URI': undefined,
      'TPP-Nok-Redirect-URI': undefined,
    });
    const confirmed = await put(links.confirmIobwsStraightThroughProcessingAuthorisation?.href, {
      confirmationCode: 'ERP-batch-2041',
    });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect(confirmed.json.scaStatus).toBe('finalised');
    expect(await transactionStatus(links)).toBe('ACTC');
  });
});

describe('exemption and PSU-ID', () => {
  it('a transfer between two of jon’s own accounts, asked for by jon (PSU-ID), is exempted: ACTC at once', async () => {
    const { links, json } = await initiate(singlePayment({ creditorAccount: { iban: JON_SAVINGS } }), {
      'PSU-ID': JON_KENNITALA,
    });
    expect(json.transactionStatus).toBe('ACTC');
    expect(await scaStatus(links.scaStatus?.href)).toBe('exempted');
  });

  it('the same transfer asked for by an unnamed PSU waits for jon’s SCA: whoever asks may not be jon', async () => {
    const { links, json } = await initiate(singlePayment({ creditorAccount: { iban: JON_SAVINGS } }));
    expect(json.transactionStatus).toBe('RCVD');
    expect(links.scaRedirect?.href).toBeTruthy();
    expect(await scaStatus(links.scaStatus?.href)).not.toBe('exempted');
  });

  it('an unknown PSU-ID is 401 PSU_CREDENTIALS_INVALID; another PSU’s account 400', async () => {
    expectError(
      await tpp.initiate(token, singlePayment(), { headers: { 'PSU-ID': '0000000000' } }),
      401,
      'PSU_CREDENTIALS_INVALID',
      'PSU-ID',
    );
    expectError(
      await tpp.initiate(token, singlePayment(), { headers: { 'PSU-ID': '1505852289' } }),
      400,
      'DEBTOR_ACCOUNT_NOT_FOUND',
    );
    const ok = await tpp.initiate(token, singlePayment(), { headers: { 'PSU-ID': '0101302989' } });
    expect(ok.status).toBe(201);
    expect(JON_MAIN).toBe((singlePayment().debtorAccount as { iban: string }).iban);
  });
});

describe('every scaStatus of the reference is reached', () => {
  it('received, psuIdentified, psuAuthenticated, scaMethodSelected, started, unconfirmed, finalised, failed, exempted', () => {
    expect([...seenScaStatuses].sort()).toEqual(
      [
        'exempted',
        'failed',
        'finalised',
        'psuAuthenticated',
        'psuIdentified',
        'received',
        'scaMethodSelected',
        'started',
        'unconfirmed',
      ].sort(),
    );
  });
});
