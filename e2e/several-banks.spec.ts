import type { Page } from '@playwright/test';
import { OTHER_BANKS } from '../sandbox/src/banks';
import { atBank } from './support/bank';
import { expect, test } from './support/test';
import { transactionStatuses } from './support/timeline';

// The run's sandbox plays the default bank (01, 05) and Norðurbankinn (03) and Vesturbankinn (09), which the
// app's bank directory lists (playwright.config.ts).
const accountOfJonAt = (id: string) =>
  OTHER_BANKS.find((bank) => bank.id === id)?.psus[0]?.accounts[0]?.iban ?? '';
const AT_DEFAULT = 'IS140159260076545510730339';
const AT_NORDUR = accountOfJonAt('nordur');
const AT_VESTUR = accountOfJonAt('vestur');
const CREDITOR = 'IS870301260012345101696399';

async function paySingle(page: Page, debtor: string, bankName: string, remittance: string) {
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill(debtor);
  await expect(page.getByTestId('debtor-bank')).toContainText(`This account is at ${bankName}.`);
  await page.getByLabel('To account (IBAN)').fill(CREDITOR);
  await page.getByLabel("Recipient's name").fill('Guðrún Helgadóttir');
  await page.getByLabel('Amount').fill('2,500');
  await page.getByLabel('Message to the recipient').fill(remittance);
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
}

async function approveAt(page: Page, bankPath: string) {
  await page.waitForURL(atBank(`${bankPath}sca/`));
  await page.locator('input[name="username"]').fill('jon');
  await page.locator('input[name="password"]').fill('sandbox');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  // The return page shows what the bank answers, never an outcome taken from our own URL.
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', 'ACSC', { timeout: 30_000 });
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

test('pays from accounts at two banks in one session and follows both to their final status', async ({
  page,
}) => {
  await paySingle(page, AT_DEFAULT, 'Sandkassabankinn', 'Tveir bankar A');
  const atDefault = await approveAt(page, '');
  await paySingle(page, AT_NORDUR, 'Norðurbankinn', 'Tveir bankar B');
  // Norðurbankinn's own SCA pages, under its own path at the sandbox.
  const atNordur = await approveAt(page, 'banks/nordur/');
  expect(atNordur).not.toBe(atDefault);

  // The history names each payment's bank and filters by it.
  await page.goto('/en/payments?bank=nordur');
  await expect(page.locator(`tr[data-payment-id="${atNordur}"]`)).toContainText('Norðurbankinn');
  await expect(page.locator(`tr[data-payment-id="${atDefault}"]`)).toHaveCount(0);
  await page.goto('/en/payments');
  await expect(page.locator(`tr[data-payment-id="${atDefault}"]`)).toContainText('Sandkassabankinn');
  await expect(page.locator(`tr[data-payment-id="${atNordur}"]`)).toBeVisible();
});

test("the form offers what the paying account's bank offers, and warns of a bank it does not connect to", async ({
  page,
}) => {
  await page.goto('/en/payments/new/single');
  const card = page.getByRole('radio', { name: 'A payment card' });
  await expect(card).toBeVisible();
  // Norðurbankinn takes no card deposits: the choice goes away.
  await page.getByLabel('From account (IBAN)').fill(AT_NORDUR);
  await expect(page.getByTestId('debtor-bank')).toContainText('Norðurbankinn');
  await expect(card).toHaveCount(0);
  await page.getByLabel('From account (IBAN)').fill(AT_DEFAULT);
  await expect(card).toBeVisible();

  // Vesturbankinn has no standing orders.
  await page.goto('/en/payments/new/periodic');
  await page.getByLabel('From account (IBAN)').fill(AT_VESTUR);
  await expect(page.getByTestId('debtor-bank')).toContainText(
    'Vesturbankinn does not offer standing orders.',
  );
  // In Icelandic the bank's name is declined as the sentence needs it.
  await page.goto('/is/payments/new/periodic');
  await page.getByLabel('Af reikningi (IBAN)').fill(AT_VESTUR);
  await expect(page.getByTestId('debtor-bank')).toHaveText(
    'Reikningurinn er í Vesturbankanum.Vesturbankinn býður ekki upp á fastar greiðslur.',
  );

  // Bank 07 is not in this run's directory: said before anything is sent, and refused if sent anyway.
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill('IS390701260047110101302989');
  await expect(page.getByRole('alert').filter({ hasText: 'does not connect to bank 07' })).toBeVisible();
  await page.getByLabel('To account (IBAN)').fill(CREDITOR);
  await page.getByLabel("Recipient's name").fill('Guðrún Helgadóttir');
  await page.getByLabel('Amount').fill('1,000');
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await expect(page.getByText('This account is at a bank Greiðsla does not connect to.')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/payments\/new\/single$/);
});
