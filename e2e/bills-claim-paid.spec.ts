import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { atBank } from './support/bank';
import { createClaim } from './support/claims';
import { expect, test } from './support/test';
import { transactionStatuses } from './support/timeline';

// A PSU pays an open bill (a claim of Greiðsla ehf. on the demo PSU jon) with the prefilled single
// payment; the bank executes it, sends `claim.paid` to the subscription this spec made and verified on
// the events page, and the bill turns paid from that event.
//
// Each run gets a fresh claim of its own, so the spec does not depend on which seeded claims other
// specs have paid, and a subscription of its own (described uniquely), cancelled at the end because the
// bank allows five per client.

const debtorIban = 'IS140159260076545510730339';
const tag = randomUUID().slice(0, 6).toUpperCase();
const reference = `E2E-${tag}`;
const description = `e2e bills ${tag}`;

test.describe.configure({ mode: 'serial' });

function ourSubscription(page: Page) {
  return page.getByTestId('subscription').and(page.locator(`[data-description="${description}"]`));
}

let claimId = '';

test('the operator creates a subscription on the events page, sees its secret once, and verifies it', async ({
  page,
  request,
}) => {
  const dueDate = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  claimId = await createClaim(request, { amount: 3500, dueDate, reference });

  await page.goto('/en/events');
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await page.getByLabel('Description').fill(description);
  await page.getByRole('radio', { name: 'Every claim event (Claim)' }).check();
  await page.getByRole('button', { name: 'Create subscription' }).click();
  await expect(page.getByTestId('signing-secret')).toHaveText(/^whsec_/);

  const subscription = ourSubscription(page);
  await expect(subscription).toHaveAttribute('data-delivery-enabled', 'false');
  await expect(subscription.getByTestId('delivery-state')).toContainText('awaiting verification');
  await subscription.getByRole('button', { name: 'Verify' }).click();
  await expect(subscription.getByRole('status')).toContainText('delivery is now enabled', {
    timeout: 30_000,
  });
  await expect(subscription).toHaveAttribute('data-delivery-enabled', 'true');

  // The secret is not shown again.
  await page.reload();
  await expect(page.getByTestId('signing-secret')).toHaveCount(0);
});

