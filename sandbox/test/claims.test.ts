import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../src/server.js';
import {
  advanceClock,
  CREDITOR,
  decideOnScaPages,
  formAction,
  JON_MAIN,
  ScaBrowser,
  startTestSandbox,
  TestTpp,
} from './helpers.js';
import { BusinessClient, type Received, Receiver } from './webhooks-support.js';

const CLAIM_ACCOUNT = 'IS260159260020245501692829';
const JON = '0101302989';
const ANNA = '1203892039';
const GREIDSLA = '5501692829';
const CLAIM_ID = /^5501692829015966\d{6}\+\d{8}$/;

let sandbox: RunningSandbox;
let business: BusinessClient;
let jonB2b: BusinessClient;
let annaB2b: BusinessClient;
let tpp: TestTpp;
let tppToken: string;
let receiver: Receiver;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  business = await BusinessClient.signIn(sandbox.url);
  jonB2b = await BusinessClient.signIn(sandbox.url, { username: 'jon', password: 'sandbox' });
  annaB2b = await BusinessClient.signIn(sandbox.url, { username: 'anna', password: 'sandbox' });
  tpp = new TestTpp(sandbox.url);
  tppToken = await tpp.token();
  receiver = await new Receiver().start();
});
afterAll(async () => {
  await receiver.close();
  await sandbox.close();
});

/** Initiates as the demo TPP, approves as jon on the SCA pages, and lets the sandbox clock settle it. */
async function payAsJon(body: unknown, service = 'payments', settled = /^AC(SC|CC)$/) {
  const response = await tpp.initiate(tppToken, body, { service });
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  const scaRedirect = (response.json._links as Record<string, { href: string }>).scaRedirect?.href ?? '';
  expect((await decideOnScaPages(scaRedirect)).status).toBe(303);
  await advanceClock(sandbox.url, 60);
  await advanceClock(sandbox.url, 60);
  const status = await tpp.get(
    tppToken,
    `/psd2/api/v1/${service}/credit-transfers/${response.json.paymentId}/status`,
  );
  expect(status.json.transactionStatus).toMatch(settled);
  return response.json.paymentId as string;
}

function claimPayment(claimId: string, amount: string, extra: Record<string, unknown> = {}) {
  return {
    debtorAccount: { iban: JON_MAIN },
    creditorAccount: { iban: CLAIM_ACCOUNT },
    creditorName: 'Greiðsla ehf.',
    instructedAmount: { currency: 'ISK', amount },
    remittanceInformationStructured: [{ reference: claimId }],
    ...extra,
  };
}

let nextClaimNo = 500_000 + Math.floor(Math.random() * 100_000);

