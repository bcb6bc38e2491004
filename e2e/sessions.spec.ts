import type { Browser, Page } from '@playwright/test';
import { newEmail, password, signUp } from './support/accounts';
import { expect, test } from './support/test';

// A session cookie copied to another browser stops working the moment its session ends on the
// server: at sign-out, at a password change (the other sessions), at "sign out everywhere".
test.use({ storageState: { cookies: [], origins: [] } });

async function copyOf(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  return context.newPage();
}

async function exportStatus(page: Page): Promise<number> {
  return (await page.request.get('/api/payments/export?locale=en', { maxRedirects: 0 })).status();
}

async function signIn(page: Page, email: string, withPassword: string) {
  await page.goto('/en/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(withPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
}

test('a copied cookie stops working after sign-out', async ({ browser }) => {
  const page = await signUp(browser, newEmail('copied'));
  const thief = await copyOf(browser, page);
  expect(await exportStatus(thief)).toBe(200);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await exportStatus(thief)).toBe(401);
  await thief.goto('/en/payments');
  await expect(thief).toHaveURL(/\/en\/sign-in\?returnTo=%2Fpayments$/);
});

test('a password change ends every other session at once, and keeps the one that changed it', async ({
  browser,
}) => {
  const email = newEmail('changer');
  const page = await signUp(browser, email);
  const thief = await copyOf(browser, page);
  // The PSU's own laptop, signed in on its own (a sign-in over a copied cookie would end that copy).
  const laptop = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  await signIn(laptop, email, password);
  expect(await exportStatus(thief)).toBe(200);

  await page.goto('/en/account');
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password', { exact: true }).fill('te og pönnukökur á mánudögum');
  await page.getByLabel('New password again').fill('te og pönnukökur á mánudögum');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL(/\/en\/account\?password=changed$/);
  await expect(page.locator('main [role="status"]')).toHaveText(
    'Your password has been changed, and every other session of this account has ended.',
  );
  expect(await exportStatus(thief)).toBe(401);
  expect(await exportStatus(laptop)).toBe(401);
  expect(await exportStatus(page)).toBe(200);
});

test('sign out everywhere ends this session and every other', async ({ browser }) => {
  const page = await signUp(browser, newEmail('everywhere'));
  const phone = await copyOf(browser, page);
  expect(await exportStatus(phone)).toBe(200);
  await page.goto('/is/account');
  await page.getByRole('button', { name: 'Skrá út alls staðar' }).click();
  await expect(page.getByRole('heading', { name: 'Innskráning', exact: true })).toBeVisible();
  expect(await exportStatus(phone)).toBe(401);
  expect(await exportStatus(page)).toBe(401);
});
