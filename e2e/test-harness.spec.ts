import type { BrowserContext } from '@playwright/test';
import { expect, test } from './support/test';

// The `test` of every spec (e2e/support/test.ts) closes the contexts a test opened once it is over, so that no
// page of one test (a payment's page polling the app) runs on beside the next tests of its worker.
test.describe.configure({ mode: 'serial' });

let opened: BrowserContext | undefined;

test('a test opens a context of its own and leaves it open', async ({ browser }) => {
  opened = await browser.newContext();
  const page = await opened.newPage();
  await page.setContent('<p>left open</p>');
  expect(opened.pages()).toHaveLength(1);
});

test('the next test finds it closed', async () => {
  expect(opened).toBeDefined();
  expect(opened?.pages()).toHaveLength(0);
  await expect(opened?.newPage() ?? Promise.resolve()).rejects.toThrow(/closed/);
});
