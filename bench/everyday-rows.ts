// Rows for the demo PSU's everyday pages, made through the app's own forms and the sandbox bank's SCA
// pages as a PSU would: a paying account (kept once the bank accepts a payment from it), a saved
// payee, and a standing order. Each answers whether its row is there, so that a benchmark measures
// the pages with what a PSU has on them, or says it could not.
import type { BrowserContext, Page } from 'playwright';
import { openPaymentForm } from './app-servers';

/** Signs in at the sandbox bank's SCA page as its demo customer and approves. */
async function approveAtBank(page: Page, appUrl: string): Promise<void> {
  await page.waitForURL((url) => url.origin !== new URL(appUrl).origin, { timeout: 30_000 });
  await page.locator('input[name="username"]').fill('jon');
  await page.locator('input[name="password"]').fill('sandbox');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}/, { timeout: 30_000 });
}

/** Opens `path` until `testId` shows at least once, for a minute at most. */
async function waitForRow(page: Page, appUrl: string, path: string, testId: string): Promise<boolean> {
  for (let attempt = 0; attempt < 30; attempt++) {
    await page.goto(`${appUrl}${path}`);
    if ((await page.getByTestId(testId).count()) > 0) return true;
    await page.waitForTimeout(2_000);
  }
  return false;
}

async function attempt(what: string, context: BrowserContext, make: (page: Page) => Promise<boolean>) {
  const page = await context.newPage();
  try {
    return await make(page);
  } catch (error) {
    console.error(`could not make ${what}: ${(error as Error).message.split('\n')[0]}`);
    return false;
  } finally {
    await page.close();
  }
}

/** A payment from the demo PSU's account, approved at the bank, which keeps it among their accounts. */
export function keepMyAccount(context: BrowserContext, appUrl: string): Promise<boolean> {
  return attempt('a kept account', context, async (page) => {
    await openPaymentForm(page, appUrl, 'single');
    await page.getByLabel('Recipient’s name').fill('Leigusali ehf.');
    await page.getByLabel('Amount').fill('4,900');
    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    await approveAtBank(page, appUrl);
    return waitForRow(page, appUrl, '/en/my-accounts', 'my-account');
  });
}

/** A payee saved through the payees page's form. */
export function savePayee(context: BrowserContext, appUrl: string): Promise<boolean> {
  return attempt('a payee', context, async (page) => {
    await page.goto(`${appUrl}/en/payees`);
    await page.getByLabel('Name', { exact: true }).fill('Leigusali ehf.');
    await page.getByLabel('Account', { exact: true }).fill('0301-26-001234');
    await page.getByLabel('Kennitala (optional)').fill('5101696399');
    await page.getByRole('button', { name: 'Save payee' }).click();
    await page.getByText('The payee is saved.').waitFor({ timeout: 30_000 });
    return waitForRow(page, appUrl, '/en/payees', 'payee');
  });
}

/** A monthly standing order sent from the periodic form and left at the bank's SCA page. */
export function makeStandingOrder(context: BrowserContext, appUrl: string): Promise<boolean> {
  const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return attempt('a standing order', context, async (page) => {
    await openPaymentForm(page, appUrl, 'periodic');
    await page.getByLabel('Amount').fill('25,000');
    await page.getByLabel('Message to the recipient').fill('Húsaleiga');
    await page.getByLabel('How often').selectOption('Monthly');
    await page.getByLabel('Day of the month').selectOption('1');
    await page.getByLabel('First payment on or after').fill(daysAhead(20));
    await page.getByLabel('Last payment on or before').fill(daysAhead(400));
    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    await page.waitForURL((url) => url.origin !== new URL(appUrl).origin, { timeout: 30_000 });
    await page.goto(`${appUrl}/en/payments/standing-orders`);
    return (await page.locator('li[data-payment-id]').count()) > 0;
  });
}
