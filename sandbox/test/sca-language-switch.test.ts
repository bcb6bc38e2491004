import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../src/server.js';
import { formAction, ScaBrowser, singlePayment, startTestSandbox, TestTpp } from './helpers.js';

// The bank's SCA pages switch between Icelandic and English and keep the PSU's place: the same step, the
// same payment, what was typed (the password excepted). PSU-Accept-Language (spec 4.1) picks the first
// language; the switch is the PSU's own choice from there on.

let sandbox: RunningSandbox;
let tpp: TestTpp;
let token: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tpp = new TestTpp(sandbox.url);
  token = await tpp.token();
});
afterAll(() => sandbox.close());

const OK_URI = 'http://localhost:3000/is/payments/lang/return?result=ok';

async function initiate(language: 'is' | 'en') {
  const response = await tpp.initiate(token, singlePayment(), {
    headers: { 'TPP-Redirect-URI': OK_URI, 'PSU-Accept-Language': language },
  });
  expect(response.status).toBe(201);
  const links = response.json._links as Record<string, { href: string }>;
  return {
    scaRedirect: links.scaRedirect?.href ?? '',
    status: links.status?.href.replace(sandbox.url, '') ?? '',
  };
}

/** The link of the language switch, resolved against the page. */
function switchLink(html: string, pageUrl: string): string {
  const match = /<nav class="language" aria-label="[^"]+"><a href="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no language link on the page');
  return new URL(match[1].replace(/&#38;/g, '&'), pageUrl).toString();
}

describe('the is/en switch of the SCA pages', () => {
  it('at the review step shows the same payment in the other language, and approve works from there', async () => {
    const { scaRedirect, status } = await initiate('is');
    const browser = new ScaBrowser();
    const login = await browser.get(scaRedirect);
    await browser.post(formAction(login.html, scaRedirect), {
      username: 'jon',
      password: 'sandbox',
      lang: 'is',
    });
    const review = await browser.get(scaRedirect);
    expect(review.html).toContain('<html lang="is">');
    expect(review.html).toContain('15.000\u00a0kr.');
    expect(review.html).toContain('<nav class="language" aria-label="Tungumál"><a href="/sca/');

    const english = switchLink(review.html, scaRedirect);
    const switched = await browser.get(english);
    expect(switched.status).toBe(200);
    expect(switched.html).toContain('<html lang="en">');
    expect(switched.html).toContain('Confirm payment');
    expect(switched.html).toContain('ISK\u00a015,000');
    expect(switched.html).toContain('Guðrún Helgadóttir');
    expect(switched.html).toContain('<a href="/sca/');
    expect(switched.html).toMatch(/hreflang="is" lang="is">Íslenska<\/a>/);

    const decided = await browser.post(formAction(switched.html, english), {
      decision: 'approve',
      lang: 'en',
    });
    expect(decided.status).toBe(303);
    expect(decided.location).toBe(OK_URI);
    expect((await tpp.get(token, status)).json).toEqual({ transactionStatus: 'ACTC' });
  });

  it('on the sign-in form keeps the user ID typed (never the password), and signing in keeps the language', async () => {
    const { scaRedirect } = await initiate('en');
    const browser = new ScaBrowser();
    const login = await browser.get(scaRedirect);
    expect(login.html).toContain('<html lang="en">');
    // A button of the sign-in form, after its own: Enter in a field still signs in.
    expect(login.html).toMatch(
      /<\/form>[\s\S]*<button type="submit" form="login" formaction="[^"]+\/login" formnovalidate name="switchTo" value="is" lang="is">Íslenska<\/button>/,
    );
    const action = formAction(login.html, scaRedirect);
    const response = await browser.post(action, {
      lang: 'en',
      username: 'jon',
      password: 'sandbox',
      switchTo: 'is',
    });
    const icelandic = response.html;
    expect(response.status).toBe(200);
    expect(browser.sessionCookie).toBeUndefined();
    expect(icelandic).toContain('<html lang="is">');
    expect(icelandic).toContain('Notandanafn');
    expect(icelandic).toContain('value="jon"');
    expect(icelandic).not.toContain('value="sandbox"');
    expect(icelandic).toContain('<input type="hidden" name="lang" value="is">');

    const wrong = await browser.post(action, { username: 'jon', password: 'wrong', lang: 'is' });
    expect(wrong.location).toBe(`${new URL(scaRedirect).pathname}?error=credentials&lang=is`);
    const refused = await browser.get(new URL(wrong.location ?? '', scaRedirect).toString());
    expect(refused.html).toContain('<html lang="is">');
    expect(refused.html).toContain('role="alert"');

    const signedIn = await browser.post(action, { username: 'jon', password: 'sandbox', lang: 'is' });
    expect(signedIn.location).toBe(`${new URL(scaRedirect).pathname}?lang=is`);
    const review = await browser.get(new URL(signedIn.location ?? '', scaRedirect).toString());
    expect(review.html).toContain('<html lang="is">');
    expect(review.html).toContain('value="approve"');
  });

  it('the page of an unknown authorisation switches too', async () => {
    const url = `${sandbox.url}/sca/00000000-0000-0000-0000-000000000000`;
    const english = await new ScaBrowser().get(url);
    expect(english.status).toBe(404);
    expect(english.html).toContain('<html lang="en">');
    const icelandic = await new ScaBrowser().get(switchLink(english.html, url));
    expect(icelandic.status).toBe(404);
    expect(icelandic.html).toContain('<html lang="is">');
    expect(icelandic.html).toContain('óþekktur');
  });

  it('after the decision the page says how it ended, in either language', async () => {
    const { scaRedirect } = await initiate('en');
    const browser = new ScaBrowser();
    const login = await browser.get(scaRedirect);
    await browser.post(formAction(login.html, scaRedirect), { username: 'jon', password: 'sandbox' });
    const review = await browser.get(scaRedirect);
    await browser.post(formAction(review.html, scaRedirect), { decision: 'decline' });
    const ended = await browser.get(scaRedirect);
    expect(ended.html).toContain('Payment declined.');
    const icelandic = await browser.get(switchLink(ended.html, scaRedirect));
    expect(icelandic.html).toContain('Greiðslu hafnað.');
  });
});
