import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_BANKS } from '../src/banks.js';
import type { RunningSandbox } from '../src/server.js';
import {
  expectError,
  formAction,
  JON_MAIN,
  ScaBrowser,
  singlePayment,
  startTestSandbox,
  TestTpp,
} from './helpers.js';
import { B2B_USER, BusinessClient } from './webhooks-support.js';

const bank = (id: string) => {
  const profile = OTHER_BANKS.find((b) => b.id === id);
  if (!profile) throw new Error(`no bank ${id}`);
  return profile;
};
const NORDUR = bank('nordur');
const VESTUR = bank('vestur');
const JON_AT_NORDUR = NORDUR.psus[0]?.accounts[0]?.iban ?? '';
const JON_AT_VESTUR = VESTUR.psus[0]?.accounts[0]?.iban ?? '';

let sandbox: RunningSandbox;
let root: TestTpp;
let nordur: TestTpp;
let vestur: TestTpp;

beforeAll(async () => {
  sandbox = await startTestSandbox({ otherBanks: [NORDUR, VESTUR] });
  root = new TestTpp(sandbox.url);
  nordur = new TestTpp(`${sandbox.url}/banks/nordur`, NORDUR.client);
  vestur = new TestTpp(`${sandbox.url}/banks/vestur`, VESTUR.client);
});
afterAll(() => sandbox?.close());

