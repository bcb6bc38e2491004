import type { APIRequestContext, Page } from '@playwright/test';
import { atBank, sandboxUrl } from './support/bank';
import { expect, test } from './support/test';
import { transactionStatuses } from './support/timeline';

const debtorIban = 'IS140159260076545510730339';
const creditorIban = 'IS870301260012345101696399';

const scaPage = {
  is: { signIn: 'Skrá inn', approve: 'Samþykkja', decline: 'Hafna' },
  en: { signIn: 'Sign in', approve: 'Approve', decline: 'Decline' },
} as const;

async function fillSinglePayment(page: Page, scaLanguage: 'is' | 'en', remittance: string) {
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(creditorIban);
  await page.getByLabel('Recipient’s name').fill('Guðrún Helgadóttir');
  await page.getByLabel('Amount').fill('12,500');
  await page.getByLabel('Message to the recipient').fill(remittance);
  await page.getByRole('radio', { name: scaLanguage === 'is' ? 'Icelandic' : 'English' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
}

async function authoriseAtBank(page: Page, language: 'is' | 'en', decision: 'approve' | 'decline') {
  await page.waitForURL(atBank());
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.locator('input[name="username"]').fill('jon');
  await page.locator('input[name="password"]').fill('sandbox');
  await page.getByRole('button', { name: scaPage[language].signIn }).click();
  await page.getByRole('button', { name: scaPage[language][decision] }).click();
}

/** The addresses the app gave the bank to send the PSU back to, as the sandbox bank holds them. */
async function returnAddresses(request: APIRequestContext, remittance: string) {
  const { payments } = (await (await request.get(`${sandboxUrl}/sandbox/payments`)).json()) as {
    payments: { tppRedirectUri: string; tppNokRedirectUri: string; body: Record<string, unknown> }[];
  };
  const payment = payments.find((p) => p.body.remittanceInformationUnstructured === remittance);
  expect(payment).toBeDefined();
  return { ok: payment?.tppRedirectUri ?? '', nok: payment?.tppNokRedirectUri ?? '' };
}

const outcome = (page: Page) => page.locator('[role="status"][data-outcome]');

for (const language of ['is', 'en'] as const) {
  test(`pays a credit transfer confirmed on the bank's SCA page in ${language}`, async ({ page }) => {
    await fillSinglePayment(page, language, `Leiga ${language}`);
    await authoriseAtBank(page, language, 'approve');

    await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
    // What the bank says, read on return: confirmed and accepted, then paid.
    await expect(outcome(page)).toHaveAttribute('data-outcome', /^(accepted|debited)$/);
    const history = page.getByTestId('status-history').locator('li');
    await expect.poll(() => history.count()).toBeGreaterThanOrEqual(2);
    await expect(history.first()).toHaveAttribute('data-status', 'RCVD');
    // The page keeps polling the bank until the payment is settled.
    await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', 'ACSC', {
      timeout: 20_000,
    });
    await expect(outcome(page)).toHaveText('Your bank has debited the payment from your account.');
    // The page tells the payment's whole story, and offers a receipt now that it is paid.
    const story = page.getByTestId('payment-story');
    await expect(story.getByTestId('payment-from')).toContainText('0159-26-007654');
    await expect(story.getByTestId('payment-to')).toContainText('Guðrún Helgadóttir');
    await expect(story.getByTestId('payment-to')).toContainText('0301-26-001234');
    await expect(story.getByTestId('payment-message')).toHaveText(`Leiga ${language}`);
    await expect(story.getByTestId('payment-dates')).toContainText('As soon as possible');
    await expect(page.getByTestId('receipt-link')).toHaveText('Receipt');

    // A reload loses nothing.
    const statuses = await history.evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-status')),
    );
    await page.reload();
    await expect(page.getByTestId('status-history').locator('li')).toHaveCount(statuses.length);
  });
}

