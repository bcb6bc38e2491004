import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { creditorIban } from './forms-helpers';
import { sendSinglePayment } from './support/payments';

// The bank's SCA pages switch between Icelandic and English and keep the PSU's place (sign-in, review).
// Used with the keyboard only, as a PSU without a mouse would.

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
}

/** Presses Enter on a control reached by its role and name. */
async function activate(page: Page, role: 'button' | 'link', name: string) {
  await page.getByRole(role, { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

test('the SCA pages switch language at sign-in and at review, keep the payment, and approve works', async ({
  page,
}) => {
  await sendSinglePayment(page, { amount: '12.500', remittance: 'Tungumál' });

  // Sign-in in English (the form's choice, sent as PSU-Accept-Language); to Icelandic with the user ID typed.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByLabel('User ID').fill('jon');
  await page.getByLabel('Password').fill('sandbox');
  await activate(page, 'button', 'Íslenska');
  await expect(page.locator('html')).toHaveAttribute('lang', 'is');
  await expect(page.getByLabel('Notandanafn')).toHaveValue('jon');
  await expect(page.getByLabel('Lykilorð')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Lykilorð').fill('sandbox');
  await page.getByLabel('Lykilorð').press('Enter');

  // Review in Icelandic, then the same payment in English.
  await expect(page.getByRole('heading', { name: 'Staðfesta greiðslu' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'is');
  await expect(page.getByText('12.500\u00a0kr.')).toBeVisible();
  await expect(page.getByText(creditorIban)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await activate(page, 'link', 'English');
  await expect(page.getByRole('heading', { name: 'Confirm payment' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByText('ISK\u00a012,500')).toBeVisible();
  await expect(page.getByText(creditorIban)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Language' }).getByRole('link')).toHaveAttribute(
    'hreflang',
    'is',
  );
  expect(await seriousViolations(page)).toEqual([]);

  await activate(page, 'button', 'Approve');
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}\?outcome=ok$/);
  await expect(page.getByRole('status').filter({ hasText: 'You confirmed the payment' })).toBeVisible();
});