describe('one process, several banks', () => {
  it('serves accounts of its own bank numbers only (IBAN positions 5-6)', () => {
    expect(JON_AT_NORDUR.slice(4, 6)).toBe('03');
    expect(JON_AT_VESTUR.slice(4, 6)).toBe('09');
    expect(JON_MAIN.slice(4, 6)).toBe('01');
  });

  it("sends a request under a bank's path to that bank, its path read as a router reads it (percent-decoded)", async () => {
    const tokenAt = (base: string) =>
      fetch(`${base}/oauth/v2/oauth-token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: NORDUR.client.clientId,
          client_secret: NORDUR.client.clientSecret,
          scope: 'pis:',
        }),
      });
    expect((await tokenAt(`${sandbox.url}/banks/nordur`)).status).toBe(200);
    expect((await tokenAt(`${sandbox.url}/banks/n%6Frdur`)).status).toBe(200);
    // Not under its path: the first bank's, which knows neither the path nor these credentials.
    expect((await tokenAt(`${sandbox.url}/banks/nordurs`)).status).toBe(404);
    expect((await tokenAt(sandbox.url)).status).toBe(401);
  });

  it("takes each bank's own TPP credentials, and a token of one bank is unknown at another", async () => {
    const refused = await fetch(`${nordur.base}/oauth/v2/oauth-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: root.client.clientId,
        client_secret: root.client.clientSecret,
        scope: 'pis:',
      }),
    });
    expect(refused.status).toBe(401);
    const rootToken = await root.token();
    const nordurToken = await nordur.token();
    // payment spec part 7: an access token the bank does not know is 401 TOKEN_UNKNOWN.
    expectError(
      await nordur.initiate(rootToken, singlePayment({ debtorAccount: { iban: JON_AT_NORDUR } })),
      401,
      'TOKEN_UNKNOWN',
    );
    expectError(await root.initiate(nordurToken, singlePayment()), 401, 'TOKEN_UNKNOWN');
  });

  it('knows a payment at the bank that took it only, and an account of another bank is not its debtor account', async () => {
    const nordurToken = await nordur.token();
    const rootToken = await root.token();
    const created = await nordur.initiate(
      nordurToken,
      singlePayment({ debtorAccount: { iban: JON_AT_NORDUR } }),
    );
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const path = `/psd2/api/v1/payments/credit-transfers/${created.json.paymentId as string}/status`;
    expect((await nordur.get(nordurToken, path)).status).toBe(200);
    expectError(await root.get(rootToken, path), 404, 'RESOURCE_UNKNOWN');
    const links = created.json._links as Record<string, { href: string }>;
    expect(links.scaRedirect?.href.startsWith(`${sandbox.url}/banks/nordur/`)).toBe(true);

    const elsewhere = await nordur.initiate(
      nordurToken,
      singlePayment({ debtorAccount: { iban: JON_MAIN } }),
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json.tppMessages?.[0]?.code).toBe('DEBTOR_ACCOUNT_NOT_FOUND');
  });

  it('answers what a bank does not offer as an unknown product or service (payment spec part 7)', async () => {
    const nordurToken = await nordur.token();
    const card = await nordur.initiate(
      nordurToken,
      singlePayment({ debtorAccount: { iban: JON_AT_NORDUR } }),
      {
        product: 'card-deposits',
      },
    );
    expectError(card, 404, 'PRODUCT_UNKNOWN');
    const vesturToken = await vestur.token();
    const periodic = await vestur.initiate(
      vesturToken,
      {
        ...singlePayment({ debtorAccount: { iban: JON_AT_VESTUR } }),
        startDate: '2030-01-01',
        frequency: 'Monthly',
      },
      { service: 'periodic-payments' },
    );
    expectError(periodic, 400, 'SERVICE_INVALID');
  });

  it('shows the SCA pages of an Icelandic-only bank in Icelandic, with no switch to English', async () => {
    const token = await vestur.token();
    const created = await vestur.initiate(token, singlePayment({ debtorAccount: { iban: JON_AT_VESTUR } }), {
      headers: { 'PSU-Accept-Language': 'en' },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const href = (created.json._links as Record<string, { href: string }>).scaRedirect?.href ?? '';
    const browser = new ScaBrowser();
    const first = await browser.get(href);
    expect(first.status).toBe(302);
    const page = await browser.get(new URL(first.location ?? '', href).toString());
    expect(page.status).toBe(200);
    expect(page.html).toContain('lang="is"');
    expect(page.html).not.toContain('class="language"');
    expect(page.html).not.toContain('English');

    // Every form and link of its pages stays under the bank's own path, and so does its sign-in cookie.
    const base = `${sandbox.url}/banks/vestur/sca/`;
    const loginUrl = new URL(first.location ?? '', href).toString();
    const login = formAction(page.html, loginUrl);
    expect(login.startsWith(base)).toBe(true);
    const posted = await browser.post(login, { username: 'jon', password: 'sandbox' });
    expect(posted.status).toBe(303);
    expect(posted.location?.startsWith('/banks/vestur/sca/')).toBe(true);
    const reviewUrl = new URL(posted.location ?? '', href).toString();
    let review = await browser.get(reviewUrl);
    if (review.status === 302)
      review = await browser.get(new URL(review.location ?? '', reviewUrl).toString());
    expect(review.status).toBe(200);
    const decided = await browser.post(formAction(review.html, reviewUrl), { decision: 'approve' });
    expect(decided.location).toContain('result=ok');
  });

  it("keeps each bank's webhooks service to itself: a subscription of one bank is unknown at another (webhooks spec)", async () => {
    const atNordur = await BusinessClient.signIn(nordur.base, {
      ...B2B_USER,
      password: NORDUR.business.password,
    });
    const atRoot = await BusinessClient.signIn(sandbox.url);
    const created = await atNordur.call(
      'POST',
      atNordur.subscriptions,
      {
        description: 'nordur',
        subjectScope: 'Self',
        callbackUrl: 'https://hooks.example.is/nordur',
        eventTypes: ['claim.paid'],
      },
      { 'Ocp-Apim-Subscription-Key': NORDUR.client.subscriptionKey },
    );
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.subscriptionId as string;
    expect((await atRoot.call('GET', `${atRoot.subscriptions}/${id}`)).status).toBe(404);
    expect(
      (
        await atNordur.call('GET', `${atNordur.subscriptions}/${id}`, undefined, {
          'Ocp-Apim-Subscription-Key': NORDUR.client.subscriptionKey,
        })
      ).status,
    ).toBe(200);
    const token = atNordur.token;
    expect(
      (await atRoot.call('GET', atRoot.subscriptions, undefined, { Authorization: `Bearer ${token}` }))
        .status,
    ).toBe(401);
  });
});
