import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateWords } from '../src/http/pages/messages.js';
import { adjustToBusinessDay } from '../src/pis/calendar.js';
import type { RunningSandbox } from '../src/server.js';
import {
  advanceClock,
  decideOnScaPages,
  expectError,
  formAction,
  ScaBrowser,
  singlePayment,
  startTestSandbox,
  TestTpp,
} from './helpers.js';

const HELGA = 'IS950515260012341505852289';
const BOKHALD = 'IS950515260012346403164039';
const CANCEL_OK = 'http://localhost:3000/en/payments/p1/cancelled?result=ok';

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

async function initiate(body: unknown, headers: Record<string, string | undefined> = {}) {
  const response = await tpp.initiate(token, body, { headers });
  expect(response.status).toBe(201);
  return response.json._links as Links;
}
const del = (links: Links) =>
  tpp.request('DELETE', rel(links.self?.href), tpp.headers(token, { 'Content-Type': undefined }));
const status = async (links: Links) => (await tpp.get(token, rel(links.status?.href))).json.transactionStatus;

async function approveJon(links: Links) {
  await decideOnScaPages(links.scaRedirect?.href ?? '');
}

describe('cancellation', () => {
  it('an authorised payment asks for SCA: 202, start, the PSU confirms on the pages, CANC', async () => {
    const links = await initiate(singlePayment());
    await approveJon(links);
    expect(await status(links)).toBe('ACTC');
    const deleted = await del(links);
    expect(deleted.status).toBe(202);
    expect(deleted.json.transactionStatus).toBe('ACTC');
    const start = (deleted.json._links as Links).startAuthorisation?.href;
    expect(start).toMatch(/\/cancellation-authorisations$/);

    const started = await tpp.request(
      'POST',
      rel(start),
      tpp.headers(token, { 'TPP-Redirect-URI': CANCEL_OK, 'PSU-Accept-Language': 'is' }),
      {},
    );
    expect(started.status).toBe(201);
    expect(started.json.scaStatus).toBe('received');
    const authLinks = started.json._links as Links;
    const url = authLinks.scaRedirect?.href ?? '';
    const browser = new ScaBrowser();
    const login = await browser.get(url);
    // What is confirmed is the cancellation, from the sign-in on.
    expect(login.html).toContain('to confirm the cancellation</h1>');
    const posted = await browser.post(formAction(login.html, url), { username: 'jon', password: 'sandbox' });
    const review = await browser.get(new URL(posted.location ?? '', url).toString());
    expect(review.html).toContain('Confirm cancellation of the payment');
    // Its buttons say what each does to the payment: "Decline" could read as declining the payment itself.
    expect(review.html).toMatch(/value="approve"[^>]*>Confirm cancellation</);
    expect(review.html).toMatch(/value="decline"[^>]*>Keep the payment</);
    const decided = await browser.post(formAction(review.html, url), { decision: 'approve' });
    expect(decided.location).toBe(CANCEL_OK);
    expect((await tpp.get(token, rel(authLinks.scaStatus?.href))).json).toEqual({ scaStatus: 'finalised' });
    expect(await status(links)).toBe('CANC');
    const list = await tpp.get(token, `${rel(links.self?.href)}/cancellation-authorisations`);
    expect(list.json.authorisationIds).toEqual([started.json.authorisationId]);
    // Nothing is executed any more.
    await advanceClock(sandbox.url, 300);
    expect(await status(links)).toBe('CANC');
  });

  it('the cancellation page of a payment the bank moved off a Saturday gives the day it was to pay on', async () => {
    const saturday = new Date(Date.now() + 20 * 86_400_000);
    while (saturday.getUTCDay() !== 6) saturday.setUTCDate(saturday.getUTCDate() + 1);
    const asked = saturday.toISOString().slice(0, 10);
    const links = await initiate(singlePayment({ requestedExecutionDate: `${asked}T00:00:00Z` }));
    await approveJon(links);
    await advanceClock(sandbox.url, 5);
    expect(await status(links)).toBe('ACWC');
    const deleted = await del(links);
    expect(deleted.status).toBe(202);
    const started = await tpp.request(
      'POST',
      rel((deleted.json._links as Links).startAuthorisation?.href),
      tpp.headers(token, { 'TPP-Redirect-URI': CANCEL_OK, 'PSU-Accept-Language': 'en' }),
      {},
    );
    const url = (started.json._links as Links).scaRedirect?.href ?? '';
    const browser = new ScaBrowser();
    const login = await browser.get(url);
    const posted = await browser.post(formAction(login.html, url), { username: 'jon', password: 'sandbox' });
    const review = await browser.get(new URL(posted.location ?? '', url).toString());
    // The next banking day after the Saturday (the Monday, unless it is a bank holiday too).
    const moved = adjustToBusinessDay(asked, 'following');
    expect(moved).not.toBe(asked);
    expect(review.html).toContain(`<dt>Payment date</dt><dd>${dateWords('en', moved)}</dd>`);
  });

  it('a declined cancellation leaves the payment running', async () => {
    const links = await initiate(singlePayment({ debtorAccount: { iban: HELGA } }));
    const paymentAuth = (links.scaStatus?.href ?? '').split('/').pop();
    await fetch(`${sandbox.url}/sandbox/decoupled/${paymentAuth}/approve`, { method: 'POST' });
    const deleted = await del(links);
    expect(deleted.status).toBe(202);
    const started = await tpp.request(
      'POST',
      rel((deleted.json._links as Links).startAuthorisation?.href),
      tpp.headers(token),
    );
    expect(started.json.scaStatus).toBe('started');
    await fetch(`${sandbox.url}/sandbox/decoupled/${started.json.authorisationId}/decline`, {
      method: 'POST',
    });
    expect(await status(links)).toBe('ACTC');
    await advanceClock(sandbox.url, 120);
    expect(await status(links)).toBe('ACSC');
  });

  it('405 SERVICE_INVALID once executed (BG IG 4.12); POST cancellation-authorisations before SCA is 409', async () => {
    const links = await initiate(singlePayment());
    expectError(
      await tpp.request('POST', `${rel(links.self?.href)}/cancellation-authorisations`, tpp.headers(token)),
      409,
      'STATUS_INVALID',
    );
    await approveJon(links);
    await advanceClock(sandbox.url, 120);
    expect(await status(links)).toBe('ACSC');
    const refused = await del(links);
    expectError(refused, 405, 'SERVICE_INVALID');
    expect(refused.headers.get('Allow')).toBe('GET');
  });

  it('a payment cancelled before the PSU confirmed it: its bank page says it was cancelled, not declined', async () => {
    const links = await initiate(singlePayment());
    expect((await del(links)).status).toBe(204);
    expect(await status(links)).toBe('CANC');
    const page = await new ScaBrowser().get(links.scaRedirect?.href ?? '');
    expect(page.html).toContain('Payment cancelled.');
    expect(page.html).not.toContain('declined');
  });

  it('IOBWS payments cancel without SCA (IST TS 310 has no cancellation authorisation)', async () => {
    const links = await initiate(singlePayment({ debtorAccount: { iban: BOKHALD } }));
    await tpp.request(
      'PUT',
      rel(links.confirmIobwsStraightThroughProcessingAuthorisation?.href),
      tpp.headers(token),
      {},
    );
    expect(await status(links)).toBe('ACTC');
    expect((await del(links)).status).toBe(204);
    expect(await status(links)).toBe('CANC');
  });
  it('(extra) a payment the PSU stops in their own online bank: CANC, and a cancellation left at the bank is not finalised', async () => {
    const links = await initiate(singlePayment());
    await approveJon(links);
    const deleted = await del(links);
    expect(deleted.status).toBe(202);
    const started = await tpp.request(
      'POST',
      rel((deleted.json._links as Links).startAuthorisation?.href),
      tpp.headers(token, { 'TPP-Redirect-URI': CANCEL_OK, 'PSU-Accept-Language': 'en' }),
      {},
    );
    const authLinks = started.json._links as Links;
    const paymentId = rel(links.self?.href).split('/').pop();
    const stop = () => fetch(`${sandbox.url}/sandbox/payments/${paymentId}/stop`, { method: 'POST' });
    const stopped = await stop();
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toEqual({ transactionStatus: 'CANC' });
    expect(await status(links)).toBe('CANC');
    // The TPP's own cancellation did not end it, and says so.
    expect((await tpp.get(token, rel(authLinks.scaStatus?.href))).json).toEqual({ scaStatus: 'received' });
    expect((await stop()).status).toBe(409);
    expect(
      (await fetch(`${sandbox.url}/sandbox/payments/no-such-payment/stop`, { method: 'POST' })).status,
    ).toBe(404);
  });
});
