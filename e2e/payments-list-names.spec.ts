import type { Page } from '@playwright/test';
import { creditorIban, debtorIban } from './forms-helpers';
import { newEmail, signUp } from './support/accounts';
import { atBank } from './support/bank';
import { expect, test } from './support/test';

// The payments list at 1100 px keeps inside its box whatever its recipients are called: a name breaks between its
// words, and a word longer than the column (an Icelandic compound, written whole) breaks within itself rather than
// widening the table past its box, where the status and the bank's columns were cut off. A PSU of its own (signed up
// here), so that the list holds just these payments.

test.describe.configure({ timeout: 180_000 });

const LONG_WORD = 'Vaðlaheiðarvegavinnuverkfærageymsluskúraútidyralyklakippuhringur';
const TWO_WORDS = 'Sigríður Guðmundsdóttir';

async function payTo(page: Page, name: string) {
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(creditorIban);
  await page.getByLabel('Recipient’s name').fill(name);
  await page.getByLabel('Amount').fill('1500');
  await page.getByLabel('Message to the recipient').fill('Leiga');
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.waitForURL(atBank(), { timeout: 30_000 });
}

/** How many lines a cell's text takes. */
function linesOf(page: Page, name: string): Promise<number> {
  return page.locator('tbody tr td:nth-child(3)', { hasText: name }).evaluate((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

test('a recipient named with one long word does not push the payments list out of its box at 1100 px', async ({
  browser,
}) => {
  const page = await signUp(browser, newEmail('list-names'));
  await payTo(page, LONG_WORD);
  await payTo(page, TWO_WORDS);
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto('/en/payments');
  await expect(page.locator('tbody tr')).toHaveCount(2);
  const fit = await page
    .locator('table')
    .evaluate((table) => ({ table: table.scrollWidth, box: table.parentElement?.clientWidth ?? 0 }));
  expect(fit.table).toBeLessThanOrEqual(fit.box);
  // A name of words is broken between them only: at most a line a word.
  expect(await linesOf(page, TWO_WORDS)).toBeLessThanOrEqual(TWO_WORDS.split(' ').length);
});
