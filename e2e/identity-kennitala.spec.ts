import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { newEmail, password, signInAtProvider, signUp } from './support/accounts';
import { callAction } from './support/actions';
import { createClaim } from './support/claims';
import { expect, test } from './support/test';

test.use({
  consoleAllowed: [
    {
      pattern:
        /Failed to load resource: the server responded with a status of 404 \(Not Found\) \(http:\/\/[^/]+\/en\/bills\/[^/]+\/pay\?/,
      reason:
        "a bill's pay page is opened on purpose by a PSU without the verified kennitala and answered 404, which Chromium logs",
    },
  ],
});

// A right that rests on a kennitala (bills, PSU-ID) needs the kennitala from an identity provider's
// verified claim; what anyone typed grants nothing, and one kennitala links to one account.
test.use({ storageState: { cookies: [], origins: [] } });

/** What readBillsAction answers this session, called as the bills page calls it (React encodes `undefined` so). */
const readBills = (page: Page) => callAction(page, 'readBillsAction', '$undefined', '/en/bills');

/** The status of a page opened by its address, as a script or a pasted link would open it. */
async function statusOf(page: Page, address: string): Promise<number | undefined> {
  return (await page.goto(address))?.status();
}

/** The account page's link of an electronic ID: asked for, then confirmed, then off to the provider. */
async function askToLink(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Verify with Icelandic electronic ID (test)' }).click();
  await expect(page.getByRole('heading', { name: 'Link an electronic ID to this account?' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, link my electronic ID' }).click();
}

test('a typed kennitala grants nothing; the electronic ID links one, and only one account gets it', async ({
  browser,
  request,
}) => {
  // A new bill of Jón's (the demo account's verified kennitala): his session finds it and may pay it.
  const reference = `KT-${randomUUID().slice(0, 6)}`;
  const dueDate = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const jonsClaim = await createClaim(request, { amount: 1200, dueDate, reference });
  const jon = await (await browser.newContext({ storageState: process.env.E2E_SESSION_FILE })).newPage();
  // His bills page reads it from the bank into the app; the page's own read then finds it there.
  await jon.goto('/en/bills');
  const bill = jon.locator(`[data-testid="bill"][data-reference="${reference}"]`);
  const payPage =
    (await bill.getByRole('link', { name: `Pay bill ${reference}` }).getAttribute('href')) ?? '';
  expect(await readBills(jon)).toContain(jonsClaim);
  expect(await statusOf(jon, payPage)).toBe(200);
  await expect(jon.getByRole('heading', { name: 'Pay a bill' })).toBeVisible();
  await jon.context().close();

  // A forger adds Jón's kennitala to the sign-up form: it is not read.
  const page = await signUp(browser, newEmail('forger'), { kennitala: '0101302989' });
  // Neither the bills page's own read nor the pay page shows the forger Jón's bill.
  const forgersRead = await readBills(page);
  expect(forgersRead).toContain('"ok":true');
  expect(forgersRead).not.toContain(jonsClaim);
  expect(await statusOf(page, payPage)).toBe(404);

  await page.goto('/en/bills');
  await expect(page.getByTestId('bills-need-kennitala')).toHaveText(
    'Bills are found by your kennitala, and only your electronic ID can confirm it: a kennitala that has only been typed in does not count. Verify yours on your account page.',
  );
  await expect(page.getByTestId('bill')).toHaveCount(0);
  await page.goto('/is/bills');
  // Bills are kröfur in Icelandic: "reikningar" are the PSU's accounts (messages/GLOSSARY.md).
  await expect(page.getByRole('heading', { name: 'Kröfur', level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Kröfur' })).toBeVisible();
  await expect(page.getByTestId('bills-need-kennitala')).toContainText(
    'aðeins rafræn skilríki geta staðfest hana',
  );

  await page.goto('/en/account');
  await expect(page.getByTestId('profile-kennitala')).toHaveText('Not verified');

  // Jón's kennitala belongs to the demo account: the electronic ID of Jón links it to no other.
  await askToLink(page);
  await signInAtProvider(page, '0101302989');
  await page.waitForURL(/\/account\?kennitala=kennitalaTaken$/);
  await expect(page.locator('main [role="alert"]')).toHaveText(
    'This kennitala is linked to another account. Sign in to that one with your electronic ID instead.',
  );
  await expect(page.getByTestId('profile-kennitala')).toHaveText('Not verified');

  // Sigríður's own electronic ID links hers, from the Icelandic page: the provider's page is in Icelandic
  // (the app's ui_locales), though her browser asks for English (Accept-Language).
  await page.goto('/is/account');
  await page.getByRole('link', { name: 'Staðfesta með Rafrænum skilríkjum (próf)' }).click();
  await expect(
    page.getByRole('heading', { name: 'Tengja rafræn skilríki við þennan aðgang?' }),
  ).toBeVisible();
  await expect(page.getByText(/^Næst skráir þú þig inn með Rafrænum skilríkjum \(próf\)\./)).toBeVisible();
  await page.getByRole('button', { name: 'Já, tengja rafrænu skilríkin mín' }).click();
  await page.waitForURL(/\/idp\/signin\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'is');
  await expect(page.getByRole('heading', { name: 'Innskráning með rafrænum skilríkjum' })).toBeVisible();
  await signInAtProvider(page, '1704952179');
  await page.waitForURL(/\/is\/account$/);
  await page.goto('/en/account');
  await expect(page.getByTestId('profile-kennitala')).toHaveText('170495-2179');
  await expect(page.getByText('Verified with electronic ID')).toBeVisible();
  await page.goto('/en/bills');
  await expect(page.getByTestId('bills-need-kennitala')).toHaveCount(0);
  await expect(page.getByText('You have no bills.')).toBeVisible();
  // A verified kennitala that is not Jón's reaches none of Jón's bills either.
  expect(await readBills(page)).not.toContain(jonsClaim);
  expect(await statusOf(page, payPage)).toBe(404);
  await page.context().close();
});

test('signing in with the electronic ID reaches the account linked to that kennitala, and its bills', async ({
  page,
}) => {
  // In Icelandic the name is declined after "með" (OIDC_NAME_DATIVE, lib/auth/oidc.ts).
  await page.goto('/is/sign-in');
  await expect(page.getByRole('button', { name: 'Skrá inn með Rafrænum skilríkjum (próf)' })).toBeVisible();
  await page.goto('/en/sign-in');
  await page.getByRole('button', { name: 'Sign in with Icelandic electronic ID (test)' }).click();
  await signInAtProvider(page, '0101302989');
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await page.goto('/en/account');
  await expect(page.getByText('demo@greidsla.is')).toBeVisible();
  await page.goto('/en/bills');
  await expect(page.getByTestId('bill').first()).toBeVisible();
});

test('over an open session, the sign-in page offers to sign out first, and an electronic-ID sign-in links nothing to it', async ({
  browser,
}) => {
  const email = newEmail('open-session');
  const page = await signUp(browser, email);
  await page.goto('/en/sign-in');
  await expect(page.getByTestId('signed-in-already')).toContainText(
    'This browser is already signed in as Próf Prófsdóttir',
  );
  await expect(page.getByRole('button', { name: 'Sign in with Icelandic electronic ID (test)' })).toHaveCount(
    0,
  );
  await page.goto('/is/sign-in');
  await expect(page.getByTestId('signed-in-already')).toContainText('skráðu þig fyrst út');

  // A script sends this browser to the provider all the same: Gunnar's electronic ID signs Gunnar in,
  // ends the session that was open, and links nothing to its account.
  const csrf = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const started = await page.request.post('/api/auth/signin/eid', {
    form: { csrfToken: csrf.csrfToken, callbackUrl: '/en/account' },
    maxRedirects: 0,
  });
  await page.goto(started.headers().location ?? '');
  await signInAtProvider(page, '3108962099');
  await page.waitForURL(/\/en\/account$/);
  await expect(page.getByTestId('profile-kennitala')).toHaveText('310896-2099');
  await expect(page.getByText(email)).toHaveCount(0);
  await page.context().close();

  const owner = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  await owner.goto('/en/sign-in');
  await owner.getByLabel('E-mail').fill(email);
  await owner.getByLabel('Password').fill(password);
  await owner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(owner.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await owner.goto('/en/account');
  await expect(owner.getByTestId('profile-kennitala')).toHaveText('Not verified');
  await owner.context().close();
});
