import type { Page } from '@playwright/test';
import { callAction } from './support/actions';
import { signInAs } from './support/payments';
import { expect, test } from './support/test';

test.use({
  consoleAllowed: [
    {
      pattern:
        /Failed to load resource: the server responded with a status of 404 \(Not Found\) \(http:\/\/[^/]+\/en\/events\)/,
      reason:
        'the events page is opened on purpose by a PSU who is no operator and answered 404, which Chromium logs',
    },
  ],
});

// Webhooks spec part 4: a subscription's eventTypes can be changed (PUT). The events page offers it to
// operators; the action refuses anyone else, however it is called.

const description = `Event types ${Date.now()}`;

const subscription = (page: Page) =>
  page.locator(`[data-testid="subscription"][data-description="${description}"]`);

test('the operator changes a subscription’s event types; a PSU who is no operator is refused', async ({
  page,
  browser,
}) => {
  await page.goto('/en/events');
  await page.getByLabel('Description').fill(description);
  await page.getByRole('radio', { name: 'Every claim event (Claim)' }).check();
  await page.getByRole('button', { name: 'Create subscription' }).click();
  await expect(page.getByTestId('signing-secret')).toHaveText(/^whsec_/);
  const ours = subscription(page);
  await expect(ours.locator('dd').nth(2)).toHaveText('Every claim event (Claim)');
  const subscriptionId = (await ours.getAttribute('data-subscription-id')) ?? '';

  // Anna is no operator: the events page is not hers, and the action, posted to it from her session
  // on our own origin, is refused before it reads anything.
  const anna = await signInAs(browser, 'anna@greidsla.is');
  expect((await anna.goto('/en/events'))?.status()).toBe(404);
  expect(
    await callAction(
      anna,
      'updateSubscriptionAction',
      { subscriptionId, eventTypes: ['claim.paid'] },
      '/en/events',
    ),
  ).toContain('events.failure.notOperator');
  await anna.context().close();
  await page.reload();
  await expect(ours.locator('dd').nth(2)).toHaveText('Every claim event (Claim)');

  // The operator changes them: the bank's echo is what the page then lists.
  const form = ours.getByRole('form', { name: `Event types of the subscription “${description}”` });
  await form.getByRole('checkbox', { name: 'Every claim event (Claim)' }).uncheck();
  await form.getByRole('checkbox', { name: 'Claims paid only (claim.paid)' }).check();
  await form.getByRole('button', { name: 'Change event types' }).click();
  await expect(form.getByRole('status')).toHaveText('The bank now delivers: Claims paid only (claim.paid).');
  await page.reload();
  await expect(ours.locator('dd').nth(2)).toHaveText('Claims paid only (claim.paid)');
  // In Icelandic, the same types in Icelandic words.
  await page.goto('/is/events');
  await expect(ours.locator('dd').nth(2)).toHaveText('Aðeins greiddar kröfur (claim.paid)');
  await page.goto('/en/events');

  // None chosen: said here, nothing sent.
  await form.getByRole('checkbox', { name: 'Claims paid only (claim.paid)' }).uncheck();
  await form.getByRole('button', { name: 'Change event types' }).click();
  await expect(form.getByRole('alert')).toHaveText('Choose at least one event type.');
});
