import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectAxeClean } from './support/axe';
import { paymentIdOf, sendSinglePayment, signInAs } from './support/payments';
import { expect, test } from './support/test';

test.use({
  consoleAllowed: [
    {
      pattern: /Failed to load resource: the server responded with a status of 404 \(Not Found\)/,
      reason:
        "every test here opens an address that is not there (or not the PSU's) on purpose, and Chromium logs the page's own 404",
    },
  ],
});

// A page that is not there, or is not the PSU's, is one localised page in the site's frame (the
// header and its language switch) with a way back; another PSU's payment gets exactly the page an
// unknown payment gets, so nothing tells whether it exists.

const texts = {
  is: {
    title: 'Síðan fannst ekki',
    back: 'Fara í greiðslurnar þínar',
    language: 'Tungumál',
    payments: 'Greiðslur',
  },
  en: { title: 'Page not found', back: 'Go to your payments', language: 'Language', payments: 'Payments' },
} as const;

async function expectNotFoundPage(page: Page, locale: 'is' | 'en') {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[locale].title);
  await expect(
    page.getByRole('banner').getByRole('combobox', { name: texts[locale].language }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: texts[locale].back })).toBeVisible();
  await expectAxeClean(page);
}

async function visit(page: Page, path: string, status = 404) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(status);
}

for (const locale of ['is', 'en'] as const) {
  test(`an unknown address under /${locale}/ is the ${locale} not-found page, with a way back`, async ({
    page,
  }) => {
    await visit(page, `/${locale}/ekki/til-${randomUUID().slice(0, 8)}`);
    await expectNotFoundPage(page, locale);

    await page.getByRole('main').getByRole('link', { name: texts[locale].back }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/payments$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[locale].payments);
  });
}

test('an unknown address is answered with the page itself, readable before any script runs', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const locale of ['is', 'en'] as const) {
    await visit(page, `/${locale}/ekki/til-${randomUUID().slice(0, 8)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[locale].title);
    await expect(page.getByRole('main').getByRole('link', { name: texts[locale].back })).toBeVisible();
  }
  await context.close();
});

test('a very long unknown address is answered as any other, with headers a client reads', async ({
  request,
}) => {
  // 15,000 characters: a client that reads at most 16 kB of headers (Node's default, Playwright's) gets the answer.
  const answer = await request.get(`/en/ekki/${'%78'.repeat(5_000)}`, { failOnStatusCode: false });
  expect(answer.status()).toBe(404);
  const headerBytes = answer
    .headersArray()
    .reduce((sum, { name, value }) => sum + name.length + value.length, 0);
  expect(headerBytes).toBeLessThan(16_000);
});

test("a client's own locale header does not choose the not-found page's language", async ({ browser }) => {
  const context = await browser.newContext({
    locale: 'is-IS',
    extraHTTPHeaders: { 'X-NEXT-INTL-LOCALE': 'en' },
  });
  const page = await context.newPage();
  await visit(page, '/ekki-til.txt');
  await expectNotFoundPage(page, 'is');
  await visit(page, '/is/ekki-til');
  await expectNotFoundPage(page, 'is');
  await context.close();
});

test('the language switch on the not-found page keeps the address', async ({ page }) => {
  await visit(page, '/is/hvergi');
  await expectNotFoundPage(page, 'is');
  await page.getByRole('combobox', { name: texts.is.language }).selectOption('en');
  await expect(page).toHaveURL(/\/en\/hvergi$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.en.title);
});

for (const [browserLocale, locale] of [
  ['en-US', 'en'],
  ['is-IS', 'is'],
] as const) {
  test(`an address without a locale is the not-found page in the browser's language (${browserLocale})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: browserLocale });
    const page = await context.newPage();
    for (const path of ['/ekki-til.txt', '/favicon.png']) {
      await visit(page, path);
      await expectNotFoundPage(page, locale);
    }
    await context.close();
  });
}

test('the icons and the web app manifest are served, and every page links them', async ({
  page,
  request,
}) => {
  const types = {
    '/favicon.ico': /^image\/(x-icon|vnd\.microsoft\.icon)$/,
    '/icon.svg': /^image\/svg\+xml/,
    '/apple-touch-icon.png': /^image\/png$/,
    '/icon-192.png': /^image\/png$/,
    '/icon-512.png': /^image\/png$/,
    '/manifest.webmanifest': /^application\/manifest\+json/,
  };
  for (const [path, type] of Object.entries(types)) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toMatch(type);
  }
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Greiðsla', theme_color: '#0b4f6c' });
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);

  for (const path of ['/is/sign-in', '/en/no-such-page', '/ekki-til.txt']) {
    await page.goto(path);
    await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('head link[rel="icon"][href^="/favicon.ico"]')).toHaveCount(1);
    await expect(page.locator('head link[rel="icon"][href^="/icon.svg"]')).toHaveCount(1);
    await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/apple-touch-icon.png',
    );
    await expect(page.locator('head meta[name="theme-color"]')).toHaveAttribute('content', '#0b4f6c');
  }
});

/** The main content of a page, the part that differs from page to page. */
async function mainText(page: Page, path: string): Promise<string> {
  await visit(page, path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return (await page.getByRole('main').textContent()) ?? '';
}

test("another PSU's payment is the same not-found page as a payment that does not exist", async ({
  page,
  browser,
}) => {
  const remittance = `Not Anna's ${randomUUID().slice(0, 6)}`;
  await sendSinglePayment(page, { amount: '1000', remittance });
  const jons = await paymentIdOf(page, remittance);
  const anna = await signInAs(browser, 'anna@greidsla.is');

  for (const locale of ['is', 'en'] as const) {
    const theirs = await mainText(anna, `/${locale}/payments/${jons}`);
    await expectNotFoundPage(anna, locale);
    expect(await mainText(anna, `/${locale}/payments/${randomUUID()}`)).toBe(theirs);
    expect(await mainText(anna, `/${locale}/payments/${'-'.repeat(36)}`)).toBe(theirs);
    expect(await mainText(anna, `/${locale}/no-such-page`)).toBe(theirs);
  }
  // The owner still sees it.
  await visit(page, `/en/payments/${jons}`, 200);
  await anna.context().close();
});
