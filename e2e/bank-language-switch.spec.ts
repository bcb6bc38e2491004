import type { Page } from '@playwright/test';
import { creditorIban } from './forms-helpers';
import { seriousViolations } from './support/axe';
import { sandboxUrl } from './support/bank';
import { sendSinglePayment } from './support/payments';
import { expect, test } from './support/test';

// The recipient's IBAN as the bank's page shows it, in groups of four.
const creditorInGroups = creditorIban.replace(/(.{4})(?=.)/g, '$1 ');

// The bank's own pages switch between Icelandic and English and keep the PSU's place: the SCA pages of a
// payment (sign-in, review) and the electronic-ID sign-in. Used with the keyboard only, as a PSU without a
// mouse would.

/** Presses Enter on a control reached by its role and name. */
async function activate(page: Page, role: 'button' | 'link', name: string) {
  await page.getByRole(role, { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

test('the SCA pages switch language at sign-in and at review, keep the payment, and approve works', async ({
  page,
}) => {
  await sendSinglePayment(page, { amount: '12,500', remittance: 'Tungumál' });

  // Sign-in in English (the form's choice, sent as PSU-Accept-Language); to Icelandic with the user ID typed.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByLabel('User ID').fill('jon');
  await page.getByLabel('Password').fill('sandbox');
  await activate(page, 'button', 'Íslenska');
  await expect(page.locator('html')).toHaveAttribute('lang', 'is');
  await expect(page.getByLabel('Notandanafn')).toHaveValue('jon');
  await expect(page.getByLabel('Lykilorð')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Lykilorð').fill('sandbox');
  await page.getByLabel('Lykilorð').press('Enter');

  // Review in Icelandic, then the same payment in English.
  await expect(page.getByRole('heading', { name: 'Staðfesta greiðslu' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'is');
  await expect(page.getByText('12.500\u00a0kr.')).toBeVisible();
  await expect(page.getByText(creditorInGroups)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await activate(page, 'link', 'English');
  await expect(page.getByRole('heading', { name: 'Confirm payment' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByText('ISK\u00a012,500')).toBeVisible();
  await expect(page.getByText(creditorInGroups)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Language' }).getByRole('link')).toHaveAttribute(
    'hreflang',
    'is',
  );
  expect(await seriousViolations(page)).toEqual([]);

  await activate(page, 'button', 'Approve');
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  // Confirmed, accepted, or already debited: on a busy machine the bank may move on before the page reads it.
  await expect(
    page.getByRole('status').filter({
      hasText:
        /The payment is confirmed|Your bank has accepted the payment|Your bank has debited the payment/,
    }),
  ).toBeVisible();
});

test('the electronic-ID sign-in switches language with the kennitala kept, then signs in', async ({
  page,
  baseURL,
}) => {
  // The sandbox's default client of its identity provider: the app at APP_BASE_URL (playwright.config.ts).
  const callback = `${baseURL}/api/auth/callback/eid`;
  const authorize = new URL(`${sandboxUrl}/idp/authorize`);
  for (const [name, value] of Object.entries({
    client_id: 'greidsla',
    redirect_uri: callback,
    response_type: 'code',
    scope: 'openid profile email',
    state: 'language-switch-state',
    nonce: 'language-switch-nonce',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    ui_locales: 'is',
  })) {
    authorize.searchParams.set(name, value);
  }
  await page.goto(authorize.toString());
  await expect(page.locator('html')).toHaveAttribute('lang', 'is');
  await expect(page.getByRole('heading', { name: 'Innskráning með rafrænum skilríkjum' })).toBeVisible();
  await page.getByLabel('Kennitala').fill('010130-2989');
  await page.getByLabel('PIN-númer').fill('1234');
  await activate(page, 'button', 'English');

  await expect(page.getByRole('heading', { name: 'Sign in with electronic ID' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByLabel('Kennitala')).toHaveValue('010130-2989');
  await expect(page.getByLabel('PIN')).toHaveValue('');
  expect(await seriousViolations(page)).toEqual([]);
  // The answer goes to the app, whose side of the sign-in is not under test here: the form is sent as the
  // browser would send it, and the redirect read instead of followed.
  const action = await page.locator('form#sign-in').getAttribute('action');
  const csrf = await page.locator('form#sign-in input[name="csrf"]').inputValue();
  const signedIn = await page.request.post(new URL(action ?? '', page.url()).toString(), {
    form: { lang: 'en', csrf, kennitala: '010130-2989', pin: '1234', action: 'signIn' },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(303);
  const back = new URL(signedIn.headers().location ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(callback);
  expect(back.searchParams.get('state')).toBe('language-switch-state');
  expect(back.searchParams.get('iss')).toBe(`${sandboxUrl}/idp`);
  expect(back.searchParams.get('code')).toBeTruthy();
});
