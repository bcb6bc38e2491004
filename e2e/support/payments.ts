import { type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { creditorIban, debtorIban } from '../forms-helpers';
import { atBank } from './bank';

/** A browser signed in as another demo PSU, with a session of its own. */
export async function signInAs(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/en/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('greidsla-demo');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  return page;
}

/**
 * Sends a single payment from the demo accounts with the English form; the browser ends on the
 * bank's SCA page, where the payment waits for the PSU. One in another currency than the account
 * (ISK) has costs at the sandbox bank, shown first: the PSU continues to the bank from there.
 */
export async function sendSinglePayment(
  page: Page,
  { amount, currency = 'ISK', remittance }: { amount: string; currency?: string; remittance: string },
) {
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(creditorIban);
  await page.getByLabel('Amount').fill(amount);
  await page.getByLabel('Currency').selectOption(currency);
  await page.getByLabel('Message to the recipient').fill(remittance);
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  if (currency !== 'ISK') {
    await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}\/costs$/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
  }
  await page.waitForURL(atBank(), { timeout: 30_000 });
}

/**
 * `message` marked as this run's (its repeat and retry), so that `paymentIdOf` finds this run's payment in a run
 * repeated with `--repeat-each`: no run's mark is a part of another's ("r1x0" is not in "r11x0").
 */
export function messageOfThisRun(message: string, testInfo: TestInfo): string {
  return `${message} r${testInfo.repeatEachIndex}x${testInfo.retry}`;
}

/** The id of the signed-in PSU's payment with this message, read back from their own list. */
export async function paymentIdOf(page: Page, remittance: string): Promise<string> {
  await page.goto('/en/payments');
  const id = await page.locator('tbody tr', { hasText: remittance }).getAttribute('data-payment-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id ?? '';
}
