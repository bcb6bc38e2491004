import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { debtorIban, expectScaPage } from './forms-helpers';
import { createClaim } from './support/claims';
import { expect, test } from './support/test';
import { transactionStatuses } from './support/timeline';

// A bill that may be paid in part (isPartialPaymentAllowed), paid in part in Icelandic: the pay form lowered and
// ticked as a part payment, confirmed at the bank, and back; the payment's page and the bills page after it say what
// was paid and what is left, and the bill can still be paid.

const tag = randomUUID().slice(0, 6).toUpperCase();
const reference = `E2E-HLUTI-${tag}`;
const shots = process.env.E2E_SHOTS_DIR;

/** A picture of the page at a desk's width and a phone's, where the walk asks for them (E2E_SHOTS_DIR). */
async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1100, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a bill paid in part in Icelandic: through the bank and back, the payment and the bill say what is left', async ({
  page,
  request,
}) => {
  const dueDate = new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10);
  const claimId = await createClaim(request, { amount: 12_000, dueDate, reference, partPayment: true });
  await page.goto('/is/bills');
  const bill = page.getByTestId('bill').and(page.locator(`[data-reference="${reference}"]`));
  await expect(bill).toHaveAttribute('data-status', 'Unpaid');
  await shoot(page, 'a1-bills-open');
  await bill.getByRole('link', { name: `Greiða kröfu ${reference}` }).click();

  await expect(page.getByLabel('Upphæð')).toHaveValue('12.000');
  await shoot(page, 'a2-pay-form');
  await page.getByLabel('Upphæð').fill('5.000');
  await page.locator('summary', { hasText: 'Nánari upplýsingar' }).click();
  await page.getByLabel('Þetta er innborgun á kröfu').check();
  await page.getByLabel('Af reikningi (IBAN)', { exact: true }).fill(debtorIban);
  await shoot(page, 'a3-pay-form-part');
  await page.getByRole('button', { name: 'Áfram í bankann þinn' }).click();
  await expectScaPage(page, 'is');
  await page.getByRole('button', { name: 'Samþykkja' }).click();
  await page.waitForURL(/\/is\/payments\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const paymentPage = new URL(page.url()).pathname;
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', /^(ACSC|ACCC)$/, {
    timeout: 30_000,
  });
  await shoot(page, 'a4-payment');
  // The payment says what it was: a part payment of the bill by its number, the bill's ID in small print, which
  // at 390 px stays inside the payment's card.
  await expect(page.getByText(/^Innborgun á kröfu nr\. 0159-66-\d{6}/)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  const billId = page.locator(`[data-code="${claimId}"]`);
  await expect(billId).toBeVisible();
  const card = billId.locator('xpath=ancestor::*[contains(@class, "rounded")][1]');
  const [idBox, cardBox] = [await billId.boundingBox(), await card.boundingBox()];
  expect((idBox?.x ?? 0) + (idBox?.width ?? 0)).toBeLessThanOrEqual(
    (cardBox?.x ?? 0) + (cardBox?.width ?? 0),
  );
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goto('/is/bills');
  await expect(bill.getByTestId('bill-status')).toHaveText('Greidd að hluta', { timeout: 30_000 });
  await shoot(page, 'a5-bills-after');
  // What was paid and what is left, the PSU's part payment linked, and the rest can still be paid.
  await expect(bill.getByTestId('partly-paid')).toHaveText(
    'Greidd að hluta: krafan var upp á 12.000\u00a0kr. og hluti hennar hefur verið greiddur. Ógreitt: 7.000\u00a0kr.',
  );
  await expect(bill.getByTestId('part-payment')).toContainText('Þú greiddir inn á kröfuna');
  await expect(
    bill.getByTestId('part-payment').getByRole('link', { name: 'Skoða greiðslu' }),
  ).toHaveAttribute('href', paymentPage);
  await expect(bill.getByRole('link', { name: `Greiða kröfu ${reference}` })).toBeVisible();
  // The payments list names it as a part payment of the bill.
  await page.goto('/is/payments');
  await shoot(page, 'a6-payments');
  await expect(page.locator(`tbody tr[data-payment-id="${paymentPage.split('/').pop()}"]`)).toContainText(
    /Innborgun á kröfu nr\. 0159-66-\d{6}/,
  );
});
