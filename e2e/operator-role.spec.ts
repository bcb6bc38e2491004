import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { signUp, verificationLink } from './support/accounts';
import { callAction } from './support/actions';
import { expect, test } from './support/test';

test.use({
  consoleAllowed: [
    {
      pattern:
        /Failed to load resource: the server responded with a status of 404 \(Not Found\) \(http:\/\/[^/]+\/en\/events\)/,
      reason:
        'the events page is opened on purpose by a PSU who is no operator (yet) and answered 404, which Chromium logs',
    },
  ],
});

// OPERATOR_EMAILS lists ops@greidsla.is (playwright.config.ts), which has no account: whoever
// registers it gets nothing until the address is verified by its link, in the account's own session.
test.use({ storageState: { cookies: [], origins: [] } });

/**
 * The events page's actions called straight, as a script would: creating with an event type the bank
 * does not offer, and deleting an unknown subscription, so that nothing changes at the bank even were
 * the role not checked; the answer says which check stopped the call (creating's by its message key,
 * deleting's, a form's action that answers in words, by those words).
 */
const createSubscription = (page: Page) =>
  callAction(page, 'createSubscriptionAction', { bankId: 'sandbox', eventType: 'none' }, '/en/events');
const deleteSubscription = (page: Page) =>
  callAction(page, 'deleteSubscriptionAction', { subscriptionId: randomUUID() }, '/en/events');

test('registering a listed operator address grants nothing until the address is verified', async ({
  browser,
}) => {
  const ops = await signUp(browser, 'ops@greidsla.is');
  await expect(ops.getByRole('link', { name: 'Events' })).toHaveCount(0);
  expect((await ops.goto('/en/events'))?.status()).toBe(404);
  await ops.goto('/en/account');
  await expect(ops.getByTestId('email-status')).toContainText('Not confirmed yet');
  // Its session cannot create or delete webhook subscriptions either.
  expect(await createSubscription(ops)).toContain('events.failure.notOperator');
  // A form's action, called with no form: refused in the words of the default language.
  expect(await deleteSubscription(ops)).toContain('Aðeins umsjónarmenn mega sýsla með áskriftir.');

  // The link was sent; opened by someone else, signed in as another PSU, it verifies nothing.
  const link = await verificationLink('ops@greidsla.is');
  const other = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  await other.goto(link);
  await expect(other).toHaveURL(/\/sign-in\?returnTo=/);
  await other.getByLabel('E-mail').fill('anna@greidsla.is');
  await other.getByLabel('Password').fill('greidsla-demo');
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await other.getByRole('button', { name: 'Confirm' }).click();
  await expect(other.locator('main [role="alert"]')).toContainText(
    'This link cannot confirm an address for this account',
  );
  await other.context().close();
  expect((await ops.goto('/en/events'))?.status()).toBe(404);

  // Its owner opens it, signed in, and confirms: the address is verified, and the role follows.
  await ops.goto(link);
  await expect(ops.getByText('Confirm ops@greidsla.is as the address of this account.')).toBeVisible();
  await ops.getByRole('button', { name: 'Confirm' }).click();
  await expect(ops.locator('main [role="status"]')).toHaveText('Your e-mail address is confirmed.');
  // Done once: nothing left to press.
  await expect(ops.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  expect((await ops.goto('/en/events'))?.status()).toBe(200);
  await expect(ops.getByRole('link', { name: 'Events' })).toBeVisible();
  // The same call now passes the role check and stops at the event type.
  expect(await createSubscription(ops)).toContain('events.failure.invalidInput');
  await ops.context().close();
});
