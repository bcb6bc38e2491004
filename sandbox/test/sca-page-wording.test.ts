import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_BANKS } from '../src/banks.js';
import type { RunningSandbox } from '../src/server.js';
import {
  ANNA_MAIN,
  decideOnScaPages,
  formAction,
  JON_MAIN,
  ScaBrowser,
  singlePayment,
  startTestSandbox,
  TestTpp,
} from './helpers.js';

/**
 * The bank's SCA pages name what the PSU confirms as Icelandic and English customers call it: a bulk payment
 * (fjöldagreiðsla), a standing order (föst greiðsla), and the cancellation of either; a bulk's recipients are
 * told apart from their accounts; a link the bank does not know answers in the browser's language.
 */

const bank = (id: string) => {
  const profile = OTHER_BANKS.find((b) => b.id === id);
  if (!profile) throw new Error(`no bank ${id}`);
  return profile;
};
const NORDUR = bank('nordur');
const VESTUR = bank('vestur');

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

type Language = 'is' | 'en';
type Links = Record<string, { href: string }>;

const year = new Date().getUTCFullYear() + 1;
/** A day about a month ahead: an approved payment waits for it (PDNG or ACWC) and may be cancelled meanwhile. */
const ahead = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

function bulk(debtor: string, overrides: Record<string, unknown> = {}) {
  return {
    paymentInformationId: `wording-${Math.random().toString(36).slice(2)}`,
    debtorAccount: { iban: debtor },
    payments: [
      {
        creditorAccount: { iban: ANNA_MAIN },
        ultimateCreditor: 'Anna Sigurðardóttir',
        instructedAmount: { currency: 'ISK', amount: '45000' },
      },
      {
        creditorAccount: { iban: 'IS030115260123450101302989' },
        instructedAmount: { currency: 'ISK', amount: '9900' },
      },
    ],
    ...overrides,
  };
}

const { creditorName: _unused, ...single } = singlePayment();
const standingOrder = {
  ...single,
  creditorAccount: { iban: ANNA_MAIN },
  frequency: 'Monthly',
  startDate: `${year}-01-05T00:00:00Z`,
  dayOfExecution: '5',
};

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
const headingOf = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? '';

/** Follows the redirects of a bank whose pages speak one language (it adds `lang`). */
async function follow(browser: ScaBrowser, start: string) {
  let url = start;
  let page = await browser.get(url);
  while (page.status === 302) {
    url = new URL(page.location ?? '', url).toString();
    page = await browser.get(url);
  }
  return { url, page };
}

/** The sign-in page at `scaRedirect`, then the review page once signed in as Jón. */
async function pagesOf(scaRedirect: string) {
  const browser = new ScaBrowser();
  const { url, page: login } = await follow(browser, scaRedirect);
  expect(login.status).toBe(200);
  const posted = await browser.post(formAction(login.html, url), { username: 'jon', password: 'sandbox' });
  expect(posted.status).toBe(303);
  const reviewed = await follow(browser, new URL(posted.location ?? '', url).toString());
  expect(reviewed.page.status).toBe(200);
  expect(reviewed.page.html).toContain('value="approve"');
  return { login: login.html, review: reviewed.page.html, browser, url: reviewed.url };
}

