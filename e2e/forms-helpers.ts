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
