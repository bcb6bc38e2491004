import type { Page } from '@playwright/test';
import { creditorIban, debtorIban, expectScaPage } from './forms-helpers';
import { expect, test } from './support/test';

async function expectExecution(page: Page, scheduled: string, execution: string) {
  await expect(
    page.locator(`[data-testid="execution-preview"] tr[data-scheduled="${scheduled}"]`),
  ).toHaveAttribute('data-execution', execution);
}

test('standing order: errors corrected, preview around Easter 2027 and Christmas/New Year, to the SCA page', async ({
  page,
}) => {
  await page.goto('/en/payments/new/periodic');
  const submit = page.getByRole('button', { name: 'Continue to your bank' });
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: 'need correcting' })).toBeVisible();
  await expect(page.getByLabel('From account (IBAN)')).toBeFocused();

  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(creditorIban);
  await page.getByLabel('Amount').fill('25,000');
  await page.getByLabel('Message to the recipient').fill('Húsaleiga');
  await page.getByLabel('How often').selectOption('Monthly');
  await page.getByLabel('Day of the month').selectOption('26');
  await page.getByLabel('First payment on or after').fill('2027-03-01');
  // An end before the start is caught here, not by the bank.
  await page.getByLabel('Last payment on or before').fill('2027-02-01');

  const rule = page.getByLabel('When a date falls on a weekend or bank holiday');
  await rule.selectOption('following');
  // 26 March 2027 is Good Friday; Easter Monday is 29 March.
  await expectExecution(page, '2027-03-26', '2027-03-30');
  await expectExecution(page, '2027-04-26', '2027-04-26');
  // 26 December 2027 is a Sunday and Boxing Day.
  await expectExecution(page, '2027-12-26', '2027-12-27');
  await rule.selectOption('preceding');
  // Maundy Thursday 25 March is a bank holiday too.
  await expectExecution(page, '2027-03-26', '2027-03-24');
  // Christmas Eve (Friday) and Christmas Day are bank holidays.
  await expectExecution(page, '2027-12-26', '2027-12-23');

  // The last day of the month: New Year's Eve 2027 is a Friday and a bank holiday.
  await page.getByLabel('Day of the month').selectOption('31');
  await expectExecution(page, '2027-12-31', '2027-12-30');
  await expectExecution(page, '2027-03-31', '2027-03-31');
  await rule.selectOption('following');
  await expectExecution(page, '2027-12-31', '2028-01-03');
  await expectExecution(page, '2027-04-30', '2027-04-30');
  await expect(page.locator('[data-testid="execution-preview"] tbody tr')).toHaveCount(12);

  await submit.click();
  await expect(page.getByLabel('Last payment on or before')).toBeFocused();
  await expect(page.getByText('The end date cannot be before the start date').first()).toBeVisible();
  await page.getByLabel('Last payment on or before').fill('2028-12-31');

  await page.getByText('More details').click();
  await page.getByLabel('Your reference', { exact: true }).fill('STANDING-1');
  await page.getByLabel('Structured reference').fill('TILV-1');
  await page.getByRole('radio', { name: 'English' }).check();
  await submit.click();
  await expectScaPage(page, 'en');
});
