import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_BANKS } from '../src/banks.js';
import { dateWords } from '../src/http/pages/messages.js';
import { executionDates } from '../src/pis/calendar.js';
import type { RunningSandbox } from '../src/server.js';
import { icelandicIban } from '../src/shared/iban.js';
import {
  ANNA_MAIN,
  CREDITOR,
  expectError,
  formAction,
  JON_MAIN,
  ScaBrowser,
  singlePayment,
  startTestSandbox,
  TestTpp,
} from './helpers.js';

/**
 * The sandbox plays several banks (banks.ts), and each is itself: its own name on its pages, declined where
 * an Icelandic sentence needs it; its pages wholly in the language the PSU has (words for codes, Icelandic or
 * English dates and amounts); and the accounts of every one of them reachable as creditor from the others, as
 * a credit transfer between banks is in Iceland.
 */

const bank = (id: string) => {
  const profile = OTHER_BANKS.find((b) => b.id === id);
  if (!profile) throw new Error(`no bank ${id}`);
  return profile;
};
const NORDUR = bank('nordur');
const VESTUR = bank('vestur');
const JON_AT_NORDUR = NORDUR.psus[0]?.accounts[0]?.iban ?? '';
const ANNA_AT_NORDUR = NORDUR.psus[1]?.accounts[0]?.iban ?? '';
const JON_AT_VESTUR = VESTUR.psus[0]?.accounts[0]?.iban ?? '';
/** Accounts of each bank's own branch codes that no one has. */
const NO_SUCH_AT_ROOT = icelandicIban('0515', '26', '999999', '0101302989');
const NO_SUCH_AT_NORDUR = icelandicIban(JON_AT_NORDUR.slice(4, 8), '26', '999999', '0101302989');

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

async function pay(tpp: TestTpp, debtor: string, creditor: string) {
  return tpp.initiate(
    await tpp.token(),
    singlePayment({ debtorAccount: { iban: debtor }, creditorAccount: { iban: creditor } }),
  );
}

