import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectAxeClean } from './support/axe';
import { paymentIdOf, sendSinglePayment, signInAs } from './support/payments';

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
    for (const path of ['/ekki-til.txt', '/favicon.ico']) {
      await visit(page, path);
      await expectNotFoundPage(page, locale);
    }
    await context.close();
  });
}

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