/** Greiðsla ehf. creates a claim on jon with the reference's createClaimDetails; returns the claim as read. */
async function newClaim(amount: number, extra: Record<string, unknown> = {}) {
  const claimNo = String(++nextClaimNo).padStart(6, '0');
  const created = await business.call('POST', '/business/claims', {
    claimKey: { claimantId: GREIDSLA, account: `015966${claimNo}`, dueDate: '2026-12-01' },
    payorId: JON,
    templateCode: '001',
    amount,
    finalDueDate: '2026-12-11',
    currency: 'ISK',
    ...extra,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const claimId = created.json.success.claimId as string;
  expect(created.headers.get('Location')).toBe(`${sandbox.url}/business/claims/${claimId}`);
  return (await business.call('GET', `/business/claims/${claimId}`)).json;
}

/** ÍST TS 310, "Claim key transformed to BBAN": claimant, bank and branch, 66, number, due date as DDMMYY. */
function claimBban(claim: { claimKey: { claimantId: string; account: string; dueDate: string } }) {
  const [year = '', month = '', day = ''] = claim.claimKey.dueDate.split('-');
  return `${claim.claimKey.claimantId}${claim.claimKey.account}${day}${month}${year.slice(2)}`;
}

async function transactions(claimId: string) {
  const response = await business.call('GET', `/business/claims/${claimId}/transactions`);
  expect(response.status).toBe(200);
  return response.json;
}

async function listAll(client: BusinessClient, query: string) {
  const response = await client.call('GET', `/business/claims?${query}`);
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  return response;
}

describe('claims as IOBWS-Claims 3.1 has them (ÍST TS 315)', () => {
  it('lists the seeded claims on jon: claimDetails, the deposit account in its own shape, every status', async () => {
    const list = await listAll(business, `payorId=${JON}`);
    const claims = list.json as Array<Record<string, unknown> & { claimKey: { account: string } }>;
    const seeded = claims.filter((c) => /^0159669000|^01596600000[12]$/.test(c.claimKey.account));
    for (const claim of seeded) {
      expect(claim.claimId).toMatch(CLAIM_ID);
      expect(claim).toMatchObject({
        payorId: JON,
        templateCode: '001',
        claimantName: 'Greiðsla ehf.',
        depositAccount: { id: '015926002024', ownerId: GREIDSLA },
        claimKey: { claimantId: GREIDSLA },
      });
    }
    // Reference claimStatus: Unpaid, Paid, Cancelled; a cancelled claim owes nothing and has its closing date.
    const cancelled = seeded.find((c) => c.reference === 'AFTURKOLLUD-77');
    expect(cancelled).toMatchObject({ claimStatus: 'Cancelled', totalAmountDue: 0, amount: 7900 });
    expect(cancelled?.closingDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    // "Claims ... can be in Icelandic or foreign currency" (ÍST TS 315): one in euros, with cents.
    expect(seeded.find((c) => c.reference === 'EUR-2026')).toMatchObject({
      currency: 'EUR',
      amount: 89.9,
      totalAmountDue: 89.9,
      claimStatus: 'Unpaid',
      currencyPaymentRate: 'PaymentDateRate',
    });
    expect(seeded.filter((c) => c.claimStatus === 'Unpaid' && c.currency === 'ISK').length).toBe(2);
    // The payer sees them with his own business token; someone else sees none.
    expect((await listAll(jonB2b, '')).json.length).toBeGreaterThanOrEqual(4);
    expect((await listAll(annaB2b, `payorId=${JON}`)).json).toEqual([]);
  });

  it('pages the list (page, itemsPerPage; X-Paging-* headers as OK_200_QueryClaimListInformation)', async () => {
    // Anna has 105 seeded claims: more than the reference's default page of 100.
    const first = await listAll(business, `payorId=${ANNA}`);
    expect(first.json).toHaveLength(100);
    expect(first.headers.get('X-Paging-CurrentPage')).toBe('1');
    expect(first.headers.get('X-Paging-PerPage')).toBe('100');
    expect(first.headers.get('X-Paging-TotalItems')).toBe('105');
    expect(first.headers.get('X-Paging-TotalPages')).toBe('2');
    const second = await listAll(business, `payorId=${ANNA}&page=2`);
    expect(second.json).toHaveLength(5);
    const ids = [...first.json, ...second.json].map((c: { claimId: string }) => c.claimId);
    expect(new Set(ids).size).toBe(105);
    const small = await listAll(business, `payorId=${ANNA}&itemsPerPage=40&page=3`);
    expect(small.json).toHaveLength(25);
    expect(small.headers.get('X-Paging-TotalPages')).toBe('3');
    expect((await listAll(business, `payorId=${ANNA}&page=9`)).json).toEqual([]);
    const statuses = [...first.json, ...second.json].map((c: { claimStatus: string }) => c.claimStatus);
    expect(new Set(statuses)).toEqual(new Set(['Paid', 'Unpaid', 'Cancelled']));
    expect((await listAll(business, `payorId=${ANNA}&status=Unpaid`)).json).toHaveLength(4);
    expect((await listAll(business, `payorId=${ANNA}&status=Cancelled`)).json).toHaveLength(1);
    for (const bad of ['page=0', 'itemsPerPage=-1', 'page=x', 'status=Open', 'dateFrom=2026-13-01']) {
      const refused = await business.call('GET', `/business/claims?payorId=${ANNA}&${bad}`);
      expect(refused.status, bad).toBe(400);
    }
  });

  it('narrows by a date range (dateFrom, dateTo, dateType)', async () => {
    const all = (await listAll(business, `payorId=${ANNA}&itemsPerPage=1000`)).json as Array<{
      claimKey: { dueDate: string };
    }>;
    const from = all[10]?.claimKey.dueDate ?? '';
    const to = all[19]?.claimKey.dueDate ?? '';
    const ranged = await listAll(business, `payorId=${ANNA}&dateFrom=${from}&dateTo=${to}&dateType=DueDate`);
    expect(ranged.json).toHaveLength(10);
  });

  it('creates and reads a claim; another client gets 404; bad input 400', async () => {
    const claim = await newClaim(9900, { isPartialPaymentAllowed: true, reference: 'INV-7' });
    expect(claim).toMatchObject({
      amount: 9900,
      totalAmountDue: 9900,
      isPartialPaymentAllowed: true,
      isPartiallyPaid: false,
      reference: 'INV-7',
      claimStatus: 'Unpaid',
      collectionState: 'PrimaryCollection',
      finalDueDate: '2026-12-11',
      expirationDate: '2030-12-11',
      claimKey: { dueDate: '2026-12-01' },
    });
    expect(claim.claimId).toMatch(/\+20261201$/);
    expect((await business.call('GET', `/business/claims/${encodeURIComponent(claim.claimId)}`)).status).toBe(
      200,
    );
    expect((await jonB2b.call('GET', `/business/claims/${claim.claimId}`)).status).toBe(200);
    const hidden = await annaB2b.call('GET', `/business/claims/${claim.claimId}`);
    expect(hidden.status).toBe(404);
    expect(hidden.json).toMatchObject({ status: 404, code: 'CLAIM_NOT_FOUND' });
    // An id of no claim's form is no claim: 404, never a server error (a NUL once answered 500).
    for (const id of ['%00', 'a%00b', '%ED%A0%80', '..%2F..', 'x'.repeat(300)]) {
      const odd = await business.call('GET', `/business/claims/${id}`);
      expect(odd.status, id).toBe(404);
      expect(odd.json).toMatchObject({ code: 'CLAIM_NOT_FOUND' });
    }

    const base = {
      claimKey: { claimantId: GREIDSLA, account: '015966777777', dueDate: '2026-12-01' },
      payorId: JON,
      templateCode: '001',
      amount: 5,
      finalDueDate: '2026-12-01',
    };
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ payorId: '0101302979' }, 'PAYOR_INVALID'],
      [{ claimKey: { ...base.claimKey, claimantId: JON } }, 'CLAIMANT_INVALID'],
      [{ claimKey: { ...base.claimKey, account: '015926777777' } }, 'CLAIM_KEY_INVALID'],
      [{ templateCode: 'XYZ' }, 'TEMPLATE_UNKNOWN'],
      [{ currency: 'XYZ' }, 'CURRENCY_UNSUPPORTED'],
      [{ amount: 5.5 }, 'AMOUNT_INVALID'],
      [{ currency: 'EUR', amount: 5.555 }, 'AMOUNT_INVALID'],
      [{ finalDueDate: '2026-11-30' }, 'DUE_DATE_INVALID'],
      [{ claimKey: { ...base.claimKey, account: `0159${claim.claimKey.account.slice(4)}` } }, 'CLAIM_EXISTS'],
    ];
    for (const [change, code] of refusals) {
      const refused = await business.call('POST', '/business/claims', { ...base, ...change });
      expect(refused.status, code).toBe(400);
      expect(refused.json.code).toBe(code);
    }
  });

  it('a claim in another currency: every ISO 4217 currency, with its own decimals', async () => {
    for (const [currency, amount] of [
      ['EUR', 12.5],
      ['USD', 99.99],
      ['JPY', 1200],
      ['KWD', 1.234],
    ] as const) {
      const claim = await newClaim(amount, { currency });
      expect(claim).toMatchObject({ currency, amount, totalAmountDue: amount });
    }
  });

  it('the claimant cancels and revives a claim (PATCH claimStatus); the payor cannot; a paid one stays paid', async () => {
    const claim = await newClaim(4200);
    const path = `/business/claims/${claim.claimId}`;
    const cancelled = await business.call('PATCH', path, { claimStatus: 'Cancelled' });
    expect(cancelled.status).toBe(201);
    expect(cancelled.json).toEqual({
      success: { claimKey: claim.claimKey, claimId: claim.claimId, directPaymentClaim: false },
    });
    expect((await business.call('GET', path)).json).toMatchObject({
      claimStatus: 'Cancelled',
      totalAmountDue: 0,
    });
    expect((await jonB2b.call('PATCH', path, { claimStatus: 'Unpaid' })).status).toBe(403);
    expect((await business.call('PATCH', path, { amount: 10 })).json.code).toBe('CLAIM_IS_CANCELLED');
    expect((await business.call('PATCH', path, { claimStatus: 'Unpaid' })).status).toBe(201);
    expect((await business.call('GET', path)).json).toMatchObject({
      claimStatus: 'Unpaid',
      totalAmountDue: 4200,
    });
    expect((await business.call('PATCH', path, { claimStatus: 'Paid' })).json.code).toBe(
      'CLAIM_STATUS_INVALID',
    );
    expect((await business.call('PATCH', path, { collectionState: 'SecondaryCollection' })).status).toBe(201);
    expect((await business.call('GET', path)).json.collectionState).toBe('SecondaryCollection');
  });
});

