import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_BANKS } from '../src/banks.js';
import type { RunningSandbox } from '../src/server.js';
import { CREDITOR, singlePayment, startTestSandbox, TestTpp } from './helpers.js';

// Suðurbankinn speaks IOBWS 3.2 as published: its headers by the names IOBWS3.2.yaml gives them, where our
// bank's spec spells one otherwise (`TPP-Rejection-NoFunds-Preferred`, ours `TPP-Rejection-No-Funds-Preferred`).

const SUDUR = OTHER_BANKS.find((bank) => bank.id === 'sudur');
if (!SUDUR) throw new Error('no sandbox bank sudur');
const JON_AT_SUDUR = SUDUR.psus[0]?.accounts[0]?.iban ?? '';

let sandbox: RunningSandbox;
let sudur: TestTpp;
let ours: TestTpp;

beforeAll(async () => {
  sandbox = await startTestSandbox({ otherBanks: [SUDUR] });
  sudur = new TestTpp(`${sandbox.url}/banks/sudur`, SUDUR.client);
  ours = new TestTpp(sandbox.url);
});
afterAll(() => sandbox?.close());

describe('an IOBWS 3.2 bank', () => {
  it('takes TPP-Rejection-NoFunds-Preferred by its IOBWS name: more than the account holds is refused at once', async () => {
    const token = await sudur.token();
    const body = {
      debtorAccount: { iban: JON_AT_SUDUR },
      creditorAccount: { iban: CREDITOR },
      creditorName: 'Guðrún Helgadóttir',
      instructedAmount: { currency: 'ISK', amount: '99999999999' },
    };
    const ask = (headers: Record<string, string | undefined>) =>
      sudur.request('POST', '/v1/payments/credit-transfers', sudur.headers(token, headers), body);
    const refused = await ask({ 'TPP-Rejection-NoFunds-Preferred': 'true' });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.text).toContain('INSUFFICIENT_FUNDS');
    const taken = await ask({ 'TPP-Rejection-NoFunds-Preferred': 'false' });
    expect(taken.status, taken.text).toBe(201);
  });

  // ÍST TS 316 "Idempotency": "The idempotent key MUST be a valid UUID." (IOBWS3.2.yaml: `Idempotency-Key`, a
  // string). Our bank's spec (4.1) asks only for "idempotency value for the operation": any value is taken there.
  it('takes an Idempotency-Key only as a UUID (ÍST TS 316), where our bank takes any value', async () => {
    const token = await sudur.token();
    const body = {
      debtorAccount: { iban: JON_AT_SUDUR },
      creditorAccount: { iban: CREDITOR },
      creditorName: 'Guðrún Helgadóttir',
      instructedAmount: { currency: 'ISK', amount: '1500' },
    };
    const ask = (key: string) =>
      sudur.request(
        'POST',
        '/v1/payments/credit-transfers',
        sudur.headers(token, { 'Idempotency-Key': key }),
        body,
      );
    const notUuid = `paym-init-${randomUUID().slice(0, 8)}`;
    const refused = await ask(notUuid);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'FORMAT_ERROR',
          path: 'Idempotency-Key',
          text: 'Idempotency-Key must be a UUID.',
        },
      ],
    });
    const key = randomUUID();
    const taken = await ask(key);
    expect(taken.status, taken.text).toBe(201);
    const again = await ask(key);
    expect(again.status, again.text).toBe(201);
    expect(again.json).toEqual(taken.json);

    const ourToken = await ours.token();
    const atOurBank = await ours.initiate(ourToken, singlePayment(), {
      headers: { 'Idempotency-Key': notUuid },
    });
    expect(atOurBank.status, atOurBank.text).toBe(201);
  });
});
