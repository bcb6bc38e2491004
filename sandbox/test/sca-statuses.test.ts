import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustToBusinessDay, isBusinessDay } from '../src/pis/calendar.js';
import type { RunningSandbox } from '../src/server.js';
import {
  ANNA_LOW,
  advanceClock,
  CREDITOR,
  expectError,
  formAction,
  ScaBrowser,
  singlePayment,
  startTestSandbox,
  TestTpp,
} from './helpers.js';

const HELGA = 'IS950515260012341505852289';
const SANDKASSI = 'IS780515260012345102993029';
const BOKHALD = 'IS950515260012346403164039';
const BLOCKED = 'IS040133260000991203892039';
/** Valid checksum, bank code 0159 of this sandbox bank, but no such account here. */
const UNKNOWN_HERE = 'IS980159269999990101302989';

let sandbox: RunningSandbox;
let tpp: TestTpp;
let token: string;
const reached = new Map<string, string>();

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tpp = new TestTpp(sandbox.url);
  token = await tpp.token();
});
afterAll(() => sandbox.close());

type Links = Record<string, { href: string }>;
const rel = (href: string | undefined) => (href ?? '').replace(sandbox.url, '');

async function initiate(
  body: unknown,
  headers: Record<string, string | undefined> = {},
  service = 'payments',
) {
  const response = await tpp.initiate(token, body, { headers, service });
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  return { json: response.json, links: response.json._links as Links };
}

async function status(links: Links, scenario: string) {
  const value = (await tpp.get(token, rel(links.status?.href))).json.transactionStatus as string;
  if (!reached.has(value)) reached.set(value, scenario);
  return value;
}

async function approveInApp(links: Links) {
  const id = (links.scaStatus?.href ?? '').split('/').pop();
  const response = await fetch(`${sandbox.url}/sandbox/decoupled/${id}/approve`, { method: 'POST' });
  expect(response.status).toBe(200);
}

async function now(): Promise<number> {
  const clock = (await fetch(`${sandbox.url}/sandbox/clock`).then((r) => r.json())) as { now: string };
  return Date.parse(clock.now);
}

async function history(links: Links) {
  const id = (links.self?.href ?? '').split('/').pop();
  const all = (await fetch(`${sandbox.url}/sandbox/payments`).then((r) => r.json())) as {
    payments: Array<{ paymentId: string; history: Array<{ transactionStatus: string }> }>;
  };
  return all.payments.find((p) => p.paymentId === id)?.history.map((h) => h.transactionStatus);
}

