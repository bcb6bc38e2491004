import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBusinessDay } from '../src/pis/calendar.js';
import type { RunningSandbox } from '../src/server.js';
import {
  ANNA_LOW,
  ANNA_MAIN,
  advanceClock,
  cookiePair,
  csrfField,
  type FormPost,
  forgedTokenPairs,
  formAction,
  JON_MAIN,
  postForm,
  ScaBrowser,
  signInPageWithToken,
  singlePayment,
  startTestSandbox,
  TestTpp,
} from './helpers.js';

/** The cookie of the sign-in page, whose double its form carries (README, SCA pages). */
const SIGN_IN_COOKIE = 'sandbox_sca_signin';

const inGroups = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

let sandbox: RunningSandbox;
let tpp: TestTpp;
let token: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tpp = new TestTpp(sandbox.url);
  token = await tpp.token();
});
afterAll(() => sandbox.close());

const OK_URI = 'http://localhost:3000/is/payments/abc/return?result=ok&x=%C3%BE';
const NOK_URI = 'http://localhost:3000/is/payments/abc/return?result=nok';

async function initiate(body: unknown, headers: Record<string, string | undefined> = {}) {
  const response = await tpp.initiate(token, body, {
    headers: { 'TPP-Redirect-URI': OK_URI, 'TPP-Nok-Redirect-URI': NOK_URI, ...headers },
  });
  expect(response.status).toBe(201);
  const links = response.json._links as Record<string, { href: string }>;
  return {
    paymentId: response.json.paymentId as string,
    scaRedirect: links.scaRedirect?.href ?? '',
    scaStatus: links.scaStatus?.href.replace(sandbox.url, '') ?? '',
    status: links.status?.href.replace(sandbox.url, '') ?? '',
  };
}

async function status(path: string) {
  return (await tpp.get(token, path)).json.transactionStatus;
}

async function history() {
  const response = await fetch(`${sandbox.url}/sandbox/payments`);
  return (
    (await response.json()) as {
      payments: Array<{ paymentId: string; history: Array<{ transactionStatus: string }> }>;
    }
  ).payments;
}

async function signIn(browser: ScaBrowser, scaRedirect: string, username: string, password: string) {
  const login = await browser.get(scaRedirect);
  expect(login.status).toBe(200);
  const posted = await browser.post(formAction(login.html, scaRedirect), { username, password });
  expect(posted.status).toBe(303);
  return browser.get(new URL(posted.location ?? '', scaRedirect).toString());
}

