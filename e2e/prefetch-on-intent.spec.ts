import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// A page prefetches only where the PSU is about to go: none of the menu's and history's links as the page
// loads (each would be a server render nobody asked for), the one under the pointer when it gets there.

/** The paths the page has asked the app to prefetch so far. */
function prefetchesOf(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const headers = request.headers();
    if (headers['next-router-prefetch'] || headers['next-router-segment-prefetch']) {
      paths.push(new URL(request.url()).pathname);
    }
  });
  return paths;
}

test('the history page prefetches nothing as it loads, and the link the pointer rests on', async ({
  page,
}) => {
  const prefetched = prefetchesOf(page);
  await page.goto('/en/payments');
  const bills = page.getByRole('navigation').getByRole('link', { name: 'Bills', exact: true });
  await expect(bills).toBeVisible();
  // Next prefetches a link once it is in view and the browser is idle: give it that time.
  await page.waitForLoadState('networkidle');
  expect(prefetched).toEqual([]);

  await bills.hover();
  await expect.poll(() => prefetched).toContain('/en/bills');
  expect(new Set(prefetched)).toEqual(new Set(['/en/bills']));
});