async function initiate(tpp: TestTpp, service: string, body: unknown, language: Language): Promise<Links> {
  const created = await tpp.initiate(await tpp.token(), body, {
    service,
    headers: { 'PSU-Accept-Language': language },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json._links as Links;
}

/** An approved payment's cancellation: DELETE (202) and the start of its authorisation, in `language`. */
async function cancellationPages(tpp: TestTpp, service: string, body: unknown, language: Language) {
  const links = await initiate(tpp, service, body, language);
  await decideOnScaPages(links.scaRedirect?.href ?? '');
  const token = await tpp.token();
  const path = (href: string | undefined) => new URL(href ?? '', tpp.base).pathname;
  const deleted = await tpp.request(
    'DELETE',
    path(links.self?.href),
    tpp.headers(token, { 'Content-Type': undefined }),
  );
  expect(deleted.status, JSON.stringify(deleted.json)).toBe(202);
  const started = await tpp.request(
    'POST',
    path((deleted.json._links as Links).startAuthorisation?.href),
    tpp.headers(token, { 'PSU-Accept-Language': language }),
    {},
  );
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  const scaRedirect = (started.json._links as Links).scaRedirect?.href ?? '';
  return { scaRedirect, ...(await pagesOf(scaRedirect)) };
}

describe('the title and heading name the payment confirmed', () => {
  const cases: Array<{
    service: string;
    body: () => unknown;
    is: { heading: string; signIn: string };
    en: { heading: string; signIn: string };
  }> = [
    {
      service: 'payments',
      body: () => singlePayment(),
      is: { heading: 'Staðfesta greiðslu', signIn: 'til að staðfesta greiðsluna' },
      en: { heading: 'Confirm payment', signIn: 'to confirm the payment' },
    },
    {
      service: 'bulk-payments',
      body: () => bulk(JON_MAIN),
      is: { heading: 'Staðfesta fjöldagreiðslu', signIn: 'til að staðfesta fjöldagreiðsluna' },
      en: { heading: 'Confirm bulk payment', signIn: 'to confirm the bulk payment' },
    },
    {
      service: 'periodic-payments',
      body: () => standingOrder,
      is: { heading: 'Staðfesta fasta greiðslu', signIn: 'til að staðfesta föstu greiðsluna' },
      en: { heading: 'Confirm standing order', signIn: 'to confirm the standing order' },
    },
  ];
  for (const { service, body, ...words } of cases) {
    for (const language of ['is', 'en'] as const) {
      const { heading, signIn } = words[language];
      it(`${service}, ${language}: "${heading}"`, async () => {
        const links = await initiate(root, service, body(), language);
        const { login, review } = await pagesOf(links.scaRedirect?.href ?? '');
        const title = `Sandkassabankinn – ${heading.charAt(0).toLowerCase()}${heading.slice(1)}`;
        expect(titleOf(login)).toBe(title);
        expect(headingOf(login)).toMatch(new RegExp(`${signIn}$`));
        expect(titleOf(review)).toBe(title);
        expect(headingOf(review)).toBe(heading);
      });
    }
  }

  it('each bank keeps its own name in the title: Norðurbankinn, Vesturbankinn (Icelandic only)', async () => {
    const nordurIs = await pagesOf(
      (await initiate(nordur, 'bulk-payments', bulk(NORDUR.psus[0]?.accounts[0]?.iban ?? ''), 'is'))
        .scaRedirect?.href ?? '',
    );
    expect(titleOf(nordurIs.review)).toBe('Norðurbankinn – staðfesta fjöldagreiðslu');
    expect(headingOf(nordurIs.login)).toBe(
      'Skráðu þig inn hjá Norðurbankanum til að staðfesta fjöldagreiðsluna',
    );
    const nordurEn = await pagesOf(
      (
        await initiate(
          nordur,
          'periodic-payments',
          { ...standingOrder, debtorAccount: { iban: NORDUR.psus[0]?.accounts[0]?.iban } },
          'en',
        )
      ).scaRedirect?.href ?? '',
    );
    expect(titleOf(nordurEn.review)).toBe('Norðurbankinn – confirm standing order');
    // Vesturbankinn speaks Icelandic whatever the TPP forwards.
    const vesturPages = await pagesOf(
      (await initiate(vestur, 'bulk-payments', bulk(VESTUR.psus[0]?.accounts[0]?.iban ?? ''), 'en'))
        .scaRedirect?.href ?? '',
    );
    expect(titleOf(vesturPages.review)).toBe('Vesturbankinn – staðfesta fjöldagreiðslu');
    expect(headingOf(vesturPages.review)).toBe('Staðfesta fjöldagreiðslu');
  });
});

describe('a cancellation names what it stops', () => {
  it('a standing order, in Icelandic and English; a single payment as before', async () => {
    const is = await cancellationPages(root, 'periodic-payments', standingOrder, 'is');
    expect(headingOf(is.review)).toBe('Staðfesta afturköllun föstu greiðslunnar');
    expect(titleOf(is.review)).toBe('Sandkassabankinn – staðfesta afturköllun föstu greiðslunnar');
    expect(titleOf(is.login)).toBe('Sandkassabankinn – staðfesta afturköllun föstu greiðslunnar');
    expect(is.review).not.toContain('afturköllun greiðslu<');
    const en = await cancellationPages(root, 'periodic-payments', standingOrder, 'en');
    expect(headingOf(en.review)).toBe('Confirm cancellation of the standing order');
    // Its buttons name what runs on, as the heading names what stops.
    expect(en.review).toMatch(/value="decline"[^>]*>Keep the standing order</);
    expect(is.review).toMatch(/value="decline"[^>]*>Hætta við afturköllun</);
    expect(titleOf(en.review)).toBe('Sandkassabankinn – confirm cancellation of the standing order');

    const singleIs = await cancellationPages(root, 'payments', singlePayment(), 'is');
    expect(headingOf(singleIs.review)).toBe('Staðfesta afturköllun greiðslu');
    expect(titleOf(singleIs.review)).toBe('Sandkassabankinn – staðfesta afturköllun greiðslu');
  });

  it('a bulk payment waiting for its day, in Icelandic and English', async () => {
    const dated = () => bulk(JON_MAIN, { requestedExecutionDate: `${ahead}T00:00:00Z` });
    const is = await cancellationPages(root, 'bulk-payments', dated(), 'is');
    expect(headingOf(is.review)).toBe('Staðfesta afturköllun fjöldagreiðslunnar');
    expect(titleOf(is.review)).toBe('Sandkassabankinn – staðfesta afturköllun fjöldagreiðslunnar');
    const en = await cancellationPages(root, 'bulk-payments', dated(), 'en');
    expect(headingOf(en.review)).toBe('Confirm cancellation of the bulk payment');
    expect(en.review).toMatch(/value="decline"[^>]*>Keep the bulk payment</);
  });

  it('the page after a standing order is stopped says so', async () => {
    const { review, browser, url } = await cancellationPages(root, 'periodic-payments', standingOrder, 'is');
    await browser.post(formAction(review, url), { decision: 'approve' });
    const ended = await browser.get(url);
    expect(ended.html).toContain('Föst greiðsla afturkölluð.');
    expect(titleOf(ended.html)).toBe('Sandkassabankinn – staðfesta afturköllun föstu greiðslunnar');
  });
});

describe("a bulk's recipients on its review page", () => {
  for (const language of ['is', 'en'] as const) {
    it(`${language}: each recipient's name and account apart, the account alone where no name is given`, async () => {
      const links = await initiate(root, 'bulk-payments', bulk(JON_MAIN), language);
      const { review } = await pagesOf(links.scaRedirect?.href ?? '');
      expect(review).not.toContain('Anna Sigurðardóttir IS77');
      expect(review).toMatch(
        /<td><div class="recipient">Anna Sigurðardóttir<\/div><div class="account">IS77 0133 2600 4455 1203 8920 39<\/div><\/td>/,
      );
      expect(review).toMatch(/<td><div class="account">IS03 0115 2601 2345 0101 3029 89<\/div><\/td>/);
    });
  }
});

describe('a link the bank does not know', () => {
  const UNKNOWN = '/sca/00000000-0000-0000-0000-000000000000';
  const get = (url: string, acceptLanguage?: string) =>
    fetch(url, { redirect: 'follow', headers: acceptLanguage ? { 'Accept-Language': acceptLanguage } : {} });
  const IS_TEXT = 'Þessi staðfestingartengill er óþekktur eða útrunninn.';
  const EN_TEXT = 'This authorisation link is unknown or no longer valid.';

  it('answers an Icelandic browser (Accept-Language is-IS) in Icelandic', async () => {
    for (const header of ['is-IS', 'is-IS,is;q=0.9,en-US;q=0.8,en;q=0.7', 'en;q=0.5, is']) {
      const response = await get(`${sandbox.url}${UNKNOWN}`, header);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html, header).toContain('<html lang="is">');
      expect(html).toContain(IS_TEXT);
      expect(html).not.toContain('heimildarhlekkur');
      expect(titleOf(html)).toContain('Sandkassabankinn');
      expect(response.headers.get('Vary')).toMatch(/Accept-Language/i);
    }
  });

  it('answers an English browser in English, and one that names neither language in the bank’s default', async () => {
    for (const header of ['en', 'en-GB,en;q=0.9', 'de-DE', undefined]) {
      const html = await (await get(`${sandbox.url}${UNKNOWN}`, header)).text();
      expect(html, header).toContain('<html lang="en">');
      expect(html).toContain(EN_TEXT);
    }
  });

  it('the switch still decides: ?lang=en for an Icelandic browser', async () => {
    const html = await (await get(`${sandbox.url}${UNKNOWN}?lang=en`, 'is-IS')).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(EN_TEXT);
  });

  it('at the other banks: in their own names; Vesturbankinn in Icelandic whatever the browser', async () => {
    const atNordur = await (await get(`${sandbox.url}/banks/nordur${UNKNOWN}`, 'is-IS')).text();
    expect(atNordur).toContain('<html lang="is">');
    expect(atNordur).toContain(IS_TEXT);
    expect(titleOf(atNordur)).toContain('Norðurbankinn');
    const atVestur = await (await get(`${sandbox.url}/banks/vestur${UNKNOWN}`, 'en')).text();
    expect(atVestur).toContain('<html lang="is">');
    expect(atVestur).toContain(IS_TEXT);
    expect(titleOf(atVestur)).toContain('Vesturbankinn');
  });
});
