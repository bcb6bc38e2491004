import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { newEmail, password, verificationLink } from './support/accounts';
import { expect, test } from './support/test';

// A new PSU signs up, sees the password rules, changes the password and signs in with the new one.
test.use({ storageState: { cookies: [], origins: [] } });

async function fillSignUp(page: Page, values: { email: string; name: string; password: string }) {
  await page.getByLabel('E-mail').fill(values.email);
  await page.getByLabel('Name').fill(values.name);
  await page.getByLabel('Password').fill(values.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('sign up, see the profile, change the password, sign in again', async ({ page }) => {
  const email = `gudrun.${randomUUID().slice(0, 8)}@example.is`;
  await page.goto('/en/sign-in');
  await page.getByRole('link', { name: 'Create one' }).click();
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await expect(page.getByText('be at least 12 characters long')).toBeVisible();
  // A kennitala is never typed: it comes from the electronic ID only.
  await expect(page.getByLabel(/Kennitala/)).toHaveCount(0);

  await fillSignUp(page, { email, name: 'Guðrún Prófa', password: 'Password2024!' });
  await expect(page.locator('main [role="alert"]')).toContainText('Some fields need changing');
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
    /A password must: not be a common password/,
  );
  // What was typed stays, except the password.
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await expect(page.getByLabel('Name')).toHaveValue('Guðrún Prófa');

  await page.getByLabel('Password').fill(`${email.split('@')[0]} and more`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
    'A password must: not contain the part of your e-mail address before the @.',
  );

  await page.getByLabel('Password').fill('kaffi og kleinur á sunnudögum');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  // What to do next: confirm the address, with a new link a press away; without SMTP_URL, where the mail is.
  const next = page.getByRole('complementary', { name: 'Confirm your e-mail address' });
  await expect(next).toContainText(`We sent a link to ${email}.`);
  await expect(next).toContainText(/the message is an \.eml file in the folder .*mailbox/);
  await next.getByRole('button', { name: 'Send a new link' }).click();
  await expect(next.getByRole('status')).toHaveText('A new link is on its way. It holds for 24 hours.');

  await page.getByRole('link', { name: 'Your account' }).click();
  // The account page says it itself.
  await expect(next).toHaveCount(0);
  await expect(page.getByTestId('profile-kennitala')).toHaveText('Not verified');
  await expect(page.getByText(email)).toBeVisible();

  await page.getByLabel('Current password').fill('kaffi og kleinur á sunnudögum');
  await page.getByLabel('New password', { exact: true }).fill('te og pönnukökur á mánudögum');
  await page.getByLabel('New password again').fill('te og pönnukökur á mánudögum');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your password has been changed, and every other session' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('kaffi og kleinur á sunnudögum');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('main [role="alert"]')).toContainText('The e-mail or password is wrong');
  await page.getByLabel('Password').fill('te og pönnukökur á mánudögum');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
});

test('an e-mail address signs up once', async ({ page }) => {
  await page.goto('/is/sign-up');
  await page.getByLabel('Netfang').fill('anna@greidsla.is');
  await page.getByLabel('Nafn').fill('Önnur Anna');
  await page.getByLabel('Lykilorð').fill('kaffi og kleinur á sunnudögum');
  await page.getByRole('button', { name: 'Stofna aðgang' }).click();
  await expect(page.getByText('Aðgangur með þessu netfangi er þegar til.')).toBeVisible();
});

test('a new PSU is told in Icelandic to confirm the address, until they do', async ({ page }) => {
  const email = newEmail('sigga');
  await page.goto('/is/sign-up');
  await page.getByLabel('Netfang').fill(email);
  await page.getByLabel('Nafn').fill('Sigríður Prófa');
  await page.getByLabel('Lykilorð').fill(password);
  await page.getByRole('button', { name: 'Stofna aðgang' }).click();
  await expect(page.getByRole('heading', { name: 'Greiðslur' })).toBeVisible();
  const next = page.getByRole('complementary', { name: 'Staðfestu netfangið þitt' });
  await expect(next).toContainText(`Við sendum hlekk á ${email}.`);
  await expect(next).toContainText(/bréfið er \.eml-skrá í möppunni .*mailbox/);

  await page.goto(await verificationLink(email));
  await page.getByRole('button', { name: 'Staðfesta' }).click();
  await expect(page.getByRole('status')).toHaveText('Netfangið þitt er staðfest.');
  await page.goto('/is/payments');
  await expect(page.getByRole('heading', { name: 'Greiðslur' })).toBeVisible();
  await expect(next).toHaveCount(0);
});