describe('transaction statuses of spec part 3', () => {
  it('RCVD, ACTC, ACSP, ACSC: an approved payment on the sandbox clock', async () => {
    const { links } = await initiate(singlePayment({ debtorAccount: { iban: HELGA } }));
    expect(await status(links, 'initiation')).toBe('RCVD');
    await approveInApp(links);
    expect(await status(links, 'SCA finalised')).toBe('ACTC');
    await advanceClock(sandbox.url, 60);
    expect(await status(links, 'funds checked')).toBe('ACSP');
    await advanceClock(sandbox.url, 60);
    expect(await status(links, 'debtor debited')).toBe('ACSC');
  });

  it('RJCT: the PSU declines', async () => {
    const { links } = await initiate(singlePayment({ debtorAccount: { iban: HELGA } }));
    const id = (links.scaStatus?.href ?? '').split('/').pop();
    await fetch(`${sandbox.url}/sandbox/decoupled/${id}/decline`, { method: 'POST' });
    expect(await status(links, 'SCA declined')).toBe('RJCT');
  });

  it('CANC: DELETE before SCA', async () => {
    const { links } = await initiate(singlePayment({ debtorAccount: { iban: HELGA } }));
    const response = await tpp.request(
      'DELETE',
      rel(links.self?.href),
      tpp.headers(token, { 'Content-Type': undefined }),
    );
    expect(response.status).toBe(204);
    expect(await status(links, 'DELETE')).toBe('CANC');
  });

  it('PATC: a multilevel payment after the first of two signers', async () => {
    const { links } = await initiate(singlePayment({ debtorAccount: { iban: SANDKASSI } }));
    const started = await tpp.request('POST', rel(links.startAuthorisation?.href), tpp.headers(token));
    const url = (started.json._links as Links).scaRedirect?.href ?? '';
    const browser = new ScaBrowser();
    const login = await browser.get(url);
    const posted = await browser.post(formAction(login.html, url), {
      username: 'kristin',
      password: 'sandbox',
    });
    const review = await browser.get(new URL(posted.location ?? '', url).toString());
    await browser.post(formAction(review.html, url), { decision: 'approve' });
    expect(await status(links, 'multilevel, one of two signed')).toBe('PATC');
  });

  it('ACCP, ACFC, ACCC: IOBWS straight-through', async () => {
    const { links } = await initiate(singlePayment({ debtorAccount: { iban: BOKHALD } }));
    await tpp.request(
      'PUT',
      rel(links.confirmIobwsStraightThroughProcessingAuthorisation?.href),
      tpp.headers(token),
      {
        confirmationMessage: 'ERP',
      },
    );
    await advanceClock(sandbox.url, 20);
    expect(await status(links, 'IOBWS: customer profile checked')).toBe('ACCP');
    await advanceClock(sandbox.url, 20);
    expect(await status(links, 'IOBWS: funds checked')).toBe('ACFC');
    await advanceClock(sandbox.url, 120);
    expect(await status(links, 'IOBWS: creditor settled')).toBe('ACCC');
  });

  it('ACWP: the creditor account at this bank takes no credits', async () => {
    const { links } = await initiate(
      singlePayment({ debtorAccount: { iban: HELGA }, creditorAccount: { iban: BLOCKED } }),
    );
    await approveInApp(links);
    await advanceClock(sandbox.url, 120);
    expect(await status(links, 'creditor account blocked for credits')).toBe('ACWP');
    expect(await history(links)).toEqual(['RCVD', 'ACTC', 'ACSP', 'ACSC', 'ACWP']);
  });

  it('ACWC: a requested execution date on a weekend or bank holiday moves to the next business day', async () => {
    let day = await now();
    do day += 86_400_000;
    while (isBusinessDay(new Date(day).toISOString().slice(0, 10)));
    const { links } = await initiate(
      singlePayment({ debtorAccount: { iban: HELGA }, requestedExecutionDate: new Date(day).toISOString() }),
    );
    await approveInApp(links);
    await advanceClock(sandbox.url, 2);
    expect(await status(links, 'execution date moved')).toBe('ACWC');
    const moved = Date.parse(`${adjustToBusinessDay(new Date(day).toISOString().slice(0, 10))}T00:00:00Z`);
    await advanceClock(sandbox.url, Math.ceil((moved - (await now())) / 1000) + 200);
    token = await tpp.token();
    expect(await history(links)).toEqual(['RCVD', 'ACTC', 'ACWC', 'ACSP', 'ACSC']);
    expect(await status(links, 'executed on the business day')).toBe('ACSC');
  });

  it('PDNG: short of funds with TPP-Rejection-No-Funds-Preferred: false waits for funds', async () => {
    const { links } = await initiate(
      singlePayment({
        debtorAccount: { iban: ANNA_LOW },
        instructedAmount: { currency: 'ISK', amount: '5000' },
      }),
      { 'TPP-Redirect-Preferred': 'false', 'TPP-Rejection-No-Funds-Preferred': 'false' },
    );
    await approveInApp(links);
    await advanceClock(sandbox.url, 60);
    expect(await status(links, 'waiting for funds')).toBe('PDNG');
    await advanceClock(sandbox.url, 25 * 3600);
    token = await tpp.token();
    expect(await status(links, 'funds never came')).toBe('RJCT');
  });

  it('TPP-Rejection-No-Funds-Preferred: true rejects the initiation with 400 INSUFFICIENT_FUNDS', async () => {
    expectError(
      await tpp.initiate(
        token,
        singlePayment({
          debtorAccount: { iban: ANNA_LOW },
          instructedAmount: { currency: 'ISK', amount: '5000' },
        }),
        { headers: { 'TPP-Rejection-No-Funds-Preferred': 'true' } },
      ),
      400,
      'INSUFFICIENT_FUNDS',
    );
  });

  it('PART: a bulk with an element to an unknown account at this bank', async () => {
    const { links } = await initiate(
      {
        paymentInformationId: `part-${Date.now()}`,
        debtorAccount: { iban: HELGA },
        payments: [
          { creditorAccount: { iban: CREDITOR }, instructedAmount: { currency: 'ISK', amount: '1000' } },
          { creditorAccount: { iban: UNKNOWN_HERE }, instructedAmount: { currency: 'ISK', amount: '2000' } },
        ],
      },
      {},
      'bulk-payments',
    );
    await approveInApp(links);
    await advanceClock(sandbox.url, 60);
    expect(await status(links, 'bulk with a bad element')).toBe('PART');
    // The read shows which element was booked and which rejected.
    const read = await tpp.get(token, rel(links.self?.href));
    expect(read.json.transactionStatus).toBe('PART');
    expect(
      (read.json.payments as Array<{ transactionStatus: string }>).map((p) => p.transactionStatus),
    ).toEqual(['ACSC', 'RJCT']);
  });

  it('every status of part 3 was reached', () => {
    expect([...reached.keys()].sort()).toEqual(
      [
        'RCVD',
        'ACTC',
        'ACCP',
        'ACFC',
        'ACSP',
        'ACWC',
        'ACWP',
        'ACSC',
        'ACCC',
        'PDNG',
        'PATC',
        'PART',
        'RJCT',
        'CANC',
      ].sort(),
    );
  });
});

describe('foreign currency and formats', () => {
  it('a EUR payment from an ISK account carries fees and the exchange rate', async () => {
    const { json } = await initiate(
      singlePayment({
        debtorAccount: { iban: HELGA },
        instructedAmount: { currency: 'EUR', amount: '100.00' },
      }),
    );
    expect(json.transactionFees).toEqual({ currency: 'ISK', amount: '595' });
    expect(json.currencyConversionFee).toEqual({ currency: 'ISK', amount: '145' });
    expect(json.exchangeRateInformation).toEqual({
      unitCurrency: 'EUR',
      exchangeRate: '145',
      rateType: 'SALE',
    });
  });

  it('answers XML for Accept: application/xml and 406 for an unacceptable Accept', async () => {
    const { links } = await initiate(singlePayment({ debtorAccount: { iban: HELGA } }));
    const xml = await fetch(`${links.status?.href}`, {
      headers: { ...tpp.headers(token, { 'Content-Type': undefined }), Accept: 'application/xml' },
    });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('Content-Type')).toContain('application/xml');
    expect(await xml.text()).toContain('<transactionStatus>RCVD</transactionStatus>');
    const none = await fetch(`${links.status?.href}`, {
      headers: { ...tpp.headers(token, { 'Content-Type': undefined }), Accept: 'text/csv' },
    });
    expect(none.status).toBe(406);
  });
});
