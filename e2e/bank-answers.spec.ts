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
    'Your bank says the payment has costs under its price list or your agreement with it.',
  );

  await page.goto(page.url().replace('/en/', '/is/'));
  await expect(page.getByRole('heading', { name: 'Kostnaður og gengi' })).toBeVisible();
  await expect(costs.locator('[data-cost="exchangeRate"]')).toContainText(/fyrir 1 EUR \(sölugengi\)$/);
  await expect(costs.locator('[data-cost="transactionFees"]')).toContainText('kr.');
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
  const results = page.getByRole('region', { name: 'Each payment of the bulk' });
  await expect(results).toContainText('2 payments; your bank rejected 1 of them.');
  await expect(results.locator('tr[data-bulk-position="1"]')).toHaveAttribute('data-status', 'ACSC');
  await expect(results.locator('tr[data-bulk-position="2"]')).toHaveAttribute('data-status', 'RJCT');
  await expect(results.locator('tr[data-bulk-position="2"]')).toContainText('Rejected');
});
