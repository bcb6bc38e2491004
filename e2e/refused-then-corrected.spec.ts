import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { atBank } from './support/bank';
import { expect, test } from './support/test';

// After the bank refuses a payment, the PSU fixes the field and presses the button again: that is
// a new payment. Pressing it again unchanged stays the one refused payment.
const debtorIban = 'IS140159260076545510730339';
// An account number of the sandbox bank that holds no account: CREDITOR_ACCOUNT_NOT_FOUND.
const noSuchAccount = 'IS750159269999995510730339';
const creditorIban = 'IS870301260012345101696399';

async function paymentsWith(page: Page, remittance: string) {
  await page.goto('/en/payments');
  return page.locator('tbody tr', { hasText: remittance });
}

test('a refused payment is corrected in place and sent again as a new payment', async ({ page }) => {
  const remittance = `Leiðrétt ${randomUUID().slice(0, 8)}`;
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(noSuchAccount);
  await page.getByLabel('Amount').fill('2500');
  await page.getByLabel('Message to the recipient').fill(remittance);
  const send = page.getByRole('button', { name: 'Continue to your bank' });
  await send.click();
  // The bank names the refused field (spec part 7, `path`): its cause is shown beside it.
  const to = page.getByLabel('To account (IBAN)');
  const refused = async () => {
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(to).toHaveAccessibleDescription(/This account was not found\. Check the account number\./);
  };
  await refused();

  // The same form, unchanged, again: the same refusal; still one payment (counted below).
  await send.click();
  await expect(send).toBeEnabled();
  await refused();
  await expect(to).toHaveValue(noSuchAccount);

  await to.fill(creditorIban);
  await send.click();
  await page.waitForURL(atBank());

  const rows = await paymentsWith(page, remittance);
  await expect(rows).toHaveCount(2);
});
