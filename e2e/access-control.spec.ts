import type { Page } from '@playwright/test';
import { messageOfThisRun, paymentIdOf, sendSinglePayment, signInAs } from './support/payments';
import { expect, test } from './support/test';
import { transactionStatuses } from './support/timeline';

test.use({
  consoleAllowed: [
    {
      pattern:
        /Failed to load resource: the server responded with a status of 404 \(Not Found\) \(http:\/\/[^/]+\/(en|is)\/payments\/[0-9a-f-]{36}\)/,
      reason: "another PSU's payment is opened on purpose and answered 404, which Chromium logs",
    },
  ],
});

// Payments belong to the PSU who made them: another signed-in PSU reaches none of them, by page,
// JSON route, return link, server action or export.

async function startPayment(page: Page, remittance: string): Promise<{ id: string; returnUrl: string }> {
  await sendSinglePayment(page, { amount: '1000', remittance });
  // Read the payment back from our own list; the PSU leaves the bank page without confirming.
  const id = await paymentIdOf(page, remittance);
  const response = await page.request.get(`/api/payments/${id}`);
  expect(response.status()).toBe(200);
  return { id, returnUrl: `/api/payments/${id}/return?outcome=ok&state=not-the-state` };
}

test('another PSU cannot read, return to, cancel or export a payment', async ({
  page,
  browser,
}, testInfo) => {
  const jons = await startPayment(page, messageOfThisRun('Jón only', testInfo));
  const anna = await signInAs(browser, 'anna@greidsla.is');

  const pageResponse = await anna.goto(`/en/payments/${jons.id}`);
  expect(pageResponse?.status()).toBe(404);
  // The document itself says so, in the page's language, before any script has run: not only the page's data
  // for its scripts, which a browser without them, or still loading them, does not show.
  const drawn = async (response: Awaited<ReturnType<Page['goto']>>) =>
    ((await response?.text()) ?? '').replace(/<script[\s\S]*?<\/script>/g, '');
  expect(await drawn(pageResponse)).toContain('Page not found');
  await expect(anna.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const icelandic = await anna.goto(`/is/payments/${jons.id}`);
  expect(icelandic?.status()).toBe(404);
  expect(await drawn(icelandic)).toContain('Síðan fannst ekki');

  const api = await anna.request.get(`/api/payments/${jons.id}`);
  expect(api.status()).toBe(404);

  await anna.goto(jons.returnUrl);
  await expect(anna).toHaveURL(/\/payments\?return=invalid$/);

  const csv = await (await anna.request.get('/api/payments/export?locale=en')).text();
  expect(csv).not.toContain(jons.id);
  expect(csv).not.toContain('Jón only');

  // The cancel action with Jón's payment id swapped in: Anna cancels her own payment in the UI while
  // the request carries his id.
  const annas = await startPayment(anna, messageOfThisRun('Anna own', testInfo));
  await anna.goto(`/en/payments/${annas.id}`);
  await anna.route('**/*', async (route) => {
    const request = route.request();
    if (request.method() === 'POST' && request.headers()['next-action']) {
      await route.continue({ postData: (request.postData() ?? '').replaceAll(annas.id, jons.id) });
    } else {
      await route.continue();
    }
  });
  await anna.getByRole('button', { name: 'Cancel payment' }).click();
  await anna
    .getByRole('group', { name: 'Cancel payment' })
    .getByRole('button', { name: 'Cancel payment' })
    .click();
  await expect(
    anna.getByRole('alert').filter({ hasText: 'We cannot find this payment among your payments.' }),
  ).toBeVisible();

  // Jón's payment is untouched.
  const jonsNow = (await (await page.request.get(`/api/payments/${jons.id}`)).json()) as {
    displayStatus: string;
  };
  expect(jonsNow.displayStatus).toBe('RCVD');

  // Without the swap, the same button cancels Anna's own payment.
  await anna.unrouteAll();
  await anna.reload();
  await anna.getByRole('button', { name: 'Cancel payment' }).click();
  await anna
    .getByRole('group', { name: 'Cancel payment' })
    .getByRole('button', { name: 'Cancel payment' })
    .click();
  await expect(transactionStatuses(anna).last()).toHaveAttribute('data-status', 'CANC');
  await anna.context().close();
});

test('signed out, pages send to sign-in and routes answer 401', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/en/payments');
  await expect(page).toHaveURL(/\/en\/sign-in\?returnTo=%2Fpayments$/);
  expect((await page.request.get('/api/payments/00000000-0000-4000-8000-000000000000')).status()).toBe(401);
  expect((await page.request.get('/api/payments/export')).status()).toBe(401);
  await context.close();
});
