import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../src/server.js';
import { icelandicIban } from '../src/shared/iban.js';
import { isValidKennitala } from '../src/shared/kennitala.js';
import {
  advanceClock,
  formAction,
  JON_MAIN,
  ScaBrowser,
  singlePayment,
  startTestSandbox,
  TestTpp,
} from './helpers.js';

let sandbox: RunningSandbox;
let tpp: TestTpp;
let token: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tpp = new TestTpp(sandbox.url);
  token = await tpp.token();
});
afterAll(() => sandbox.close());

/** A kennitala with a valid check digit for the given first six digits (birth date). */
function kennitala(date: string): string {
  for (let serial = 20; serial < 100; serial++) {
    for (let check = 0; check < 10; check++) {
      const candidate = `${date}${serial}${check}0`;
      if (isValidKennitala(candidate)) return candidate;
    }
  }
  throw new Error('no kennitala');
}

async function admin(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.url}/sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

interface Account {
  iban: string;
  username: string;
  balance: string;
  currency: string;
}

async function account(iban: string): Promise<Account | undefined> {
  return ((await admin('GET', '/accounts')).json.accounts as Account[]).find((a) => a.iban === iban);
}

describe('seeding', () => {
  const kt = kennitala('020304');
  const iban = icelandicIban('0111', '26', '123456', kt);
  const second = icelandicIban('0111', '26', '654321', kt);

  it('creates a PSU with an account who can sign in and pay; adds accounts; sets balances', async () => {
    const created = await admin('POST', '/psus', {
      username: 'sigga',
      password: 'secret',
      name: 'Sigríður Prófa',
      kennitala: kt,
      accounts: [{ iban, name: 'Veltureikningur', currency: 'ISK', balance: '75000' }],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(await account(iban)).toMatchObject({ username: 'sigga', balance: '75000', currency: 'ISK' });

    // Same username again, or the same IBAN: 409.
    expect(
      (await admin('POST', '/psus', { username: 'sigga', password: 'x', name: 'X', kennitala: kt })).status,
    ).toBe(409);
    const bad = await admin('POST', '/psus', {
      username: 'Bad Name',
      password: '',
      name: '',
      kennitala: '0101302979',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.details).toEqual(
      expect.arrayContaining([expect.stringMatching(/^username/), expect.stringMatching(/^kennitala/)]),
    );

    expect(
      (
        await admin('POST', '/accounts', {
          iban: second,
          owner: 'sigga',
          name: 'Evrur',
          currency: 'EUR',
          balance: '10.50',
        })
      ).status,
    ).toBe(201);
    expect(await account(second)).toMatchObject({ balance: '10.50', currency: 'EUR' });
    expect(
      (
        await admin('POST', '/accounts', {
          iban: second,
          owner: 'sigga',
          name: 'x',
          currency: 'EUR',
          balance: '1',
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await admin('POST', '/accounts', {
          iban: 'IS000000',
          owner: 'sigga',
          name: 'x',
          currency: 'EUR',
          balance: '1',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await admin('POST', '/accounts', {
          iban: second,
          owner: 'nobody',
          name: 'x',
          currency: 'EUR',
          balance: '1',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await admin('POST', '/accounts', {
          iban: second,
          owner: 'sigga',
          name: 'x',
          currency: 'ISK',
          balance: '1.5',
        })
      ).status,
    ).toBe(400);

    const set = await admin('PUT', `/accounts/${second}/balance`, { balance: '99.9' });
    expect(set).toEqual({ status: 200, json: { iban: second, currency: 'EUR', balance: '99.90' } });
    expect((await admin('PUT', `/accounts/${second}/balance`, { balance: '1.234' })).status).toBe(400);
    expect((await admin('PUT', '/accounts/IS00/balance', { balance: '1' })).status).toBe(404);

    // The new PSU pays from the new account through the bank's SCA pages.
    const payment = await tpp.initiate(token, singlePayment({ debtorAccount: { iban } }));
    expect(payment.status).toBe(201);
    const scaRedirect = (payment.json._links as Record<string, { href: string }>).scaRedirect?.href ?? '';
    const browser = new ScaBrowser();
    const login = await browser.get(scaRedirect);
    await browser.post(formAction(login.html, scaRedirect), { username: 'sigga', password: 'secret' });
    const review = await browser.get(scaRedirect);
    await browser.post(formAction(review.html, scaRedirect), { decision: 'approve' });
    await advanceClock(sandbox.url, 200);
    expect(await account(iban)).toMatchObject({ balance: '60000' });
  });

  it("an account of a bank-and-branch code new to the bank makes the code the bank's at once: a creditor account of it must then exist", async () => {
    const newCode = (number: string) => icelandicIban('0177', '26', number, kt);
    const toCreditor = (creditor: string) =>
      tpp.initiate(token, singlePayment({ creditorAccount: { iban: creditor } }));
    // No account of 0177 here: a creditor account of it is another bank's, not checked.
    expect((await toCreditor(newCode('000001'))).status).toBe(201);

    const added = await admin('POST', '/accounts', {
      iban: newCode('000002'),
      owner: 'sigga',
      name: 'Útibú 77',
      currency: 'ISK',
      balance: '0',
    });
    expect(added.status).toBe(201);
    expect((await toCreditor(newCode('000002'))).status).toBe(201);
    const unknown = await toCreditor(newCode('000001'));
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.json)).toContain('CREDITOR_ACCOUNT_NOT_FOUND');
  });

  it('a balance set low makes the next payment fail its funds check', async () => {
    await admin('PUT', `/accounts/${JON_MAIN}/balance`, { balance: '10' });
    const payment = await tpp.initiate(token, singlePayment());
    const scaRedirect = (payment.json._links as Record<string, { href: string }>).scaRedirect?.href ?? '';
    const browser = new ScaBrowser();
    const login = await browser.get(scaRedirect);
    await browser.post(formAction(login.html, scaRedirect), { username: 'jon', password: 'sandbox' });
    const review = await browser.get(scaRedirect);
    await browser.post(formAction(review.html, scaRedirect), { decision: 'approve' });
    await advanceClock(sandbox.url, 200);
    const listed = (await admin('GET', '/payments')).json.payments as Array<{
      paymentId: string;
      transactionStatus: string;
    }>;
    expect(listed.find((p) => p.paymentId === payment.json.paymentId)?.transactionStatus).toBe('RJCT');
    await admin('PUT', `/accounts/${JON_MAIN}/balance`, { balance: '5000000' });
  });
});

describe('lists', () => {
  it('payments keep their shape; authorisations list every authorisation with its scaStatus', async () => {
    const created = await tpp.initiate(token, singlePayment(), {
      headers: { 'Idempotency-Key': 'admin-list-1' },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const paymentId = String(created.json.paymentId);
    const payments = (await admin('GET', '/payments')).json.payments as Array<Record<string, unknown>>;
    expect(payments.find((p) => p.paymentId === paymentId)).toMatchObject({
      paymentId,
      idempotencyKey: 'admin-list-1',
      transactionStatus: 'RCVD',
    });
    const authorisations = (await admin('GET', `/authorisations?paymentId=${paymentId}`)).json
      .authorisations as Array<Record<string, unknown>>;
    expect(authorisations).toEqual([
      expect.objectContaining({ paymentId, kind: 'payment', scaStatus: 'received', psuUsername: null }),
    ]);
    const all = (await admin('GET', '/authorisations')).json.authorisations as unknown[];
    expect(all.length).toBeGreaterThan(1);
    expect((await admin('GET', '/notifications')).json.notifications).toEqual(expect.any(Array));
  });
});
