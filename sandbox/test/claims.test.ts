import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../src/server.js';
import {
  advanceClock,
  CREDITOR,
  formAction,
  JON_MAIN,
  ScaBrowser,
  startTestSandbox,
  TestTpp,
} from './helpers.js';
import { BusinessClient, type Received, Receiver } from './webhooks-support.js';

const CLAIM_ACCOUNT = 'IS260159260020245501692829';
const JON = '0101302989';
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
  const browser = new ScaBrowser();
  const login = await browser.get(scaRedirect);
  const signedIn = await browser.post(formAction(login.html, scaRedirect), {
    username: 'jon',
    password: 'sandbox',
  });
  const review = await browser.get(new URL(signedIn.location ?? '', scaRedirect).toString());
  expect((await browser.post(formAction(review.html, scaRedirect), { decision: 'approve' })).status).toBe(
    303,
  );
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

async function newClaim(amount: number, extra: Record<string, unknown> = {}) {
  const created = await business.call('POST', '/business/claims', {
    payorId: JON,
    amount,
    currency: 'ISK',
    dueDate: '2026-12-01',
    ...extra,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json;
}

describe('claims', () => {
  it('lists the seeded open claims on jon by payer kennitala', async () => {
    const list = await business.call('GET', `/business/claims?payerKennitala=${JON}`);
    expect(list.status).toBe(200);
    const seeded = list.json.claims.slice(0, 2);
    expect(seeded.map((c: { amount: number }) => c.amount).sort()).toEqual([12500, 48900]);
    for (const claim of seeded) {
      expect(claim.claimId).toMatch(CLAIM_ID);
      expect(claim).toMatchObject({
        payorId: JON,
        claimStatus: 'Unpaid',
        currency: 'ISK',
        claimantName: 'Greiðsla ehf.',
        depositAccount: { iban: CLAIM_ACCOUNT },
        claimKey: { claimantId: '5501692829' },
      });
      expect(claim.links).toEqual([
        { rel: 'self', href: `${sandbox.url}/business/claims/${claim.claimId}`, method: 'GET' },
      ]);
    }
    // The payer sees them with his own business token; someone else sees none.
    expect((await jonB2b.call('GET', '/business/claims')).json.claims.length).toBeGreaterThanOrEqual(2);
    expect((await annaB2b.call('GET', `/business/claims?payorId=${JON}`)).json.claims).toEqual([]);
  });

  it('creates and reads a claim; another client gets 404; bad input 400', async () => {
    const claim = await newClaim(9900, { isPartialPaymentAllowed: true, reference: 'INV-7' });
    expect(claim).toMatchObject({
      amount: 9900,
      totalAmountDue: 9900,
      amountPaid: 0,
      isPartialPaymentAllowed: true,
      reference: 'INV-7',
      dueDate: '2026-12-01',
    });
    expect(claim.claimId).toMatch(/\+20261201$/);
    const read = await business.call('GET', `/business/claims/${claim.claimId}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(claim);
    expect((await business.call('GET', `/business/claims/${encodeURIComponent(claim.claimId)}`)).status).toBe(
      200,
    );
    expect((await jonB2b.call('GET', `/business/claims/${claim.claimId}`)).status).toBe(200);
    const hidden = await annaB2b.call('GET', `/business/claims/${claim.claimId}`);
    expect(hidden.status).toBe(404);
    expect(hidden.json).toMatchObject({ status: 404, code: 'CLAIM_NOT_FOUND' });

    const bad = await business.call('POST', '/business/claims', {
      payorId: '0101302979',
      amount: 5,
      dueDate: '2026-12-01',
    });
    expect(bad.json.code).toBe('PAYOR_INVALID');
    const eur = await business.call('POST', '/business/claims', {
      payorId: JON,
      amount: 5,
      currency: 'EUR',
      dueDate: '2026-12-01',
    });
    expect(eur.status).toBe(400);
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
    expect(read).toMatchObject({
      claimStatus: 'Paid',
      amountPaid: 12500,
      totalAmountDue: 0,
      isPartiallyPaid: false,
    });
    expect(read.closingDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(read.payments).toEqual([
      { paymentId, elementIndex: 0, amount: 12500, partialPayment: false, bookedAt: expect.any(String) },
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

  it('a partial payment (partialPayment: true) pays part of a claim that allows it', async () => {
    const claim = await newClaim(48900, { isPartialPaymentAllowed: true });
    const from = receiver.received.length;
    await payAsJon(claimPayment(claim.claimId, '10000', { partialPayment: true }));
    const read = (await business.call('GET', `/business/claims/${claim.claimId}`)).json;
    expect(read).toMatchObject({
      claimStatus: 'Unpaid',
      isPartiallyPaid: true,
      amountPaid: 10000,
      totalAmountDue: 38900,
    });
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
    expect(read).toMatchObject({ claimStatus: 'Unpaid', amountPaid: 0, payments: [] });
    expect(receiver.received.length).toBe(from);
  });

  it('an element of a bulk payment pays a claim', async () => {
    const claim = await newClaim(7000);
    const from = receiver.received.length;
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
    expect(read).toMatchObject({
      claimStatus: 'Paid',
      payments: [expect.objectContaining({ elementIndex: 1 })],
    });
    expect((await envelopes(from)).map((e) => e.eventType)).toEqual(['claim.paid']);
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
    expect((await business.call('GET', `/business/claims/${booked.claimId}`)).json).toMatchObject({
      claimStatus: 'Paid',
      payments: [expect.objectContaining({ paymentId, elementIndex: 1 })],
    });
    expect((await business.call('GET', `/business/claims/${rejected.claimId}`)).json).toMatchObject({
      claimStatus: 'Unpaid',
      payments: [],
    });
    expect((await envelopes(from)).map((e) => e.eventType)).toEqual(['claim.paid']);
  });
});