/** The bank's SCA page of a new payment, in `language`: the sign-in page, then (signed in as Jón) the review page. */
async function scaPages(
  tpp: TestTpp,
  body: Record<string, unknown>,
  language: 'is' | 'en',
  service = 'payments',
): Promise<{ login: string; review: string }> {
  const created = await tpp.initiate(await tpp.token(), body, {
    service,
    headers: { 'PSU-Accept-Language': language },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const href = (created.json._links as Record<string, { href: string }>).scaRedirect?.href ?? '';
  const browser = new ScaBrowser();
  let url = href;
  let page = await browser.get(url);
  while (page.status === 302) {
    url = new URL(page.location ?? '', url).toString();
    page = await browser.get(url);
  }
  expect(page.status).toBe(200);
  const login = page.html;
  const posted = await browser.post(formAction(login, url), { username: 'jon', password: 'sandbox' });
  expect(posted.status).toBe(303);
  url = new URL(posted.location ?? '', url).toString();
  let review = await browser.get(url);
  while (review.status === 302) {
    url = new URL(review.location ?? '', url).toString();
    review = await browser.get(url);
  }
  expect(review.status).toBe(200);
  return { login, review: review.html };
}

/** The text a PSU reads: markup and the hidden form fields left out, entities read. */
function visibleText(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<input[^>]*type="hidden"[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ');
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

describe('accounts of every sandbox bank are reachable as creditor from every other', () => {
  it('a payment from Norðurbankinn to an account at Sandkassabankinn is taken, and the other way round', async () => {
    const toRoot = await pay(nordur, JON_AT_NORDUR, ANNA_MAIN);
    expect(toRoot.status, JSON.stringify(toRoot.json)).toBe(201);
    const toNordur = await pay(root, JON_MAIN, ANNA_AT_NORDUR);
    expect(toNordur.status, JSON.stringify(toNordur.json)).toBe(201);
    const vesturToNordur = await pay(vestur, JON_AT_VESTUR, ANNA_AT_NORDUR);
    expect(vesturToNordur.status, JSON.stringify(vesturToNordur.json)).toBe(201);
  });

  it('an account of a sandbox bank that does not exist is not found, whichever bank is paid from', async () => {
    expectError(
      await pay(nordur, JON_AT_NORDUR, NO_SUCH_AT_ROOT),
      400,
      'CREDITOR_ACCOUNT_NOT_FOUND',
      'creditorAccount',
    );
    expectError(
      await pay(root, JON_MAIN, NO_SUCH_AT_NORDUR),
      400,
      'CREDITOR_ACCOUNT_NOT_FOUND',
      'creditorAccount',
    );
    expectError(
      await pay(root, JON_MAIN, NO_SUCH_AT_ROOT),
      400,
      'CREDITOR_ACCOUNT_NOT_FOUND',
      'creditorAccount',
    );
    // An account at a bank the sandbox does not play is not the sandbox's to know.
    expect((await pay(nordur, JON_AT_NORDUR, CREDITOR)).status).toBe(201);
  });
});

describe("each bank's own name on its SCA pages", () => {
  for (const [tpp, debtor, name, dative] of [
    [() => root, JON_MAIN, 'Sandkassabankinn', 'Sandkassabankanum'],
    [() => nordur, JON_AT_NORDUR, 'Norðurbankinn', 'Norðurbankanum'],
    [() => vestur, JON_AT_VESTUR, 'Vesturbankinn', 'Vesturbankanum'],
  ] as const) {
    it(`${name}: in its title and heading in either language, declined in an Icelandic sentence`, async () => {
      const languages = name === 'Vesturbankinn' ? (['is'] as const) : (['is', 'en'] as const);
      for (const language of languages) {
        const { login, review } = await scaPages(
          tpp(),
          singlePayment({ debtorAccount: { iban: debtor } }),
          language,
        );
        for (const html of [login, review]) {
          expect(titleOf(html)).toContain(name);
          expect(/<header>([^<]*)<\/header>/.exec(html)?.[1]).toContain(name);
          const text = visibleText(html);
          expect(text).not.toMatch(/Sandkassabanki\b|Sandbox Bank/);
          for (const other of ['Sandkassabank', 'Norðurbank', 'Vesturbank'].filter(
            (n) => !name.startsWith(n),
          ))
            expect(text).not.toContain(other);
        }
        if (language === 'is') expect(visibleText(login)).toContain(`hjá ${dative}`);
      }
    });
  }
});

describe("every text of the bank's pages in the PSU's language", () => {
  const year = new Date().getUTCFullYear() + 1;
  const { creditorName: _unused, ...single } = singlePayment();
  const standingOrder = {
    ...single,
    instructedAmount: { currency: 'ISK', amount: '1234567' },
    frequency: 'Monthly',
    startDate: `${year}-12-24T00:00:00Z`,
    endDate: `${year + 1}-06-24T00:00:00Z`,
    dayOfExecution: '24',
  };

  it('Icelandic: frequency in words, dates as Icelandic dates, amounts in Icelandic marks', async () => {
    const { review } = await scaPages(root, standingOrder, 'is', 'periodic-payments');
    const text = visibleText(review);
    expect(text).toContain('Mánaðarlega');
    // The first and last days the bank pays on: 24 December is a bank holiday, so the first payment is on
    // the next banking day after it (the order's default rule), not on the start the order gives.
    const [first, ...rest] = executionDates({ ...standingOrder, executionRule: 'following' });
    expect(first?.slice(5)).not.toBe('12-24');
    expect(text).toContain(`Fyrsta greiðsla ${dateWords('is', first ?? '')}`);
    expect(text).toContain(`Síðasta greiðsla ${dateWords('is', rest.at(-1) ?? '')}`);
    expect(text).not.toContain(`24. desember ${year}`);
    expect(text).toContain('1.234.567 kr.');
    expect(text).not.toMatch(/Monthly|\d{4}-\d{2}-\d{2}|1,234,567/);
  });

  it('English: the same in English words and formats', async () => {
    const { review } = await scaPages(root, standingOrder, 'en', 'periodic-payments');
    const text = visibleText(review);
    expect(text).toContain('Monthly');
    const [first] = executionDates({ ...standingOrder, executionRule: 'following' });
    expect(text).toContain(`First payment ${dateWords('en', first ?? '')}`);
    expect(text).toContain('ISK 1,234,567');
    expect(text).not.toMatch(/Mánaðarlega|desember|\d{4}-\d{2}-\d{2}/);
  });

  it('a bulk payment says what leaves the account in all, per currency, in the PSU’s marks', async () => {
    const bulk = {
      paymentInformationId: `bulk-total-${Date.now()}`,
      debtorAccount: { iban: 'IS140159260076545510730339' },
      payments: [
        {
          creditorAccount: { iban: 'IS870301260012345101696399' },
          instructedAmount: { currency: 'ISK', amount: '450000' },
        },
        {
          creditorAccount: { iban: 'IS870301260012345101696399' },
          instructedAmount: { currency: 'ISK', amount: '810500' },
        },
      ],
    };
    const { review } = await scaPages(root, bulk, 'is', 'bulk-payments');
    expect(visibleText(review)).toContain('Samtals 1.260.500 kr.');
  });

  it('every frequency code is told in words in both languages', async () => {
    const codes = [
      'Daily',
      'Weekly',
      'EveryTwoWeeks',
      'Monthly',
      'EveryTwoMonths',
      'Quarterly',
      'SemiAnnual',
      'Annual',
    ];
    const { frequencyWords } = await import('../src/http/pages/messages.js');
    for (const language of ['is', 'en'] as const) {
      const words = codes.map((code) => frequencyWords(language, code));
      expect(new Set(words).size).toBe(codes.length);
      for (const [index, word] of words.entries()) {
        if (language === 'is') expect(word).not.toBe(codes[index]);
        expect(word).not.toMatch(/^[A-Z][a-z]+[A-Z]/);
      }
    }
  });
});