describe('SCA page language', () => {
  it('renders Icelandic when PSU-Accept-Language is is', async () => {
    const { scaRedirect } = await initiate(singlePayment(), { 'PSU-Accept-Language': 'is' });
    const page = await new ScaBrowser().get(scaRedirect);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="is">');
    expect(page.html).toContain('name="username"');
    expect(page.html).toContain('name="password"');
    expect(page.html).toContain('>Notandanafn</label>');
    expect(page.html).toContain('>Lykilorð</label>');
    expect(page.html).toContain('>Skrá inn</button>');
    expect(page.html).not.toMatch(/<link|<script|src="http/);
  });

  // Spec part 4: "PSU-Accept-Language: language of the SCA page: is or en; default en when empty". The header
  // forwards the PSU's HTTP Accept-Language, so it is read as one.
  it('renders Icelandic for IS, is-IS and is;q=0.9, en;q=0.8 (an HTTP language header, payment spec 4.1)', async () => {
    for (const language of ['IS', 'is-IS', 'is;q=0.9, en;q=0.8', 'de, is;q=0.5', 'en;q=0.1, is-IS']) {
      const { scaRedirect } = await initiate(singlePayment(), { 'PSU-Accept-Language': language });
      const page = await new ScaBrowser().get(scaRedirect);
      expect(page.html, language).toContain('<html lang="is">');
    }
  });

  it('renders English when the header is en, empty, absent or names only unknown languages (payment spec 4.1)', async () => {
    for (const language of ['en', '', undefined, 'de', 'fr-FR, de;q=0.5', '*', 'en-GB, is;q=0.2', 'is;q=0']) {
      const { scaRedirect } = await initiate(singlePayment(), { 'PSU-Accept-Language': language });
      const page = await new ScaBrowser().get(scaRedirect);
      expect(page.html).toContain('<html lang="en">');
      expect(page.html).toContain('>User ID</label>');
      expect(page.html).toContain('>Password</label>');
      expect(page.html).toContain('>Sign in</button>');
    }
  });

  it('cannot be framed and loads nothing from elsewhere', async () => {
    const { scaRedirect } = await initiate(singlePayment());
    const response = await fetch(scaRedirect);
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
    expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
  });

  it('answers 404 for an unknown authorisation', async () => {
    const page = await new ScaBrowser().get(`${sandbox.url}/sca/00000000-0000-0000-0000-000000000000`);
    expect(page.status).toBe(404);
  });
});

describe('sign-in', () => {
  it('wrong credentials show an error in the page language and allow another try', async () => {
    const { scaRedirect, scaStatus } = await initiate(singlePayment(), { 'PSU-Accept-Language': 'is' });
    const browser = new ScaBrowser();
    const wrong = await signIn(browser, scaRedirect, 'jon', 'wrong');
    expect(wrong.html).toContain('role="alert"');
    expect(wrong.html).toContain('Notandanafn eða lykilorð er rangt');
    expect(wrong.html).toContain('name="username"');
    expect(browser.sessionCookie).toBeUndefined();
    expect((await tpp.get(token, scaStatus)).json).toEqual({ scaStatus: 'received' });

    const right = await signIn(browser, scaRedirect, 'jon', 'sandbox');
    expect(right.html).toContain('value="approve"');
    expect((await tpp.get(token, scaStatus)).json).toEqual({ scaStatus: 'psuAuthenticated' });
  });

  it('another PSU cannot pay from the account', async () => {
    const { scaRedirect } = await initiate(singlePayment());
    const page = await signIn(new ScaBrowser(), scaRedirect, 'anna', 'sandbox');
    expect(page.html).toContain('cannot pay from the payer account');
    expect(page.html).not.toContain('value="approve"');
  });

  it('sets an HttpOnly cookie scoped to the SCA pages', async () => {
    const { scaRedirect } = await initiate(singlePayment());
    const page = await fetch(scaRedirect);
    const login = await page.text();
    const response = await fetch(formAction(login, scaRedirect), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: cookiePair(page, SIGN_IN_COOKIE),
      },
      body: new URLSearchParams({ ...csrfField(login), username: 'jon', password: 'sandbox' }),
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sandbox_sca=')) ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/sca;/);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  // No session exists yet when the sign-in form is posted, so the decision form's token cannot guard it: a page of
  // another port of the same host (the same site) could sign the PSU in as someone else (login CSRF), who would
  // then review and approve under that session. The form's page sets a cookie of its own and its double.
  it('a sign-in without the sign-in page`s cookie and token is refused on a page in its language, signing nobody in', async () => {
    const { scaRedirect, scaStatus } = await initiate(singlePayment(), { 'PSU-Accept-Language': 'is' });
    const { action, cookie, csrf } = await signInPageWithToken(scaRedirect, SIGN_IN_COOKIE);
    // Another sign-in page's pair: good for its own only.
    const other = await signInPageWithToken((await initiate(singlePayment())).scaRedirect, SIGN_IN_COOKIE);
    const post = (cookieHeader: string, fields: Record<string, string>, headers?: Record<string, string>) =>
      postForm(action, cookieHeader, { username: 'jon', password: 'sandbox', ...fields }, headers);
    const forged: FormPost[] = [
      ...forgedTokenPairs(SIGN_IN_COOKIE, { cookie, csrf }, other),
      ['', { csrf, switchTo: 'en' }],
    ];
    for (const [cookieHeader, fields, headers] of forged) {
      const refused = await post(cookieHeader, fields, headers);
      const what = `${cookieHeader} ${JSON.stringify(fields)} ${JSON.stringify(headers ?? {})}`;
      expect(refused.status, what).toBe(403);
      expect(
        refused.headers.getSetCookie().filter((c) => c.startsWith('sandbox_sca=')),
        what,
      ).toEqual([]);
      const text = await refused.text();
      expect(text, what).toContain('<html lang="is">');
      expect(text, what).toContain('því fór engin innskráning fram');
      expect((await tpp.get(token, scaStatus)).json, what).toEqual({ scaStatus: 'received' });
    }
    const signedIn = await post(cookie, { csrf }, { 'Sec-Fetch-Site': 'same-origin' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith('sandbox_sca='))).toBe(true);
    expect((await tpp.get(token, scaStatus)).json).toEqual({ scaStatus: 'psuAuthenticated' });
  });
});

describe('what the review page says of the payment', () => {
  it('the day a payment is to be paid, or that it is paid as soon as possible, in the page language', async () => {
    const dated = await initiate(singlePayment({ requestedExecutionDate: '2030-03-14T00:00:00Z' }), {
      'PSU-Accept-Language': 'is',
    });
    const review = await signIn(new ScaBrowser(), dated.scaRedirect, 'jon', 'sandbox');
    expect(review.html).toContain('<dt>Greiðsludagur</dt><dd>14. mars 2030</dd>');
    const undated = await initiate(singlePayment(), { 'PSU-Accept-Language': 'en' });
    const english = await signIn(new ScaBrowser(), undated.scaRedirect, 'jon', 'sandbox');
    expect(english.html).toContain('<dt>Payment date</dt><dd>As soon as possible</dd>');
  });

  it('the holder of a standing order’s recipient account at this bank, which its body does not name (spec 2.2)', async () => {
    const response = await tpp.initiate(
      token,
      {
        debtorAccount: { iban: JON_MAIN },
        creditorAccount: { iban: ANNA_MAIN },
        instructedAmount: { currency: 'ISK', amount: '5000' },
        startDate: '2030-03-14T00:00:00Z',
        frequency: 'Monthly',
      },
      {
        service: 'periodic-payments',
        headers: { 'TPP-Redirect-URI': OK_URI, 'TPP-Nok-Redirect-URI': NOK_URI, 'PSU-Accept-Language': 'en' },
      },
    );
    expect(response.status).toBe(201);
    const links = response.json._links as Record<string, { href: string }>;
    const review = await signIn(new ScaBrowser(), links.scaRedirect?.href ?? '', 'jon', 'sandbox');
    expect(review.html).toContain(`<dt>To</dt><dd>Anna Sigurðardóttir – ${inGroups(ANNA_MAIN)}</dd>`);
  });
});

describe('approve and execute', () => {
  it('shows the payment, approves, redirects to TPP-Redirect-URI and settles on the sandbox clock', async () => {
    const {
      paymentId,
      scaRedirect,
      scaStatus,
      status: statusPath,
    } = await initiate(singlePayment({ instructedAmount: { currency: 'ISK', amount: '15000' } }), {
      'PSU-Accept-Language': 'is',
    });
    const browser = new ScaBrowser();
    const review = await signIn(browser, scaRedirect, 'jon', 'sandbox');
    expect(review.html).toContain('<html lang="is">');
    expect(review.html).toContain('Jón Jónsson');
    // Accounts as people check them: the IBAN in groups of four.
    expect(review.html).toContain(inGroups(JON_MAIN));
    expect(review.html).toContain('IS14 0159 2600 7654 5510 7303 39');
    expect(review.html).toContain('Guðrún Helgadóttir');
    expect(review.html).toContain('15.000\u00a0kr.');
    expect(review.html).toContain(
      '<button type="submit" name="decision" value="approve" class="primary">Samþykkja</button>',
    );
    expect(review.html).toContain(
      '<button type="submit" name="decision" value="decline" class="secondary">Hafna</button>',
    );

    const before = await fetch(`${sandbox.url}/sandbox/accounts`).then(
      (r) => r.json() as Promise<{ accounts: Array<{ iban: string; balance: string }> }>,
    );
    const balanceBefore = before.accounts.find((a) => a.iban === JON_MAIN)?.balance;

    const decided = await browser.post(formAction(review.html, scaRedirect), { decision: 'approve' });
    expect(decided.status).toBe(303);
    expect(decided.location).toBe(OK_URI);
    expect((await tpp.get(token, scaStatus)).json).toEqual({ scaStatus: 'finalised' });
    expect(await status(statusPath)).toBe('ACTC');

    await advanceClock(sandbox.url, 60);
    expect(await status(statusPath)).toBe('ACSP');
    await advanceClock(sandbox.url, 60);
    expect(await status(statusPath)).toBe('ACSC');

    const payment = (await history()).find((p) => p.paymentId === paymentId);
    expect(payment?.history.map((h) => h.transactionStatus)).toEqual(['RCVD', 'ACTC', 'ACSP', 'ACSC']);
    const after = await fetch(`${sandbox.url}/sandbox/accounts`).then(
      (r) => r.json() as Promise<{ accounts: Array<{ iban: string; balance: string }> }>,
    );
    expect(
      BigInt(balanceBefore ?? '0') - BigInt(after.accounts.find((a) => a.iban === JON_MAIN)?.balance ?? '0'),
    ).toBe(15000n);

    // The page is done; a second visit says so and offers no buttons.
    const revisit = await browser.get(scaRedirect);
    expect(revisit.html).not.toContain('value="approve"');
  });

  it('English review page formats the amount the English way', async () => {
    const { scaRedirect } = await initiate(
      singlePayment({ instructedAmount: { currency: 'ISK', amount: '15000' } }),
      {
        'PSU-Accept-Language': 'en',
      },
    );
    const review = await signIn(new ScaBrowser(), scaRedirect, 'jon', 'sandbox');
    expect(review.html).toContain('ISK\u00a015,000');
    expect(review.html).toContain('>Approve</button>');
    expect(review.html).toContain('>Decline</button>');
  });

  it('insufficient funds: approved, then RJCT when the funds are checked', async () => {
    const { scaRedirect, status: statusPath } = await initiate(
      singlePayment({
        debtorAccount: { iban: ANNA_LOW },
        instructedAmount: { currency: 'ISK', amount: '5000' },
      }),
    );
    const browser = new ScaBrowser();
    const review = await signIn(browser, scaRedirect, 'anna', 'sandbox');
    const decided = await browser.post(formAction(review.html, scaRedirect), { decision: 'approve' });
    expect(decided.location).toBe(OK_URI);
    expect(await status(statusPath)).toBe('ACTC');
    await advanceClock(sandbox.url, 60);
    expect(await status(statusPath)).toBe('RJCT');
    await advanceClock(sandbox.url, 60);
    expect(await status(statusPath)).toBe('RJCT');
  });
});

describe('decline', () => {
  it('sets scaStatus failed, RJCT, and redirects to TPP-Nok-Redirect-URI', async () => {
    const { scaRedirect, scaStatus, status: statusPath } = await initiate(singlePayment());
    const browser = new ScaBrowser();
    const review = await signIn(browser, scaRedirect, 'jon', 'sandbox');
    const decided = await browser.post(formAction(review.html, scaRedirect), { decision: 'decline' });
    expect(decided.status).toBe(303);
    expect(decided.location).toBe(NOK_URI);
    expect((await tpp.get(token, scaStatus)).json).toEqual({ scaStatus: 'failed' });
    expect(await status(statusPath)).toBe('RJCT');
    await advanceClock(sandbox.url, 300);
    expect(await status(statusPath)).toBe('RJCT');
  });

  it('falls back to TPP-Redirect-URI without a nok URI', async () => {
    const { scaRedirect } = await initiate(singlePayment(), { 'TPP-Nok-Redirect-URI': undefined });
    const browser = new ScaBrowser();
    const review = await signIn(browser, scaRedirect, 'jon', 'sandbox');
    const decided = await browser.post(formAction(review.html, scaRedirect), { decision: 'decline' });
    expect(decided.location).toBe(OK_URI);
  });

  it('only the first of two decisions applies', async () => {
    const { scaRedirect, status: statusPath } = await initiate(singlePayment());
    const browser = new ScaBrowser();
    const review = await signIn(browser, scaRedirect, 'jon', 'sandbox');
    const action = formAction(review.html, scaRedirect);
    const cookie = browser.sessionCookie ?? '';
    const post = (decision: string) =>
      fetch(action, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
        body: new URLSearchParams({ ...csrfField(review.html), decision }),
      });
    const [a, b] = await Promise.all([post('approve'), post('decline')]);
    const locations = [a.headers.get('Location'), b.headers.get('Location')];
    const tppRedirects = locations.filter((l) => l === OK_URI || l === NOK_URI);
    expect(tppRedirects).toHaveLength(1);
    const final = await status(statusPath);
    expect(final).toBe(tppRedirects[0] === OK_URI ? 'ACTC' : 'RJCT');
  });

  it('a decision without signing in changes nothing', async () => {
    const { scaRedirect, status: statusPath } = await initiate(singlePayment());
    const posted = await new ScaBrowser().post(`${scaRedirect}/decision`, { decision: 'approve' });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe(new URL(scaRedirect).pathname);
    expect(await status(statusPath)).toBe('RCVD');
  });
  // The session cookie is SameSite=Lax, and every port of a host is the same site: a page of another port could
  // post the form with the PSU's cookie. Only the page the bank served carries the session's token.
  it('a decision without the session`s CSRF token is refused on a page in its language and changes nothing', async () => {
    const { scaRedirect, status: statusPath } = await initiate(singlePayment(), {
      'PSU-Accept-Language': 'is',
    });
    const browser = new ScaBrowser();
    const review = await signIn(browser, scaRedirect, 'jon', 'sandbox');
    const action = formAction(review.html, scaRedirect);
    const csrf = csrfField(review.html).csrf ?? '';
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = await signIn(
      new ScaBrowser(),
      (await initiate(singlePayment())).scaRedirect,
      'jon',
      'sandbox',
    );
    const post = (fields: Record<string, string>, headers?: Record<string, string>) =>
      postForm(action, browser.sessionCookie ?? '', { decision: 'approve', ...fields }, headers);
    const forged: Array<[Record<string, string>, Record<string, string>?]> = [
      [{}],
      [{ csrf: '' }],
      [{ csrf: `${csrf.slice(0, -2)}AA` }],
      [csrfField(other.html)],
      // The session's own token, posted by a page of another origin as the browser says (Fetch Metadata).
      [{ csrf }, { 'Sec-Fetch-Site': 'same-site' }],
      [{ csrf }, { 'Sec-Fetch-Site': 'cross-site' }],
    ];
    for (const [fields, headers] of forged) {
      const refused = await post(fields, headers);
      expect(refused.status, `${JSON.stringify(fields)} ${JSON.stringify(headers ?? {})}`).toBe(403);
      const html = await refused.text();
      expect(html).toContain('<html lang="is">');
      expect(html).toContain('hvorki samþykkt né hafnað');
      expect(await status(statusPath)).toBe('RCVD');
    }
    const decided = await post({ csrf }, { 'Sec-Fetch-Site': 'same-origin' });
    expect(decided.status).toBe(303);
    expect(decided.headers.get('Location')).toBe(OK_URI);
    expect(await status(statusPath)).toBe('ACTC');
  });
});

describe('forward-dated payments', () => {
  it('wait in PDNG until the requested execution date', async () => {
    const clock = (await fetch(`${sandbox.url}/sandbox/clock`).then((r) => r.json())) as { now: string };
    // Two days ahead, moved onto a business day (a weekend or holiday date would be ACWC instead).
    let ahead = 2;
    while (!isBusinessDay(new Date(Date.parse(clock.now) + ahead * 86_400_000).toISOString().slice(0, 10)))
      ahead++;
    const inTwoDays = new Date(Date.parse(clock.now) + ahead * 86_400_000).toISOString();
    const { scaRedirect, status: statusPath } = await initiate(
      singlePayment({ requestedExecutionDate: inTwoDays }),
    );
    const browser = new ScaBrowser();
    const review = await signIn(browser, scaRedirect, 'jon', 'sandbox');
    await browser.post(formAction(review.html, scaRedirect), { decision: 'approve' });
    // Tokens expire on the sandbox clock too: a day later the TPP needs a new one.
    await advanceClock(sandbox.url, 86_400);
    token = await tpp.token();
    expect(await status(statusPath)).toBe('PDNG');
    await advanceClock(sandbox.url, (ahead - 1) * 86_400 + 120);
    token = await tpp.token();
    expect(await status(statusPath)).toBe('ACSC');
  });
});

describe('bulk execution', () => {
  it('a bulk settles as one and debits the total', async () => {
    const response = await tpp.initiate(
      token,
      {
        paymentInformationId: 'bulk-exec-1',
        debtorAccount: { iban: JON_MAIN },
        payments: [
          {
            creditorAccount: { iban: 'DE89370400440532013000' },
            instructedAmount: { currency: 'ISK', amount: '1000' },
          },
          {
            creditorAccount: { iban: 'DE89370400440532013000' },
            instructedAmount: { currency: 'ISK', amount: '2000' },
          },
        ],
      },
      { service: 'bulk-payments', headers: { 'TPP-Redirect-URI': OK_URI } },
    );
    expect(response.status).toBe(201);
    const links = response.json._links as Record<string, { href: string }>;
    const scaRedirect = links.scaRedirect?.href ?? '';
    const browser = new ScaBrowser();
    const review = await signIn(browser, scaRedirect, 'jon', 'sandbox');
    expect(review.html).toContain('ISK\u00a01,000');
    expect(review.html).toContain('ISK\u00a02,000');
    await browser.post(formAction(review.html, scaRedirect), { decision: 'approve' });
    await advanceClock(sandbox.url, 120);
    expect(await status(links.status?.href.replace(sandbox.url, '') ?? '')).toBe('ACSC');
  });
});

// Payment spec 2.1: instructedAmount is "no (not in the required list)". A payment that pays no claim gets its
// amount from the PSU on the bank's SCA page (a claim payment takes the amount due: claims.test.ts).
describe('a single payment without instructedAmount (payment spec 2.1)', () => {
  const HELGA = 'IS950515260012341505852289';

  it('is accepted; the PSU states the amount on the bank’s page, in the page language, before approving', async () => {
    const { instructedAmount: _, ...withoutAmount } = singlePayment();
    const response = await tpp.initiate(token, withoutAmount, {
      headers: { 'TPP-Redirect-URI': OK_URI, 'PSU-Accept-Language': 'is' },
    });
    expect(response.status, JSON.stringify(response.json)).toBe(201);
    expect(response.headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    const links = response.json._links as Record<string, { href: string }>;
    const scaRedirect = links.scaRedirect?.href ?? '';
    const statusPath = links.status?.href.replace(sandbox.url, '') ?? '';
    const readPath = links.self?.href.replace(sandbox.url, '') ?? '';
    // Until the PSU states it, the bank has no amount to show (contract: PaymentInformation).
    expect((await tpp.get(token, readPath)).json.instructedAmount).toBeUndefined();

    const browser = new ScaBrowser();
    const review = await signIn(browser, scaRedirect, 'jon', 'sandbox');
    expect(review.html).toContain('name="amount"');
    expect(review.html).toContain('Upphæð til greiðslu (ISK)');

    const action = formAction(review.html, scaRedirect);
    const missing = await browser.post(action, { decision: 'approve', amount: '' });
    expect(missing.location).toMatch(/\?error=amount$/);
    const again = await browser.get(new URL(missing.location ?? '', scaRedirect).toString());
    expect(again.html).toContain('role="alert"');
    expect(again.html).toContain('aria-invalid="true"');
    for (const wrong of ['0', '-5', '15,5', 'fimmtán', '1.5.0,00']) {
      expect((await browser.post(action, { decision: 'approve', amount: wrong })).location, wrong).toMatch(
        /\?error=amount$/,
      );
    }
    expect(await status(statusPath)).toBe('RCVD');

    const approved = await browser.post(action, { decision: 'approve', amount: '15.000' });
    expect(approved.location).toBe(OK_URI);
    expect(await status(statusPath)).toBe('ACTC');
    expect((await tpp.get(token, readPath)).json.instructedAmount).toEqual({
      currency: 'ISK',
      amount: '15000',
    });
  });

  it('moves a PSU of another approach (decoupled) to the bank’s pages, which need TPP-Redirect-URI', async () => {
    const { instructedAmount: _, ...withoutAmount } = singlePayment({ debtorAccount: { iban: HELGA } });
    const refused = await tpp.initiate(token, withoutAmount, {
      headers: { 'TPP-Redirect-URI': undefined, 'TPP-Nok-Redirect-URI': undefined },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.tppMessages?.[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'TPP-Redirect-URI' });
    const paged = await tpp.initiate(token, withoutAmount, { headers: { 'TPP-Redirect-URI': OK_URI } });
    expect(paged.status).toBe(201);
    expect(paged.headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    expect((paged.json._links as Record<string, unknown>).scaRedirect).toBeDefined();
  });

  it('an English page reads 1,234 as one thousand two hundred and thirty-four', async () => {
    const { instructedAmount: _, ...withoutAmount } = singlePayment();
    const { scaRedirect, status: statusPath, paymentId } = await initiate(withoutAmount);
    const browser = new ScaBrowser();
    const review = await signIn(browser, scaRedirect, 'jon', 'sandbox');
    expect(review.html).toContain('Amount to pay (ISK)');
    await browser.post(formAction(review.html, scaRedirect), { decision: 'approve', amount: '1,234' });
    expect(await status(statusPath)).toBe('ACTC');
    const read = await tpp.get(token, `/psd2/api/v1/payments/credit-transfers/${paymentId}`);
    expect(read.json.instructedAmount).toEqual({ currency: 'ISK', amount: '1234' });
  });
});

describe('a payment not approved within a day', () => {
  // The clock is moved a day on: a sandbox of its own, so that no other test's payment expires.
  let own: RunningSandbox;
  beforeAll(async () => {
    own = await startTestSandbox();
  });
  afterAll(() => own.close());

  it('can no longer be approved on its page, which says so in the PSU’s language; it stays unpaid', async () => {
    const ownTpp = new TestTpp(own.url);
    const response = await ownTpp.initiate(await ownTpp.token(), singlePayment(), {
      headers: { 'TPP-Redirect-URI': OK_URI, 'PSU-Accept-Language': 'is' },
    });
    const scaRedirect = (response.json._links as Record<string, { href: string }>).scaRedirect?.href ?? '';
    const browser = new ScaBrowser();
    const review = await signIn(browser, scaRedirect, 'jon', 'sandbox');
    expect(review.html).toContain('value="approve"');

    await advanceClock(own.url, 25 * 3600);
    const page = await browser.get(scaRedirect);
    expect(page.status).toBe(403);
    expect(page.html).toContain('Þessi greiðsla var ekki samþykkt innan sólarhrings');
    expect(page.html).not.toContain('value="approve"');
    const decided = await browser.post(formAction(review.html, scaRedirect), { decision: 'approve' });
    expect(decided.status).toBe(403);
    expect(decided.location).toBeNull();

    const read = await ownTpp.get(
      await ownTpp.token(),
      `/psd2/api/v1/payments/credit-transfers/${response.json.paymentId}/status`,
    );
    expect(read.json.transactionStatus).toBe('RCVD');
  });
});
