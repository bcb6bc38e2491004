import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// The events page with the sandbox's banks (docs/going-live.md, "Webhooks and bills per bank"): the operator
// picks the bank of each subscription; each is made, verified and cancelled at its own bank, and the page
// names the bank of each subscription and of each event received. Webhooks spec part 3: verify activates a
// subscription when our callback answers its bank's test delivery, which only that bank's secret passes.

const tag = randomUUID().slice(0, 6);
const at = {
  nordur: { name: 'Norðurbankinn', description: `e2e nordur ${tag}` },
  default: { name: 'Sandkassabankinn', description: `e2e root ${tag}` },
} as const;

test.describe.configure({ mode: 'serial' });

function subscriptionOf(page: Page, bank: keyof typeof at) {
  return page.getByTestId('subscription').and(page.locator(`[data-description="${at[bank].description}"]`));
}

async function create(page: Page, bank: keyof typeof at) {
  const form = page.getByRole('region', { name: 'Create a subscription' });
  await form.getByLabel('Bank', { exact: true }).selectOption({ label: at[bank].name });
  await form.getByLabel('Description').fill(at[bank].description);
  await form.getByRole('radio', { name: 'Every claim event (Claim)' }).check();
  await form.getByRole('button', { name: 'Create subscription' }).click();
  await expect(form.getByTestId('signing-secret')).toHaveText(/^whsec_/);
  const subscription = subscriptionOf(page, bank);
  await expect(subscription).toHaveAttribute('data-bank-id', bank);
  await expect(subscription.getByTestId('subscription-bank')).toHaveText(`Bank: ${at[bank].name}`);
  return subscription;
}

test('the operator subscribes at two banks; each is verified at its own bank and shown with it', async ({
  page,
}) => {
  await page.goto('/en/events');
  const nordur = await create(page, 'nordur');
  const root = await create(page, 'default');

  await nordur.getByRole('button', { name: 'Verify' }).click();
  await expect(nordur.getByRole('status')).toContainText('delivery is now enabled', { timeout: 30_000 });
  await expect(nordur).toHaveAttribute('data-delivery-enabled', 'true');
  // Verifying at Norðurbankinn left the root bank's subscription as it was.
  await expect(root).toHaveAttribute('data-delivery-enabled', 'false');

  // Deleting asks first; dismissed, nothing is sent and the subscription stays.
  const actionsSent: string[] = [];
  page.on('request', (request) => {
    if (request.headers()['next-action']) actionsSent.push(request.url());
  });
  page.once('dialog', (dialog) => void dialog.dismiss());
  await root.getByRole('button', { name: 'Delete' }).click();

  // Norðurbankinn's test delivery is among the events received, under its bank.
  await page.reload();
  expect(actionsSent).toEqual([]);
  await expect(root).toHaveCount(1);
  const fromNordur = page.locator('[data-testid="received-events"] tr[data-bank-id="nordur"]');
  await expect(fromNordur.first()).toContainText('Norðurbankinn');
});

test.afterAll(async ({ browser }) => {
  // The banks allow five subscriptions per client: this spec's are cancelled again, each at its bank.
  const context = await browser.newContext({ storageState: process.env.E2E_SESSION_FILE });
  const page = await context.newPage();
  await page.goto('/en/events');
  for (const bank of ['nordur', 'default'] as const) {
    const subscription = subscriptionOf(page, bank);
    if ((await subscription.count()) > 0) {
      page.once('dialog', (dialog) => void dialog.accept());
      await subscription.getByRole('button', { name: 'Delete' }).click();
      await expect(subscription).toHaveCount(0);
    }
  }
  await context.close();
});