test('the PSU pays the open bill with the prefilled payment, and the claim.paid event marks it paid', async ({
  page,
}) => {
  expect(claimId).not.toBe('');
  await page.goto('/en/bills');
  const bill = page.getByTestId('bill').and(page.locator(`[data-reference="${reference}"]`));
  await expect(bill).toHaveAttribute('data-status', 'Unpaid');
  await bill.getByRole('link', { name: `Pay bill ${reference}` }).click();

  await expect(page.getByRole('heading', { name: 'Pay a bill' })).toBeVisible();
  await expect(page.getByLabel('To account (IBAN)')).toHaveValue(/IS26 ?0159 ?2600 ?2024 ?5501 ?6928 ?29/);
  await expect(page.getByLabel('Recipient’s name')).toHaveValue('Greiðsla ehf.');
  await expect(page.getByLabel('Amount')).toHaveValue('3,500');
  await expect(page.getByLabel('Message to the recipient')).toHaveValue(claimId);
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();

  await page.waitForURL(atBank());
  // While that payment waits at the bank, the bill is being paid: no Pay, a link to the payment; and its pay
  // page offers no second form.
  const meanwhile = await page.context().newPage();
  await meanwhile.goto('/en/bills');
  const inFlight = meanwhile.getByTestId('bill').and(meanwhile.locator(`[data-reference="${reference}"]`));
  await expect(inFlight.getByTestId('bill-being-paid')).toContainText('Being paid');
  await expect(inFlight.getByRole('link', { name: 'View payment' })).toBeVisible();
  await expect(inFlight.getByRole('link', { name: /^Pay bill/ })).toHaveCount(0);
  await meanwhile.goto(`/is/bills/${encodeURIComponent(claimId)}/pay`);
  await expect(meanwhile.getByTestId('bill-being-paid')).toContainText('ekki greidd tvisvar');
  await expect(meanwhile.getByRole('button', { name: 'Áfram í bankann þinn' })).toHaveCount(0);
  // A bills page left open while the bill is being paid follows it, without being loaded again.
  await meanwhile.goto('/en/bills');
  await expect(inFlight.getByTestId('bill-being-paid')).toBeVisible();
  await meanwhile.evaluate(() => Object.assign(window, { openSinceBeingPaid: true }));
  await page.locator('input[name="username"]').fill('jon');
  await page.locator('input[name="password"]').fill('sandbox');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  const paymentPage = page.url();
  await expect(transactionStatuses(page).last()).toHaveAttribute(
    'data-status',
    // Settled: ACSC, or ACCC where the bank books the creditor's side at once (both accounts are its own).
    /^(ACSC|ACCC)$/,
    { timeout: 30_000 },
  );

  // The bills page polls what the app knows; the bill turns paid when the job has applied the event.
  await expect(inFlight).toHaveAttribute('data-paid-by-event', 'true', { timeout: 30_000 });
  await expect(inFlight.getByTestId('bill-status')).toHaveText('Paid');
  await expect(inFlight.getByTestId('bill-being-paid')).toHaveCount(0);
  expect(await meanwhile.evaluate(() => 'openSinceBeingPaid' in window)).toBe(true);
  await meanwhile.close();
  await page.goto('/en/bills');
  const paidBill = page.getByTestId('bill').and(page.locator(`[data-reference="${reference}"]`));
  await expect(paidBill).toHaveAttribute('data-paid-by-event', 'true', { timeout: 30_000 });
  await expect(paidBill).toHaveAttribute('data-status', 'Paid');
  await expect(paidBill.getByTestId('bill-status')).toHaveText('Paid');
  await expect(paidBill.getByRole('link', { name: /^Pay bill/ })).toHaveCount(0);
  // Paid by the PSU's own payment: a link to it, whose page gives the day and the account it was paid from.
  await expect(
    paidBill.getByTestId('paid-by-payment').getByRole('link', { name: 'View payment' }),
  ).toHaveAttribute('href', new URL(paymentPage).pathname);
  // The history lists it by its claim number in words, without the claim id (its page gives that), and the table
  // keeps inside its box: the recipient's column is not squeezed to a letter a line.
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto('/is/payments');
  const listed = page.locator(
    `tbody tr[data-payment-id="${new URL(paymentPage).pathname.split('/').pop()}"]`,
  );
  await expect(listed.locator('td').nth(3)).toHaveText(/^Greiðsla kröfu nr\. \d{4}-66-\d{6}$/);
  await expect(listed.locator('[data-code]')).toHaveCount(0);
  const fit = await page
    .locator('table')
    .evaluate((table) => ({ table: table.scrollWidth, box: table.parentElement?.clientWidth ?? 0 }));
  expect(fit.table).toBeLessThanOrEqual(fit.box);
  const recipient = listed.locator('td').nth(2);
  await expect(recipient).toHaveText('Greiðsla ehf.');
  // Its words whole, not a column of letters: at most a line a word.
  const lines = await recipient.evaluate((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBeLessThanOrEqual('Greiðsla ehf.'.split(' ').length);
  await page.setViewportSize({ width: 1280, height: 720 });

  // "Pay again" on the bill's payment goes to the bill's own page, which says it is paid, rather than to a form
  // that would be refused only once sent.
  await page.goto(paymentPage);
  await page.getByRole('link', { name: 'Pay again' }).click();
  await expect(page).toHaveURL(/\/en\/bills\/[^/]+\/pay\?bank=/);
  await expect(page.getByRole('status')).toContainText('This bill is paid already.');
  await expect(page.getByRole('button', { name: 'Continue to your bank' })).toHaveCount(0);

  // The event is in the operator's history, applied.
  await page.goto('/en/events');
  const received = page.locator(`[data-testid="received-events"] tr[data-claim-id="${claimId}"]`);
  await expect(
    received.and(page.locator('[data-event-type="claim.paid"][data-outcome="applied"]')).first(),
  ).toBeVisible();
  await expect(received.first()).toContainText('(Paid)');
});

test('the next bill is paid from a list of the accounts the PSU pays from, in Icelandic and English', async ({
  page,
  request,
}) => {
  // The account the bill above was paid from is kept: the bank accepted a payment from it.
  const nextReference = `${reference}-2`;
  const dueDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await createClaim(request, { amount: 1500, dueDate, reference: nextReference });
  await page.goto('/en/bills');
  const bill = page.getByTestId('bill').and(page.locator(`[data-reference="${nextReference}"]`));
  const payPage =
    (await bill.getByRole('link', { name: `Pay bill ${nextReference}` }).getAttribute('href')) ?? '';
  expect(payPage).toMatch(/^\/en\/bills\//);
  for (const [locale, pick, field] of [
    ['is', 'Af mínum reikningum', 'Af reikningi (IBAN)'],
    ['en', 'From my accounts', 'From account (IBAN)'],
  ] as const) {
    await page.goto(payPage.replace(/^\/en\//, `/${locale}/`));
    const accounts = page.getByLabel(pick);
    const kept = accounts.locator('option', { hasText: '0159-26-007654' });
    await expect(kept).toHaveCount(1);
    // Filled with the account the last bill was paid from: cleared, then picked from the list.
    await accounts.selectOption({ index: 0 });
    await page.getByLabel(field).fill('');
    await accounts.selectOption({ label: (await kept.textContent()) ?? '' });
    await expect(page.getByLabel(field)).toHaveValue(debtorIban);
  }
});

test.afterAll(async ({ browser }) => {
  // The bank allows five subscriptions per client: this spec's is cancelled again.
  const context = await browser.newContext({ storageState: process.env.E2E_SESSION_FILE });
  const page = await context.newPage();
  await page.goto('/en/events');
  const subscription = ourSubscription(page);
  if ((await subscription.count()) > 0) {
    page.once('dialog', (dialog) => void dialog.accept());
    await subscription.getByRole('button', { name: 'Delete' }).click();
    await expect(subscription).toHaveCount(0);
  }
  await context.close();
});
