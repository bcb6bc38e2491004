import type { Page } from '@playwright/test';
import { creditorIban, debtorIban, expectScaPage } from './forms-helpers';
import { sendSinglePayment } from './support/payments';
import { expect, test } from './support/test';

// What the bank's answers carry for the PSU, shown on the payment's page: the fees and exchange rate
// of the initiation answer (payment spec 2.5), and each payment of a bulk that ended PART (2.6).

/** An account number of the sandbox bank (0159) that names no account: the bank rejects a payment to it. */
const unknownAtBank = 'IS980159269999990101302989';

async function approveAtBank(page: Page) {
  await expectScaPage(page, 'en');
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
}

test('a payment in another currency than the account shows the bank\u2019s fees and rate, in English and Icelandic', async ({
  page,
}) => {
  await sendSinglePayment(page, { amount: '100', currency: 'EUR', remittance: `Evrur ${Date.now()}` });
  await approveAtBank(page);
  const costs = page.getByTestId('payment-costs');
  await expect(page.getByRole('heading', { name: 'Costs and exchange rate' })).toBeVisible();
  await expect(costs.locator('[data-cost="transactionFees"] [data-currency="ISK"]')).toBeVisible();
  await expect(costs.locator('[data-cost="exchangeRate"]')).toContainText(/for 1 EUR \(selling rate\)$/);
  await expect(page.locator('[data-fee-indicator="true"]')).toHaveText(
    'Your bank says charges apply to this payment under its list of charges or your agreement with it.',
  );
  // Each fee in words, never the bank's code, and what leaves the account in its own currency.
  await expect(costs.locator('[data-fee-type="TRANSFER"]')).toHaveText('Transfer fee');
  await expect(costs.locator('[data-fee-type="CURRENCY_CONVERSION"]')).toHaveText('Currency conversion fee');
  await expect(costs).not.toContainText('CURRENCY_CONVERSION');
  const total = page.getByTestId('costs-total');
  await expect(total).toHaveAttribute('data-total-kind', 'converted');
  await expect(total.locator('[data-total] [data-currency]')).toHaveAttribute('data-currency', 'ISK');
  await expect(total).toContainText(
    /^Total from your account.*EUR\s100\.00 at your bank’s rate is about ISK\s[\d,]+, plus fees of ISK\s[\d,]+\./,
  );

  await page.goto(page.url().replace('/en/', '/is/'));
  await expect(page.getByRole('heading', { name: 'Kostnaður og gengi' })).toBeVisible();
  await expect(costs.locator('[data-cost="exchangeRate"]')).toContainText(/fyrir 1 EUR \(sölugengi\)$/);
  await expect(costs.locator('[data-cost="transactionFees"]')).toContainText('kr.');
  await expect(costs.locator('[data-fee-type="TRANSFER"]')).toHaveText('Millifærslugjald');
  await expect(page.getByTestId('costs-total')).toContainText('Samtals af reikningnum þínum');
  await expect(page.getByTestId('costs-total')).toContainText(/Á gengi bankans eru 100,00\s€ um það bil /);
});

test('a bulk that ends partly paid lists each payment with its own result', async ({ page }) => {
  await page.goto('/en/payments/new/bulk');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByRole('button', { name: 'Add a payment' }).click();
  await page.getByRole('button', { name: 'Add a payment' }).click();
  await page.getByLabel('To account, payment 1').fill(creditorIban);
  await page.getByLabel('Amount, payment 1').fill('7,500');
  await page.getByLabel('To account, payment 2').fill(unknownAtBank);
  await page.getByLabel('Amount, payment 2').fill('2,500');
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await approveAtBank(page);

  await expect(page.locator('[data-outcome]')).toHaveAttribute('data-outcome', 'partial', {
    timeout: 30_000,
  });
  const results = page.getByRole('region', { name: 'Payments in this bulk payment' });
  // The intro below says how many and how many were rejected; the toggle says what it opens, not the count again.
  await expect(results.locator('summary')).toHaveText('The result of each payment');
  await expect(results).not.toContainText('2 payments; your bank rejected');
  await expect(results.locator('tr[data-bulk-position="1"]')).toHaveAttribute('data-status', 'ACSC');
  await expect(results.locator('tr[data-bulk-position="2"]')).toHaveAttribute('data-status', 'RJCT');
  await expect(results.locator('tr[data-bulk-position="2"]')).toContainText('Rejected');
  // Whom each payment was to, as sent, beside its result.
  // The rejected one is not from the PSU's account: the intro says how much is.
  await expect(results.getByTestId('bulk-intro')).toHaveText(
    'From your account: ISK\u00a07,500 of ISK\u00a010,000 in 2 payments. Your bank rejected one of them (ISK\u00a02,500).',
  );
  await expect(results.locator('tr[data-bulk-position="1"]')).toContainText('0301-26-001234');
  await expect(results.locator('tr[data-bulk-position="2"]')).toContainText('0159-26-999999');
  await expect(results.locator('tr[data-bulk-position="2"]')).toContainText('ISK 2,500');
  // A receipt for what was paid, titled as partly paid.
  await page.getByTestId('receipt-link').click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Receipt for a bulk payment, partly paid' }),
  ).toBeVisible();
  await expect(page.locator('[data-line="rejectedAmount"]')).toHaveText(
    /Rejected by your bank\s*ISK\u00a02,500 \(1 payment\)/,
  );
  await expect(page.locator('[data-line="restAmount"]')).toHaveText(/From your account\s*ISK\u00a07,500/);
  // The rejected payment's line says why, as the page does: this bank gives no reason for a payment of a bulk.
  await expect(page.locator('[data-line="payment-2"]')).toContainText('Rejected · Your bank gave no reason.');
  await expect(page.locator('[data-line="payment-1"]')).not.toContainText('reason');

  await page.goto(
    page
      .url()
      .replace('/en/', '/is/')
      .replace(/\/receipt$/, ''),
  );
  const resultsIs = page.getByRole('region', { name: 'Hver greiðsla fjöldagreiðslunnar' });
  await expect(resultsIs.locator('summary')).toHaveText('Niðurstaða hverrar greiðslu');
  await expect(resultsIs).not.toContainText('2 greiðslur; bankinn hafnaði');
  await expect(resultsIs.locator('tr[data-bulk-position="2"]')).toContainText('Hafnað');
  await expect(resultsIs.getByTestId('bulk-intro')).toHaveText(
    'Af reikningnum þínum: 7.500\u00a0kr. af samtals 10.000\u00a0kr. í 2 greiðslum. Bankinn hafnaði einni þeirra (2.500\u00a0kr.).',
  );

  // In the payments list its reference is words, not the id the form made for it (GRD-…), which its page names.
  const bulkId = /\/payments\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
  await expect(page.getByText(/^GRD-\d{8}-[0-9A-Z]{12}$/)).toBeVisible();
  for (const [locale, words] of [
    ['is', /^Fjölda\u00ad?greiðsla$/],
    ['en', /^Bulk payment$/],
  ] as const) {
    await page.goto(`/${locale}/payments`);
    const row = page.locator(`tr[data-payment-id="${bulkId}"]`);
    await expect(row.locator('[data-reference="bulk"]')).toHaveText(words);
    await expect(row).not.toContainText('GRD-');
  }
});
