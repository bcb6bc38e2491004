import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// Guessing a PSU's password is throttled: after 5 failures in 15 minutes, even the right password is
// refused, with a message that says how long to wait, in is and en.
test.use({ storageState: { cookies: [], origins: [] } });

async function attempt(page: Page, locale: 'en' | 'is', email: string, password: string) {
  await page.goto(`/${locale}/sign-in`);
  await page.getByLabel(locale === 'en' ? 'E-mail' : 'Netfang').fill(email);
  await page.getByLabel(locale === 'en' ? 'Password' : 'Lykilorð').fill(password);
  await page.getByRole('button', { name: locale === 'en' ? 'Sign in' : 'Skrá inn', exact: true }).click();
}

test('sign-in brute force is throttled, a right password included, with an is/en message', async ({
  page,
}) => {
  // A PSU of this test's own, so the demo PSUs of the other specs stay usable.
  const email = `throttle.${randomUUID().slice(0, 8)}@example.is`;
  const password = 'rétta lykilorðið er langt';
  await page.goto('/en/sign-up');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Name').fill('Þröstur Próf');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  for (let i = 1; i <= 5; i++) {
    await attempt(page, 'en', email, `wrong guess number ${i}`);
    await expect(page.locator('main [role="alert"]')).toHaveText(
      'The e-mail or password is wrong. Check both and try again.',
    );
  }
  await attempt(page, 'en', email, password);
  await expect(page.locator('main [role="alert"]')).toHaveText(
    /^Too many attempts; try again in 1[45] minutes\.$/,
  );
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await attempt(page, 'is', email, password);
  await expect(page.locator('main [role="alert"]')).toHaveText(
    /^Of margar tilraunir; reyndu aftur eftir 1[45] mínútur\.$/,
  );

  // next-auth's own callback route is throttled too: it does not hand out a session. Sent from the
  // page, so that it comes from the browser's own address (the failures count per e-mail and address).
  const direct = await page.evaluate(
    async (form) => {
      const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
      const answer = await fetch('/api/auth/callback/credentials', {
        method: 'POST',
        body: new URLSearchParams({ ...form, csrfToken, callbackUrl: '/en/payments' }),
      });
      const session = (await (await fetch('/api/auth/session')).json()) as { user?: unknown } | null;
      return { landed: answer.url, user: session?.user };
    },
    { email, password },
  );
  expect(direct.landed).toContain('code=throttled');
  expect(direct.user).toBeUndefined();

  // Another PSU signing in from the same address is not locked out by this one's window.
  await attempt(page, 'en', 'anna@greidsla.is', 'greidsla-demo');
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
});

test('a returnTo with a letter above U+00FF signs in and lands on that page, not on an error page', async ({
  page,
}) => {
  await page.goto(`/en/sign-in?returnTo=${encodeURIComponent('/en/payments?q=Ǽ')}`);
  await page.getByLabel('E-mail').fill('anna@greidsla.is');
  await page.getByLabel('Password').fill('greidsla-demo');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/payments\?q=%C7%BC$/);
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
});