describe('paying a claim', () => {
  let secret = '';

  beforeAll(async () => {
    const created = await business.create({ callbackUrl: receiver.url, eventTypes: ['claim.paid'] });
    secret = created.json.signingSecret;
    expect((await business.verify(created.json.subscriptionId)).status).toBe(200);
    expect(secret).toMatch(/^whsec_/);
  });

  async function envelopes(from: number) {
    const { compactDecrypt } = await import('jose');
    const { hkdfSync } = await import('node:crypto');
    const key = new Uint8Array(hkdfSync('sha256', secret, '', 'bank-webhook-jwe-v1', 32));
    return Promise.all(
      receiver.received.slice(from).map(async (r: Received) => {
        const { plaintext } = await compactDecrypt(r.body, key);
        return JSON.parse(new TextDecoder().decode(plaintext)) as {
          eventType: string;
          links: Array<{ href: string }>;
        };
      }),
    );
  }

  it('a single payment with the claim id as reference settles it and delivers claim.paid', async () => {
    const claim = await newClaim(12500);
    const from = receiver.received.length;
    const paymentId = await payAsJon(claimPayment(claim.claimId, '12500'));
    const read = (await business.call('GET', `/business/claims/${claim.claimId}`)).json;
    expect(read).toMatchObject({ claimStatus: 'Paid', totalAmountDue: 0, isPartiallyPaid: false });
    expect(read.closingDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(await transactions(claim.claimId)).toEqual([
      expect.objectContaining({
        paymentId,
        elementIndex: 0,
        amount: 12500,
        paymentType: 'Complete',
        totalAmountPaid: 12500,
        currency: 'ISK',
      }),
    ]);
    const events = await envelopes(from);
    expect(events).toHaveLength(1);
    expect(events[0]?.eventType).toBe('claim.paid');
    const self = events[0]?.links[0]?.href ?? '';
    expect(self).toBe(`${sandbox.url}/business/claims/${claim.claimId}`);
    // The receiver reads the claim through the self link.
    const followed = await business.call('GET', self.replace(sandbox.url, ''));
    expect(followed.json.claimStatus).toBe('Paid');
  });

  it('a payment for a claim already paid is refused at initiation: 400 CLAIM_ALREADY_PAID', async () => {
    const claim = await newClaim(3300);
    await payAsJon(claimPayment(claim.claimId, '3300'));
    const again = await tpp.initiate(tppToken, claimPayment(claim.claimId, '3300'));
    expect(again.status, JSON.stringify(again.json)).toBe(400);
    expect(again.json.tppMessages?.[0]).toMatchObject({
      code: 'CLAIM_ALREADY_PAID',
      path: 'remittanceInformationStructured[0].reference',
    });
    const unstructured = await tpp.initiate(
      tppToken,
      claimPayment(claim.claimId, '3300', {
        remittanceInformationStructured: undefined,
        remittanceInformationUnstructured: claim.claimId,
      }),
    );
    expect(unstructured.json.tppMessages?.[0]).toMatchObject({
      code: 'CLAIM_ALREADY_PAID',
      path: 'remittanceInformationUnstructured',
    });
    const inBulk = await tpp.initiate(
      tppToken,
      {
        paymentInformationId: `claims-paid-${Date.now()}`,
        debtorAccount: { iban: JON_MAIN },
        payments: [
          { creditorAccount: { iban: CREDITOR }, instructedAmount: { currency: 'ISK', amount: '100' } },
          {
            creditorAccount: { iban: CLAIM_ACCOUNT },
            instructedAmount: { currency: 'ISK', amount: '3300' },
            remittanceInformationStructuredArray: [{ reference: claim.claimId }],
          },
        ],
      },
      { service: 'bulk-payments' },
    );
    expect(inBulk.json.tppMessages?.[0]).toMatchObject({
      code: 'CLAIM_ALREADY_PAID',
      path: 'payments[1].remittanceInformationStructuredArray[0].reference',
    });
    // The same reference to another account is an ordinary transfer, not a claim payment.
    const elsewhere = await tpp.initiate(
      tppToken,
      claimPayment(claim.claimId, '3300', { creditorAccount: { iban: CREDITOR } }),
    );
    expect(elsewhere.status).toBe(201);
  });

  it('two payments of one claim approved at once: the first booked pays it, the other is rejected with CLAIM_ALREADY_PAID and nothing is debited', async () => {
    const claim = await newClaim(4100);
    const balances = async () => {
      const { accounts } = (await (await fetch(`${sandbox.url}/sandbox/accounts`)).json()) as {
        accounts: Array<{ iban: string; balance: string }>;
      };
      const of = (iban: string) => Number(accounts.find((a) => a.iban === iban)?.balance);
      return { payor: of(JON_MAIN), claimant: of(CLAIM_ACCOUNT) };
    };
    const before = await balances();
    // Both initiated while the claim is open, so the bank takes both (the first is not paid yet).
    const ids: string[] = [];
    for (const body of [
      claimPayment(claim.claimId, '4100'),
      claimPayment(claim.claimId, '4100', {
        remittanceInformationStructured: undefined,
        remittanceInformationUnstructured: claim.claimId,
      }),
    ]) {
      const response = await tpp.initiate(tppToken, body);
      expect(response.status, JSON.stringify(response.json)).toBe(201);
      const scaRedirect = (response.json._links as Record<string, { href: string }>).scaRedirect?.href ?? '';
      const browser = new ScaBrowser();
      const login = await browser.get(scaRedirect);
      const signedIn = await browser.post(formAction(login.html, scaRedirect), {
        username: 'jon',
        password: 'sandbox',
      });
      const review = await browser.get(new URL(signedIn.location ?? '', scaRedirect).toString());
      // The bill is named as people read it: its claimant and number, not its key or deposit account.
      expect(review.html).toMatch(/<dt>To<\/dt><dd>[^<–]+ – bill no\. \d{4}-66-\d{6}<\/dd>/);
      expect(review.html).not.toContain(`<dd>${claim.claimId}</dd>`);
      expect((await browser.post(formAction(review.html, scaRedirect), { decision: 'approve' })).status).toBe(
        303,
      );
      ids.push(response.json.paymentId as string);
    }
    await advanceClock(sandbox.url, 60);
    await advanceClock(sandbox.url, 60);
    const statuses = await tpp.statusesOf(tppToken, ids);
    expect(statuses.filter((status) => /^AC(SC|CC)$/.test(status))).toHaveLength(1);
    expect(statuses.filter((status) => status === 'RJCT')).toHaveLength(1);
    expect(await transactions(claim.claimId)).toHaveLength(1);
    const after = await balances();
    expect(after.payor).toBe(before.payor - 4100);
    expect(after.claimant).toBe(before.claimant + 4100);
    // A third, initiated now, is refused at once.
    const third = await tpp.initiate(tppToken, claimPayment(claim.claimId, '4100'));
    expect(third.status).toBe(400);
    expect(third.json.tppMessages?.[0]).toMatchObject({ code: 'CLAIM_ALREADY_PAID' });
  });

  it('a partial payment (partialPayment: true) pays part of a claim that allows it; claim.paid comes when it is settled', async () => {
    const claim = await newClaim(48900, { isPartialPaymentAllowed: true });
    const from = receiver.received.length;
    await payAsJon(claimPayment(claim.claimId, '10000', { partialPayment: true }));
    const read = (await business.call('GET', `/business/claims/${claim.claimId}`)).json;
    expect(read).toMatchObject({ claimStatus: 'Unpaid', isPartiallyPaid: true, totalAmountDue: 38900 });
    expect(await transactions(claim.claimId)).toEqual([
      expect.objectContaining({ amount: 10000, paymentType: 'Partial', totalAmountPaid: 10000 }),
    ]);
    // Business spec 6: claim.paid says a claim was settled, which a payment of part of it is not.
    expect(await envelopes(from)).toEqual([]);
    await payAsJon(claimPayment(claim.claimId, '38900'));
    expect((await business.call('GET', `/business/claims/${claim.claimId}`)).json.claimStatus).toBe('Paid');
    expect((await envelopes(from)).map((e) => e.eventType)).toEqual(['claim.paid']);
  });

  it('a payment that does not match leaves the claim open and raises nothing', async () => {
    const claim = await newClaim(5000);
    const from = receiver.received.length;
    // Too little without partialPayment; wrong account; no reference.
    await payAsJon(claimPayment(claim.claimId, '4000'));
    await payAsJon(claimPayment(claim.claimId, '5000', { creditorAccount: { iban: CREDITOR } }));
    await payAsJon(claimPayment(claim.claimId, '5000', { remittanceInformationStructured: undefined }));
    const read = (await business.call('GET', `/business/claims/${claim.claimId}`)).json;
    expect(read).toMatchObject({ claimStatus: 'Unpaid', totalAmountDue: 5000 });
    expect(await transactions(claim.claimId)).toEqual([]);
    expect(receiver.received.length).toBe(from);
  });

  it('an element of a bulk payment pays a claim', async () => {
    const claim = await newClaim(7000);
    const from = receiver.received.length;
    const deposit = async () => {
      const { accounts } = (await (await fetch(`${sandbox.url}/sandbox/accounts`)).json()) as {
        accounts: Array<{ iban: string; balance: string }>;
      };
      return Number(accounts.find((a) => a.iban === CLAIM_ACCOUNT)?.balance);
    };
    const before = await deposit();
    await payAsJon(
      {
        paymentInformationId: `claims-${Date.now()}`,
        debtorAccount: { iban: JON_MAIN },
        payments: [
          {
            creditorAccount: { iban: 'IS030115260123450101302989' },
            instructedAmount: { currency: 'ISK', amount: '1000' },
          },
          {
            creditorAccount: { iban: CLAIM_ACCOUNT },
            instructedAmount: { currency: 'ISK', amount: '7000' },
            remittanceInformationStructuredArray: [{ reference: claim.claimId }],
          },
        ],
      },
      'bulk-payments',
    );
    const read = (await business.call('GET', `/business/claims/${claim.claimId}`)).json;
    expect(read).toMatchObject({ claimStatus: 'Paid' });
    expect(await transactions(claim.claimId)).toEqual([expect.objectContaining({ elementIndex: 1 })]);
    expect((await envelopes(from)).map((e) => e.eventType)).toEqual(['claim.paid']);
    // The element credits the deposit account it names, once; the claim adds nothing to it.
    expect((await deposit()) - before).toBe(7000);
  });

  it('a bulk settled in part (PART) pays the claims of its booked elements, not of its rejected ones', async () => {
    const booked = await newClaim(6100);
    const rejected = await newClaim(6200);
    const from = receiver.received.length;
    const paymentId = await payAsJon(
      {
        paymentInformationId: `claims-part-${Date.now()}`,
        debtorAccount: { iban: JON_MAIN },
        payments: [
          {
            // A sandbox bank code (0159) without such an account here: this element is rejected (AC03).
            creditorAccount: { iban: 'IS980159269999990101302989' },
            instructedAmount: { currency: 'ISK', amount: '6200' },
            remittanceInformationStructuredArray: [{ reference: rejected.claimId }],
          },
          {
            creditorAccount: { iban: CLAIM_ACCOUNT },
            instructedAmount: { currency: 'ISK', amount: '6100' },
            remittanceInformationStructuredArray: [{ reference: booked.claimId }],
          },
        ],
      },
      'bulk-payments',
      /^PART$/,
    );
    expect((await business.call('GET', `/business/claims/${booked.claimId}`)).json.claimStatus).toBe('Paid');
    expect(await transactions(booked.claimId)).toEqual([
      expect.objectContaining({ paymentId, elementIndex: 1 }),
    ]);
    expect((await business.call('GET', `/business/claims/${rejected.claimId}`)).json.claimStatus).toBe(
      'Unpaid',
    );
    expect(await transactions(rejected.claimId)).toEqual([]);
    expect((await envelopes(from)).map((e) => e.eventType)).toEqual(['claim.paid']);
  });
  // ÍST TS 310: "To initiate a payment to settle a claim ... the claim ID should be formatted as a Basic Bank Account
  // Number (BBAN) ... Claim Payments will therefore include BBAN, rather than IBAN, as a creditor account reference."
  // Payment spec 2.1: instructedAmount is "no (not in the required list)": the bank takes the amount due.
  it('a payment to the claim key as BBAN without instructedAmount pays what is due (ÍST TS 310, payment spec 2.1)', async () => {
    const claim = await newClaim(8800);
    const balance = async () =>
      (
        (await (await fetch(`${sandbox.url}/sandbox/accounts`)).json()) as {
          accounts: Array<{ iban: string; balance: string }>;
        }
      ).accounts.find((a) => a.iban === CLAIM_ACCOUNT)?.balance;
    const before = Number(await balance());
    const from = receiver.received.length;
    const body = {
      debtorAccount: { iban: JON_MAIN },
      creditorAccount: { bban: claimBban(claim) },
      remittanceInformationUnstructured: 'Reikningur',
    };
    const paymentId = await payAsJon(body, 'payments', /^ACSC$/);
    const read = await tpp.get(tppToken, `/psd2/api/v1/payments/credit-transfers/${paymentId}`);
    expect(read.json.instructedAmount).toEqual({ currency: 'ISK', amount: '8800' });
    expect((await business.call('GET', `/business/claims/${claim.claimId}`)).json).toMatchObject({
      claimStatus: 'Paid',
      totalAmountDue: 0,
    });
    expect(Number(await balance())).toBe(before + 8800);
    expect((await envelopes(from)).map((e) => e.eventType)).toEqual(['claim.paid']);
  });

  it('a claim in euros is paid by its key in euros', async () => {
    const claim = await newClaim(25.5, { currency: 'EUR' });
    await payAsJon(
      {
        debtorAccount: { iban: JON_MAIN },
        creditorAccount: { bban: claimBban(claim) },
        instructedAmount: { currency: 'EUR', amount: '25.50' },
      },
      'payments',
      /^ACSC$/,
    );
    expect((await business.call('GET', `/business/claims/${claim.claimId}`)).json.claimStatus).toBe('Paid');
  });

  it('refuses at initiation a claim key no claim has, a cancelled, expired or collected claim, another currency', async () => {
    const byKey = (bban: string, extra: Record<string, unknown> = {}) =>
      tpp.initiate(tppToken, { debtorAccount: { iban: JON_MAIN }, creditorAccount: { bban }, ...extra });
    const expectRefusal = (
      response: Awaited<ReturnType<typeof byKey>>,
      code: string,
      path = 'creditorAccount.bban',
    ) => {
      expect(response.status, JSON.stringify(response.json)).toBe(400);
      expect(response.json.tppMessages?.[0]).toMatchObject({ code, path });
    };
    expectRefusal(await byKey(`${GREIDSLA}015966999998011226`), 'CLAIM_NOT_FOUND');

    const cancelled = await newClaim(1000);
    await business.call('PATCH', `/business/claims/${cancelled.claimId}`, { claimStatus: 'Cancelled' });
    expectRefusal(await byKey(claimBban(cancelled)), 'CLAIM_NOT_FOUND');

    const expired = await newClaim(1000, { expirationDate: '2026-12-11' });
    const expiredToday = await business.call('PATCH', `/business/claims/${expired.claimId}`, {
      expirationDate: '2020-01-01',
    });
    expect(expiredToday.status).toBe(201);
    expectRefusal(await byKey(claimBban(expired)), 'RESOURCE_EXPIRED');

    const collected = await newClaim(1000);
    await business.call('PATCH', `/business/claims/${collected.claimId}`, {
      collectionState: 'LegalCollection',
    });
    expectRefusal(await byKey(claimBban(collected)), 'RESOURCE_BLOCKED');

    const open = await newClaim(1000);
    expectRefusal(
      await byKey(claimBban(open), { instructedAmount: { currency: 'EUR', amount: '10.00' } }),
      'FORMAT_ERROR',
      'instructedAmount.currency',
    );
  });
});
