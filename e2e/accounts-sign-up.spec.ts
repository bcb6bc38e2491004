import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { mailTo } from '../tests/support/mailbox';
import { mailboxDir, newEmail, password, verificationLink } from './support/accounts';
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
  await expect(page.getByRole('status')).toHaveText(
    'We have sent a message to the address you gave. If the account is new, the link in the message confirms your address, and you can sign in below with the password you have just chosen.',
  );
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('kaffi og kleinur á sunnudögum');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  // What to do next: confirm the address, with a new link a press away; without SMTP_URL, where the mail is.
  const next = page.getByRole('complementary', { name: 'Confirm your e-mail address' });
  await expect(next).toContainText(`We sent a link to ${email}.`);
  await expect(next).toContainText(/the message is an \.eml file in the folder .*mailbox/);
  await next.getByRole('button', { name: 'Send a new link' }).click();
  await expect(next.getByRole('status')).toHaveText('A new link is on its way. It is valid for 24 hours.');

  await page.getByRole('link', { name: 'Your account' }).click();
  // The account page says it itself.
  await expect(next).toHaveCount(0);
  await expect(page.getByTestId('profile-kennitala')).toHaveText('Not verified');
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
  // The header stays from page to page: on another page the notice is back, and off again on the account page.
  await page.getByRole('navigation').getByRole('link', { name: 'Payments', exact: true }).click();
  await expect(next).toBeVisible();
  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(next).toHaveCount(0);

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

test('sign-up answers alike for an address that has an account, and mails its owner instead', async ({
  page,
}) => {
  const known = newEmail('known');
  await signUp(page, known);
  await page.context().clearCookies();
  await signUp(page, known, 'Önnur Manneskja');
  // The very answer a new address gets: nothing says the account exists.
  await expect(page.getByRole('heading', { name: 'Innskráning' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'Við höfum sent skilaboð á netfangið sem þú gafst upp. Ef aðgangurinn er nýr staðfestir hlekkurinn í þeim netfangið og þú getur skráð þig inn hér fyrir neðan með lykilorðinu sem þú valdir.',
  );
  await expect(page.locator('main [role="alert"]')).toHaveCount(0);
  // Its owner reads why in the mail: someone tried, and how to sign in.
  await expect
    .poll(() => mailTo(mailboxDir, known).map((message) => message.subject))
    .toEqual([
      'Staðfestu netfangið þitt hjá Greiðslu',
      'Reynt var að stofna aðgang með netfanginu þínu hjá Greiðslu',
    ]);
  expect(mailTo(mailboxDir, known).at(-1)?.text).toContain('Enginn nýr aðgangur var stofnaður');
});

async function signUp(page: Page, email: string, name = 'Fyrsta Manneskja') {
  await page.goto('/is/sign-up');
  await page.getByLabel('Netfang').fill(email);
  await page.getByLabel('Nafn').fill(name);
  await page.getByLabel('Lykilorð').fill('kaffi og kleinur á sunnudögum');
  await page.getByRole('button', { name: 'Stofna aðgang' }).click();
  await expect(page).toHaveURL(/\/is\/sign-in\?signedUp=1$/);
}

test('a new PSU is told in Icelandic to confirm the address, until they do', async ({ page }) => {
  const email = newEmail('sigga');
  await page.goto('/is/sign-up');
  await page.getByLabel('Netfang').fill(email);
  await page.getByLabel('Nafn').fill('Sigríður Prófa');
  // A password the rules refuse: the answer, worded on the server, is in Icelandic, and what was typed stays.
  await page.getByLabel('Lykilorð').fill(`${email.split('@')[0]} og meira`);
  await page.getByRole('button', { name: 'Stofna aðgang' }).click();
  await expect(page.locator('main [role="alert"]')).toHaveText(
    'Breyta þarf sumum reitum. Sjáðu skilaboðin við þá.',
  );
  await expect(page.getByLabel('Lykilorð')).toHaveAccessibleDescription(
    'Lykilorð þarf að: vera án þess hluta netfangsins sem er á undan @.',
  );
  await expect(page.getByLabel('Netfang')).toHaveValue(email);
  await expect(page.getByLabel('Nafn')).toHaveValue('Sigríður Prófa');
  await page.getByLabel('Lykilorð').fill(password);
  await page.getByRole('button', { name: 'Stofna aðgang' }).click();
  await expect(page).toHaveURL(/\/is\/sign-in\?signedUp=1$/);
  await expect(page.locator('main [role="status"]')).toContainText('Við höfum sent skilaboð');
  // A wrong password: the refusal, and what to do, in place of the notice of the message sent.
  await page.getByLabel('Netfang').fill(email);
  await page.getByLabel('Lykilorð').fill(`${password} rangt`);
  await page.getByRole('button', { name: 'Skrá inn', exact: true }).click();
  await expect(page.locator('main [role="alert"]')).toHaveText(
    'Netfang eða lykilorð er rangt. Athugaðu hvort tveggja og reyndu aftur.',
  );
  await expect(page.getByText('Við höfum sent skilaboð')).toHaveCount(0);
  await page.getByLabel('Lykilorð').fill(password);
  await page.getByRole('button', { name: 'Skrá inn', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Greiðslur' })).toBeVisible();
  const next = page.getByRole('complementary', { name: 'Staðfestu netfangið þitt' });
  await expect(next).toContainText(`Við sendum hlekk á ${email}.`);
  await expect(next).toContainText(/bréfið er \.eml-skrá í möppunni .*mailbox/);
  await next.getByRole('button', { name: 'Senda nýjan hlekk' }).click();
  await expect(next.getByRole('status')).toHaveText('Nýr hlekkur er á leiðinni. Hann gildir í sólarhring.');

  await page.goto(await verificationLink(email));
  await page.getByRole('button', { name: 'Staðfesta' }).click();
  await expect(page.getByRole('status')).toHaveText('Netfangið þitt er staðfest.');
  await page.goto('/is/payments');
  await expect(page.getByRole('heading', { name: 'Greiðslur' })).toBeVisible();
  await expect(next).toHaveCount(0);
});
