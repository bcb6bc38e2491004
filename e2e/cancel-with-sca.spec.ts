import { bankingDayAhead, creditorIban, debtorIban, expectScaPage } from './forms-helpers';
import { atBank } from './support/bank';
import { messageOfThisRun, paymentIdOf, sendSinglePayment } from './support/payments';
import { expect, test } from './support/test';
import { transactionStatuses } from './support/timeline';

// A payment the bank has accepted for a later date can still be cancelled, but only with the PSU's
// own confirmation at the bank (a cancellation authorisation), as the bank asks for it.
test('a future-dated payment is cancelled after the PSU confirms the cancellation at the bank', async ({
  page,
}) => {
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(creditorIban);
  await page.getByLabel('Recipient’s name').fill('Guðrún Helgadóttir');
  await page.getByLabel('Amount').fill('4,000');
  await page.getByLabel('Message to the recipient').fill('Afturkallað');
  await page.getByLabel('Payment date').fill(bankingDayAhead(30));
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await expectScaPage(page, 'en');
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  // Authorised and waiting for its date: the bank no longer cancels it without SCA.
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', /^(ACTC|PDNG|ACSP)$/, {
    timeout: 20_000,
  });

  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await page
    .getByRole('group', { name: 'Cancel payment' })
    .getByRole('button', { name: 'Cancel payment' })
    .click();
  await page.waitForURL(atBank());
  await page.locator('input[name="username"]').fill('jon');
  await page.locator('input[name="password"]').fill('sandbox');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Confirm cancellation' }).click();

  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', 'CANC', { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Cancel payment' })).toHaveCount(0);
  // The history tells the cancellation asked for and confirmed, apart from the payment's own approval.
  const history = page.getByTestId('status-history');
  await expect(history.locator('[data-cancellation="asked"]')).toHaveText('You asked to cancel the payment');
  // Its last step: an earlier one ("Confirmation of the cancellation started") is told as well where the status job
  // read the payment while the PSU was at the bank.
  await expect(history.locator('[data-cancellation="confirmation"]').last()).toHaveText(
    'You confirmed the cancellation',
  );
});

// The payment's view hydrates with the page's own scripts: a press the moment the page has loaded is
// not lost. (While the view loaded as a chunk of its own, after the page's load, such a press did nothing:
// React drops a click on a part of the page whose code has not arrived yet.) The press is made in the
// page, at once, where Playwright's own click would first wait for the button to be ready.
test('a press on "Cancel payment" as soon as the page has loaded opens the confirmation', async ({
  page,
}, testInfo) => {
  const remittance = messageOfThisRun('Pressed at load', testInfo);
  await sendSinglePayment(page, { amount: '1000', remittance });
  const id = await paymentIdOf(page, remittance);
  // A phone's slower processor, as Lighthouse's mobile run assumes: the page takes longer to hydrate.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`/en/payments/${id}`);
  await page.evaluate(() => {
    for (const button of document.querySelectorAll('button'))
      if (button.textContent === 'Cancel payment') button.click();
  });
  await expect(page.getByRole('group', { name: 'Cancel payment' })).toBeVisible();
});