test('a payment declined at the bank ends on the nok return with status RJCT', async ({ page }) => {
  await fillSinglePayment(page, 'en', 'Hafnað');
  await authoriseAtBank(page, 'en', 'decline');

  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  await expect(outcome(page)).toHaveAttribute('data-outcome', 'declined');
  await expect(outcome(page)).toContainText('The payment was not confirmed at your bank');
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', 'RJCT');
  // Declined by the PSU, not rejected by the bank.
  await expect(page.getByText('Not confirmed', { exact: true }).first()).toBeVisible();
  // Nothing was paid: no receipt, a statement of what happened.
  await page.getByTestId('receipt-link').filter({ hasText: 'Statement' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Statement: payment not confirmed' }),
  ).toBeVisible();
  await expect(page.getByTestId('receipt-happened')).toHaveText(
    'The payment was not confirmed at your bank. Nothing was paid from your account.',
  );
  await expect(page.getByTestId('receipt')).not.toContainText('RJCT');
});

// A reading of the payment that fails (the network, our server restarting) does not stop the page following it.
test.describe('readings that fail', () => {
  test.use({
    consoleAllowed: [
      {
        pattern: /Failed to load resource: net::ERR_CONNECTION_RESET/,
        reason: 'the test cuts the first three readings of the payment',
      },
    ],
  });

  test('the page of a payment being paid keeps following the bank after its readings failed', async ({
    page,
  }) => {
    let failed = 0;
    await page.route(/\/api\/payments\/[0-9a-f-]{36}$/, async (route) => {
      if (failed >= 3) return route.continue();
      failed += 1;
      return route.abort('connectionreset');
    });
    await fillSinglePayment(page, 'en', 'Lesið aftur');
    await authoriseAtBank(page, 'en', 'approve');
    await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
    await expect.poll(() => failed, { timeout: 20_000 }).toBe(3);
    await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', 'ACSC', {
      timeout: 30_000,
    });
  });
});

// A payment's page loads what reads it again (TanStack Query) when its first reading is due: the page of one the bank
// has decided for good asks for no script and no reading once it has loaded, until the PSU comes back to the window.
test('the page of a declined payment reads nothing more once it has loaded, and loads no script for it', async ({
  page,
}) => {
  await fillSinglePayment(page, 'en', 'Hafnað, ekki lesið aftur');
  await authoriseAtBank(page, 'en', 'decline');
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  const reading = `${new URL(page.url()).pathname.replace('/en/', '/api/')}`;
  await page.reload({ waitUntil: 'load' });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || new URL(request.url()).pathname === reading)
      asked.push(request.url());
  });
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', 'RJCT');
  // Longer than the page of a payment still being decided waits before it reads again (2 s).
  await page.waitForTimeout(5_000);
  expect(asked).toEqual([]);
  // Back to the window (another tab, another program): the page reads the payment once, as it now is.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => asked.filter((url) => new URL(url).pathname === reading)).toHaveLength(1);
});

// Payment spec 4.1: TPP-Nok-Redirect-URI "may be ignored". A bank that ignores it sends a PSU who
// declined to the ok address; what the PSU reads must still be the decline the bank recorded.
test('a decline that lands at the ok address is shown as a decline, in English and Icelandic', async ({
  page,
  request,
}) => {
  const remittance = `Hafnað ok ${Date.now()}`;
  await fillSinglePayment(page, 'is', remittance);
  await authoriseAtBank(page, 'is', 'decline');
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  const paymentPage = page.url();

  await page.goto((await returnAddresses(request, remittance)).ok);
  await expect(page).toHaveURL(paymentPage);
  await expect(outcome(page)).toHaveAttribute('data-outcome', 'declined');
  await expect(outcome(page)).toContainText('The payment was not confirmed at your bank');
  await expect(page.getByText(/The payment is confirmed|Your bank has accepted the payment/)).toHaveCount(0);

  await page.goto(paymentPage.replace('/en/', '/is/'));
  await expect(outcome(page)).toContainText('Greiðslan var ekki staðfest í bankanum');
  await expect(page.getByText(/Greiðslan er staðfest|Bankinn hefur tekið við greiðslunni/)).toHaveCount(0);
});

test('a PSU who comes back from the bank without deciding is told the bank still waits for them', async ({
  page,
  request,
}) => {
  const remittance = `Óákveðið ${Date.now()}`;
  await fillSinglePayment(page, 'en', remittance);
  await page.waitForURL(atBank());

  // Straight back to the app, as the bank's "back to the shop" link or the browser's history would.
  await page.goto((await returnAddresses(request, remittance)).ok);
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  await expect(outcome(page)).toHaveAttribute('data-outcome', 'awaitingPsu');
  await expect(outcome(page)).toContainText('Your bank is still waiting for you to confirm the payment');
  await expect(page.getByRole('link', { name: 'Continue to your bank to confirm' })).toBeVisible();
  // RCVD before the PSU's confirmation reads as waiting for it, not as "received"; nothing to keep yet.
  await expect(page.locator('[aria-live] [data-status="RCVD"]')).toHaveText('Waiting for your confirmation');
  await expect(page.getByTestId('receipt-link')).toHaveCount(0);

  await page.goto(page.url().replace('/en/', '/is/'));
  await expect(outcome(page)).toContainText('Bankinn bíður enn eftir að þú staðfestir greiðsluna');
  await expect(page.locator('[aria-live] [data-status="RCVD"]')).toHaveText('Bíður staðfestingar þinnar');
});

test('the payments list shows each payment once with its status', async ({ page }) => {
  await page.goto('/en/payments');
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const ids = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-payment-id')));
  expect(new Set(ids).size).toBe(ids.length);
});
