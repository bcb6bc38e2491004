import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { latestLinkTo } from '../../tests/support/mailbox';

/** The app's local mailbox in this run (playwright.config.ts sets MAILBOX_DIR under the run dir). */
export const mailboxDir = path.join(process.env.E2E_RUN_DIR ?? '', 'mailbox');

export const password = 'kaffi og kleinur á sunnudögum';

export function newEmail(name: string): string {
  return `${name}.${randomUUID().slice(0, 8)}@example.is`;
}

/** A browser of its own, signed up and signed in as a new PSU; `extra` fields are added to the form as a forger would. */
export async function signUp(
  browser: Browser,
  email: string,
  extra: Record<string, string> = {},
): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/en/sign-up');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Name').fill('Próf Prófsdóttir');
  await page.getByLabel('Password').fill(password);
  await page.locator('form').evaluate((form, fields) => {
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.appendChild(input);
    }
  }, extra);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Sign-up answers alike for a new and a known address, signing nobody in: the PSU signs in next.
  await expect(page.getByRole('status')).toContainText('We have sent a message to the address you gave');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  return page;
}

/** The verification link the app sent to `email`, waiting for it to arrive. */
export async function verificationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect.poll(() => (link = latestLinkTo(mailboxDir, email))).toBeTruthy();
  return link ?? '';
}

/**
 * Signs in at the sandbox bank's electronic-ID provider (sandbox/README.md, Test people) with a test
 * person's kennitala and the PIN they all share, after the app sent the browser there.
 */
export async function signInAtProvider(page: Page, kennitala: string): Promise<void> {
  await page.waitForURL(/\/idp\/signin\//);
  await page.locator('input[name="kennitala"]').fill(kennitala);
  await page.locator('input[name="pin"]').fill('1234');
  await page.locator('button[value="signIn"]').click();
}
