import { expect, type Page } from '@playwright/test';
import { isBankingDay } from '../lib/payments/calendar/holidays';
import { atBank } from './support/bank';

export const debtorIban = 'IS140159260076545510730339';
export const creditorIban = 'IS870301260012345101696399';

/** The labels of the single payment form, in each language. */
export const singleFormLabels = {
  en: {
    from: 'From account (IBAN)',
    to: 'To account (IBAN)',
    amount: 'Amount',
    remittance: 'Message to the recipient',
    submit: 'Continue to your bank',
  },
  is: {
    from: 'Af reikningi (IBAN)',
    to: 'Á reikning (IBAN)',
    amount: 'Upphæð',
    remittance: 'Skilaboð til viðtakanda',
    submit: 'Áfram í bankann þinn',
  },
} as const;

/**
 * Signs in at the sandbox bank's SCA page: the payment reached the bank and awaits the PSU; `approve` names
 * the button that confirms (a cancellation's page says "Confirm cancellation").
 */
export async function expectScaPage(
  page: Page,
  language: 'is' | 'en',
  approve = language === 'is' ? 'Samþykkja' : 'Approve',
) {
  await page.waitForURL(atBank(), { timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('input[name="username"]')).toBeVisible();
  await page.locator('input[name="username"]').fill('jon');
  await page.locator('input[name="password"]').fill('sandbox');
  await page.getByRole('button', { name: language === 'is' ? 'Skrá inn' : 'Sign in' }).click();
  await expect(page.getByRole('button', { name: approve })).toBeVisible();
}

/** A day some weeks ahead, "YYYY-MM-DD". */
export function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The first banking day at least `days` ahead: a payment dated on a weekend or an Icelandic bank holiday is
 * accepted with a change (ACWC, moved to the next banking day), which a spec about something else must not meet.
 */
export function bankingDayAhead(days: number): string {
  let ahead = days;
  while (!isBankingDay(daysAhead(ahead))) ahead++;
  return daysAhead(ahead);
}

/**
 * The bulk form filled with two payments, sent to the bank with its page in `language`: ISK 7,500 to Guðrún
 * Helgadóttir at 0301-26-001234, and ISK 1,500 to 0159-26-007654 with no name; paid on `date` where given.
 */
export async function sendBulkOfTwo(page: Page, language: 'is' | 'en', date?: string): Promise<void> {
  await page.goto('/en/payments/new/bulk');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  if (date) await page.getByLabel('Payment date').fill(date);
  await page.getByRole('button', { name: 'Add a payment' }).click();
  await page.getByRole('button', { name: 'Add a payment' }).click();
  await page.getByLabel('To account, payment 1').fill(creditorIban);
  await page.getByLabel('Recipient’s name, payment 1').fill('Guðrún Helgadóttir');
  await page.getByLabel('Amount, payment 1').fill('7,500');
  await page.getByLabel('To account, payment 2').fill(debtorIban);
  await page.getByLabel('Amount, payment 2').fill('1,500');
  await page.getByRole('radio', { name: language === 'is' ? 'Icelandic' : 'English' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
}
