import { expect, test } from '@playwright/test';
import { newEmail, signInAtProvider, signUp } from './support/accounts';

// A right that rests on a kennitala (bills, PSU-ID) needs the kennitala from an identity provider's
// verified claim; what anyone typed grants nothing, and one kennitala links to one account.
test.use({ storageState: { cookies: [], origins: [] } });

test('a typed kennitala grants nothing; the electronic ID links one, and only one account gets it', async ({
  browser,
}) => {
  // A forger adds Jón's kennitala to the sign-up form: it is not read.
  const page = await signUp(browser, newEmail('forger'), { kennitala: '0101302989' });

  await page.goto('/en/bills');
  await expect(page.getByTestId('bills-need-kennitala')).toHaveText(
    'Bills are found by your kennitala, and only your electronic ID can confirm it: a kennitala that is only typed grants nothing. Verify yours on your account page.',
  );
  await expect(page.getByTestId('bill')).toHaveCount(0);
  await page.goto('/is/bills');
  await expect(page.getByTestId('bills-need-kennitala')).toContainText(
    'aðeins rafræn skilríki geta staðfest hana',
  );

  await page.goto('/en/account');
  await expect(page.getByTestId('profile-kennitala')).toHaveText('Not verified');

  // Jón's kennitala belongs to the demo account: the electronic ID of Jón links it to no other.
  await page.getByRole('button', { name: 'Verify with Rafræn skilríki (próf)' }).click();
  await signInAtProvider(page, '0101302989');
  await page.waitForURL(/\/account\?kennitala=kennitalaTaken$/);
  await expect(page.locator('main [role="alert"]')).toHaveText(
    'This kennitala is linked to another account. Sign in to that one with your electronic ID instead.',
  );
  await expect(page.getByTestId('profile-kennitala')).toHaveText('Not verified');

  // Sigríður's own electronic ID links hers.
  await page.getByRole('button', { name: 'Verify with Rafræn skilríki (próf)' }).click();
  await signInAtProvider(page, '1704952179');
  await page.waitForURL(/\/en\/account$/);
  await expect(page.getByTestId('profile-kennitala')).toHaveText('170495-2179');
  await expect(page.getByText('Verified with electronic ID')).toBeVisible();
  await page.goto('/en/bills');
  await expect(page.getByTestId('bills-need-kennitala')).toHaveCount(0);
  await expect(page.getByText('You have no bills.')).toBeVisible();
  await page.context().close();
});

test('signing in with the electronic ID reaches the account linked to that kennitala, and its bills', async ({
  page,
}) => {
  await page.goto('/en/sign-in');
  await page.getByRole('button', { name: 'Sign in with Rafræn skilríki (próf)' }).click();
  await signInAtProvider(page, '0101302989');
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await page.goto('/en/account');
  await expect(page.getByText('demo@greidsla.is')).toBeVisible();
  await page.goto('/en/bills');
  await expect(page.getByTestId('bill').first()).toBeVisible();
});
