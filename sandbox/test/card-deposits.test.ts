import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKED_PAN } from '../src/pis/creditor-checks.js';
import { SEED_CARDS } from '../src/seed/cards.js';
import type { RunningSandbox } from '../src/server.js';
import {
  ANNA_MAIN,
  advanceClock,
  CREDITOR,
  expectError,
  formAction,
  ScaBrowser,
  startTestSandbox,
  TestTpp,
} from './helpers.js';

// `card-deposits` is its own product (spec 1: "payment-product: credit-transfers, card-deposits"; ÍST TS 310:
// "a withdrawal from an account to pay onto the account behind a payment card"). The card is named by
// `maskedPan`, spec 2.4: "max 35; format: first 6 and last 4 digits visible, middle masked with asterisks".

const JON_CARD = '522011******4242';
const JON_SAVINGS = 'IS860159260012340101302989';

let sandbox: RunningSandbox;
let tpp: TestTpp;
let token: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tpp = new TestTpp(sandbox.url);
  token = await tpp.token();
});
afterAll(() => sandbox.close());

const deposit = (maskedPan: unknown, extra: Record<string, unknown> = {}) => ({
  debtorAccount: { iban: ANNA_MAIN },
  creditorAccount: { maskedPan },
  instructedAmount: { currency: 'ISK', amount: '25000' },
  ...extra,
});

const initiateDeposit = (body: unknown, service = 'payments') =>
  tpp.initiate(token, body, { product: 'card-deposits', service });

async function balanceOf(iban: string): Promise<number> {
  const response = await fetch(`${sandbox.url}/sandbox/accounts`);
  const { accounts } = (await response.json()) as { accounts: Array<{ iban: string; balance: string }> };
  return Number(accounts.find((a) => a.iban === iban)?.balance);
}

describe('card deposits (payment spec 2.4, maskedPan)', () => {
  it('pays onto the account behind a seeded card: ACSC, then ACCC as the card account is credited', async () => {
    const before = await balanceOf(JON_SAVINGS);
    const created = await initiateDeposit(deposit(JON_CARD));
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const scaRedirect = (created.json._links as Record<string, { href: string }>).scaRedirect?.href ?? '';
    const browser = new ScaBrowser();
    const login = await browser.get(scaRedirect);
    await browser.post(formAction(login.html, scaRedirect), { username: 'anna', password: 'sandbox' });
    const review = await browser.get(scaRedirect);
    expect(review.html).toContain(JON_CARD);
    await browser.post(formAction(review.html, scaRedirect), { decision: 'approve' });
    await advanceClock(sandbox.url, 120);
    const status = await tpp.get(
      token,
      `/psd2/api/v1/payments/card-deposits/${String(created.json.paymentId)}/status`,
    );
    expect(status.json.transactionStatus).toBe('ACCC');
    expect(await balanceOf(JON_SAVINGS)).toBe(before + 25000);
  });

  it('the seeded cards are well-formed masked PANs', () => {
    for (const card of SEED_CARDS) expect(card.masked_pan).toMatch(MASKED_PAN);
  });

  it('a card named by IBAN instead of maskedPan: 400 FORMAT_ERROR at creditorAccount.maskedPan', async () => {
    expectError(
      await initiateDeposit({ ...deposit(JON_CARD), creditorAccount: { iban: CREDITOR } }),
      400,
      'FORMAT_ERROR',
      'creditorAccount.maskedPan',
    );
  });

  it('over 35 characters (spec 2.4 "max 35"): FORMAT_ERROR from the schema at its path', async () => {
    expectError(
      await initiateDeposit(deposit(`522011${'*'.repeat(26)}4242`)),
      400,
      'FORMAT_ERROR',
      'creditorAccount.maskedPan',
    );
  });

  it('a malformed masked PAN (not 6 digits, asterisks, 4 digits) is 400 FORMAT_ERROR at its path, whatever it is', async () => {
    const malformed = fc
      .oneof(
        fc.string({ minLength: 1, maxLength: 35 }),
        fc.stringMatching(/^[0-9*]{10,20}$/),
        fc.constantFrom(
          '5220114242',
          '522011XXXXXX4242',
          '52201******4242',
          '522011******424',
          '522011**4242x',
        ),
      )
      .filter((value) => !MASKED_PAN.test(value));
    await fc.assert(
      fc.asyncProperty(malformed, async (pan) => {
        const answer = await initiateDeposit(deposit(pan));
        expectError(answer, 400, 'FORMAT_ERROR', 'creditorAccount.maskedPan');
      }),
      { numRuns: 25 },
    );
  });

  it('a well-formed masked PAN of a card the bank does not know is 400 CARD_NOT_FOUND at its path', async () => {
    const known = new Set<string>(SEED_CARDS.map((c) => c.masked_pan));
    const unknown = fc
      .tuple(fc.stringMatching(/^[0-9]{6}$/), fc.integer({ min: 2, max: 9 }), fc.stringMatching(/^[0-9]{4}$/))
      .map(([first, stars, last]) => `${first}${'*'.repeat(stars)}${last}`)
      .filter((pan) => !known.has(pan));
    await fc.assert(
      fc.asyncProperty(unknown, async (pan) => {
        expectError(await initiateDeposit(deposit(pan)), 400, 'CARD_NOT_FOUND', 'creditorAccount.maskedPan');
      }),
      { numRuns: 15 },
    );
  });

  it('in a bulk, each element’s card is checked at its own path', async () => {
    const bulk = {
      paymentInformationId: `cards-${randomUUID().slice(0, 20)}`,
      debtorAccount: { iban: ANNA_MAIN },
      payments: [
        { creditorAccount: { maskedPan: JON_CARD }, instructedAmount: { currency: 'ISK', amount: '1000' } },
        {
          creditorAccount: { maskedPan: '999999******0000' },
          instructedAmount: { currency: 'ISK', amount: '1000' },
        },
      ],
    };
    expectError(
      await initiateDeposit(bulk, 'bulk-payments'),
      400,
      'CARD_NOT_FOUND',
      'payments[1].creditorAccount.maskedPan',
    );
  });

  it('credit transfers are unchanged: a masked PAN there is not looked up', async () => {
    const transfer = await tpp.initiate(token, deposit('999999******0000'));
    expect(transfer.status, JSON.stringify(transfer.json)).toBe(201);
  });
});
