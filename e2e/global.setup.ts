import { expect, test as setup } from './support/test';

// Signs the demo PSU in once; the other specs start from this session.
setup('sign in as the demo PSU', async ({ page }) => {
  await page.goto('/en/sign-in');
  await page.getByLabel('E-mail').fill('demo@greidsla.is');
  await page.getByLabel('Password').fill('greidsla-demo');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await page.context().storageState({ path: process.env.E2E_SESSION_FILE });
});
