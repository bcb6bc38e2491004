import type { Page } from '@playwright/test';
import { bankingDayAhead, creditorIban, debtorIban, expectScaPage, singleFormLabels } from './forms-helpers';
import { newEmail, signUp } from './support/accounts';
import { expectAxeClean } from './support/axe';
import { sendSinglePayment } from './support/payments';
import { expect, test } from './support/test';
import { transactionStatuses } from './support/timeline';

// On a phone-sized screen (390 px wide) the pages of a PSU's month (the costs step, the notices on
// the payments list, my accounts, payees, standing orders and a receipt) fit the screen, the site's
// header and its navigation included, and axe finds nothing, in Icelandic and in English. A PSU of
// its own (signed up here), as the notices and saved accounts and payees are the PSU's state.

test.describe.configure({ timeout: 180_000 });

const phone = { width: 390, height: 844 };

/** The bank's exchange rate reads on one line ("145 for 1 EUR (selling rate)"), not a word or two a line. */
async function expectRateOnOneLine(page: Page) {
  const rate = page.getByTestId('payment-costs').locator('[data-cost="exchangeRate"]');
  await expect(rate).toContainText(/(for|fyrir) 1 EUR/);
  const lines = await rate.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size;
  });
  expect(lines, `the rate "${await rate.textContent()}" on ${lines} lines`).toBe(1);
}

/** No sideways scroll: the whole document, header included, is at most the screen's width. */
async function expectFitsThePhone(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY))
    .toBeLessThanOrEqual(phone.width);
}

test('the month pages and the site header fit a 390 px screen and are axe-clean (is and en)', async ({
  browser,
}) => {
  const page = await signUp(browser, newEmail('phone'));
  await page.setViewportSize(phone);
  await page.waitForLoadState('networkidle');
  for (const locale of ['is', 'en']) {
    await page.goto(`/${locale}/payments`);
    await expectFitsThePhone(page);
  }

  // A payment in euros has costs at the sandbox bank: the costs step comes before the bank.
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(creditorIban);
  await page.getByLabel('Amount').fill('1,234.50');
  await page.getByLabel('Currency').selectOption('EUR');
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}\/costs$/, { timeout: 30_000 });
  await expect(page.getByTestId('payment-costs')).toBeVisible();
  await expectFitsThePhone(page);
  await expectRateOnOneLine(page);
  await expectAxeClean(page);
  await page.goto(page.url().replace('/en/', '/is/'));
  await expect(page.getByTestId('payment-costs')).toBeVisible();
  await expectFitsThePhone(page);
  await expectRateOnOneLine(page);
  await expectAxeClean(page);

  // Paid at the bank: the paying account is kept, the change is a notice on the next visit to the
  // list (so the payment's id is read from its page, not from the list).
  await sendSinglePayment(page, { amount: '12,500', remittance: 'Á símanum' });
  await expectScaPage(page, 'en');
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', /^(ACSC|ACCC)$/, {
    timeout: 30_000,
  });
  const paid = /\/payments\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? '';
  await page.goto('/is/payments');
  await expect(
    page.getByTestId('status-notices').locator(`li[data-payment-id="${paid}"]`).first(),
  ).toBeVisible();
  // With payments in it, the page keeps the screen's width: on a phone each payment is a card, its status under
  // the amount (e2e/whole-amounts.spec.ts holds every amount and status whole, at a phone's and a desktop's width).
  await expectFitsThePhone(page);
  await expectAxeClean(page);
  // The filters are folded under their title, so that the list starts on the first screen; opened, they are there.
  for (const [locale, title, status] of [
    ['is', 'Sía greiðslur', 'Staða'],
    ['en', 'Filter payments', 'Status'],
  ] as const) {
    await page.goto(`/${locale}/payments`);
    await expect(page.locator(`tr[data-payment-id="${paid}"]`)).toBeInViewport();
    // What became of it is read at a glance, whole, without scrolling the table sideways.
    const badge = await page.locator(`tr[data-payment-id="${paid}"] [data-status]:visible`).boundingBox();
    expect(badge?.x).toBeGreaterThanOrEqual(0);
    expect((badge?.x ?? 0) + (badge?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(phone.width);
    const filters = page.getByRole('form', { name: title });
    await expect(filters.getByLabel(status)).toBeHidden();
    await page.getByText(title, { exact: true }).click();
    await expect(filters.getByLabel(status)).toBeVisible();
  }
  // A payment dated ahead says so on the phone too, where the pay day's column is hidden: its day under the time
  // it was made, so that it does not read as gone today.
  const ahead = bankingDayAhead(14);
  const [year, month, day] = ahead.split('-');
  const l = singleFormLabels.is;
  await page.goto('/is/payments/new/single');
  await page.getByLabel(l.from).fill(debtorIban);
  await page.getByLabel(l.to).fill(creditorIban);
  await page.getByLabel(l.amount, { exact: true }).fill('3.490');
  await page.getByLabel(l.remittance).fill('Dagsett á símanum');
  await page.getByLabel('Greiðsludagur').fill(`${day}.${month}.${year}`);
  await page.getByRole('button', { name: l.submit }).click();
  await expectScaPage(page, 'is');
  await page.goto('/is/payments');
  const dated = page.locator('tbody tr', { hasText: '3.490' });
  await expect(dated.locator('[data-pay-day-phone]')).toBeVisible();
  await expect(dated.locator('[data-pay-day-phone]')).toContainText(`Greiðsludagur: ${Number(day)}.`);
  await expect(dated.locator('[data-pay-day]')).toBeHidden();
  await expectFitsThePhone(page);
  // A filter that is on keeps them open.
  await page.goto('/is/payments?service=payments');
  await expect(page.getByRole('form', { name: 'Sía greiðslur' }).getByLabel('Tegund')).toBeVisible();
  await expect(page.getByText('(1 sía virk)')).toBeVisible();

  await page.goto('/is/payees');
  await page.getByLabel('Nafn', { exact: true }).fill('Leigusali ehf.');
  await page.getByRole('textbox', { name: 'Reikningur' }).fill('0301-26-001234');
  await page.getByLabel('Kennitala (má sleppa)').fill('5101696399');
  await page.getByRole('button', { name: 'Vista viðtakanda' }).click();
  await expect(page.getByTestId('payee')).toHaveCount(1);

  for (const locale of ['is', 'en']) {
    await page.goto(`/${locale}/my-accounts`);
    await expect(page.getByTestId('my-account')).toHaveCount(1);
    await expectFitsThePhone(page);
    await expectAxeClean(page);

    await page.goto(`/${locale}/payees`);
    await expect(page.getByTestId('payee')).toHaveCount(1);
    await expectFitsThePhone(page);
    await expectAxeClean(page);

    for (const path of ['/payments/standing-orders', `/payments/${paid}/receipt`, `/payments/${paid}`]) {
      await page.goto(`/${locale}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectFitsThePhone(page);
    }
  }
  await page.context().close();
});
