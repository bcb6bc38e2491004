import type { Page } from '@playwright/test';
import { creditorIban, debtorIban, expectScaPage } from './forms-helpers';
import { atBank } from './support/bank';
import { expect, test } from './support/test';

// Payment spec 2.5: the initiation answer may carry transactionFees, currencyConversionFee,
// transactionFeesDetails and exchangeRateInformation. The PSU sees them before the bank's SCA page,
// and may continue or stop there. The sandbox bank charges fees on a payment in another currency
// than the account (Jón's account is in ISK) and none on one in ISK.

const texts = {
  en: {
    from: 'From account (IBAN)',
    to: 'To account (IBAN)',
    amount: 'Amount',
    currency: 'Currency',
    remittance: 'Message to the recipient',
    send: 'Continue to your bank',
    title: 'Costs before you confirm',
    costs: 'Costs and exchange rate',
    rate: /for 1 EUR \(selling rate\)$/,
    stop: 'Stop',
    cancelled:
      'You stopped this payment when you saw its costs. Your bank has cancelled it; nothing is paid.',
    status: 'Cancelled',
  },
  is: {
    from: 'Af reikningi (IBAN)',
    to: 'Á reikning (IBAN)',
    amount: 'Upphæð',
    currency: 'Gjaldmiðill',
    remittance: 'Skilaboð til viðtakanda',
    send: 'Áfram í bankann þinn',
    title: 'Kostnaður áður en þú staðfestir',
    costs: 'Kostnaður og gengi',
    rate: /fyrir 1 EUR \(sölugengi\)$/,
    stop: 'Hætta við',
    cancelled:
      'Þú hættir við þessa greiðslu þegar þú sást kostnaðinn. Bankinn hefur afturkallað hana; ekkert er greitt.',
    status: 'Afturkölluð',
  },
} as const;

async function send(page: Page, language: 'is' | 'en', currency: string) {
  const t = texts[language];
  await page.goto(`/${language}/payments/new/single`);
  await page.getByLabel(t.from).fill(debtorIban);
  await page.getByLabel(t.to).fill(creditorIban);
  await page.getByLabel(t.amount, { exact: true }).fill('100');
  await page.getByLabel(t.currency).selectOption(currency);
  await page.getByLabel(t.remittance).fill(`Kostnaður ${Date.now()}`);
  await page.getByRole('button', { name: t.send }).click();
}

for (const language of ['en', 'is'] as const) {
  const t = texts[language];

  test(`${language}: the bank's fees and rate are shown before its SCA page; continuing goes there`, async ({
    page,
  }) => {
    await send(page, language, 'EUR');
    await page.waitForURL(new RegExp(`/${language}/payments/[0-9a-f-]{36}/costs$`));
    await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: t.costs })).toBeVisible();
    const costs = page.getByTestId('payment-costs');
    await expect(costs.locator('[data-cost="transactionFees"] [data-currency="ISK"]')).toBeVisible();
    await expect(costs.locator('[data-cost="exchangeRate"]')).toContainText(t.rate);
    await page.getByRole('button', { name: t.send }).click();
    await expectScaPage(page, language);
  });

  test(`${language}: stopping at the costs cancels the payment at the bank, and its page says so`, async ({
    page,
  }) => {
    await send(page, language, 'EUR');
    await page.waitForURL(/\/costs$/);
    await page.getByRole('button', { name: t.stop }).click();
    await page.waitForURL(new RegExp(`/${language}/payments/[0-9a-f-]{36}$`));
    await expect(page.locator('[data-costs-step="cancelled"]')).toHaveText(t.cancelled);
    await expect(page.getByText(t.status, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    // Back to the costs page: the choice is made, so it is the payment's page.
    await page.goto(page.url().concat('/costs'));
    await expect(page).toHaveURL(new RegExp(`/${language}/payments/[0-9a-f-]{36}$`));
  });
}

test('a payment without fees goes straight to the bank', async ({ page }) => {
  await send(page, 'en', 'ISK');
  await page.waitForURL(atBank());
});
