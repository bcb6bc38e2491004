import { expect, type Page, test } from '@playwright/test';
import { atBank } from './support/bank';
import { transactionStatuses } from './support/timeline';

const debtorIban = 'IS140159260076545510730339';
const creditorIban = 'IS870301260012345101696399';

const scaPage = {
  is: { signIn: 'Skrá inn', approve: 'Samþykkja', decline: 'Hafna' },
  en: { signIn: 'Sign in', approve: 'Approve', decline: 'Decline' },
} as const;

async function fillSinglePayment(page: Page, scaLanguage: 'is' | 'en', remittance: string) {
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(creditorIban);
  await page.getByLabel("Recipient's name").fill('Guðrún Helgadóttir');
  await page.getByLabel('Amount').fill('12.500');
  await page.getByLabel('Message to the recipient').fill(remittance);
  await page.getByRole('radio', { name: scaLanguage === 'is' ? 'Icelandic' : 'English' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
}

async function authoriseAtBank(page: Page, language: 'is' | 'en', decision: 'approve' | 'decline') {
  await page.waitForURL(atBank());
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.locator('input[name="username"]').fill('jon');
  await page.locator('input[name="password"]').fill('sandbox');
  await page.getByRole('button', { name: scaPage[language].signIn }).click();
  await page.getByRole('button', { name: scaPage[language][decision] }).click();
}

for (const language of ['is', 'en'] as const) {
  test(`pays a credit transfer confirmed on the bank's SCA page in ${language}`, async ({ page }) => {
    await fillSinglePayment(page, language, `Leiga ${language}`);
    await authoriseAtBank(page, language, 'approve');

    await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}\?outcome=ok$/);
    await expect(page.getByRole('status').filter({ hasText: 'You confirmed the payment' })).toBeVisible();
    const history = page.getByTestId('status-history').locator('li');
    await expect.poll(() => history.count()).toBeGreaterThanOrEqual(2);
    await expect(history.first()).toHaveAttribute('data-status', 'RCVD');
    // The page keeps polling the bank until the payment is settled.
    await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', 'ACSC', {
      timeout: 20_000,
    });

    // A reload loses nothing.
    const statuses = await history.evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-status')),
    );
    await page.reload();
    await expect(page.getByTestId('status-history').locator('li')).toHaveCount(statuses.length);
  });
}

test('a payment declined at the bank ends on the nok return with status RJCT', async ({ page }) => {
  await fillSinglePayment(page, 'en', 'Hafnað');
  await authoriseAtBank(page, 'en', 'decline');

  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}\?outcome=nok$/);
  await expect(page.getByRole('status').filter({ hasText: 'not confirmed' })).toBeVisible();
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', 'RJCT');
  await expect(page.getByText('Rejected').first()).toBeVisible();
});

test('the payments list shows each payment once with its status', async ({ page }) => {
  await page.goto('/en/payments');
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const ids = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-payment-id')));
  expect(new Set(ids).size).toBe(ids.length);
});
