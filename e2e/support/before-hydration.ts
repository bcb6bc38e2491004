import type { Page } from '@playwright/test';

/**
 * Opens `path` with the page's scripts held back, so that a test can type, pick or choose as a PSU does on a
 * slow connection before the page has hydrated; `release` lets the scripts load.
 */
export async function openBeforeScripts(page: Page, path: string): Promise<{ release: () => Promise<void> }> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const pattern = '**/_next/static/**/*.js';
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  return {
    release: async () => {
      release();
      await page.unroute(pattern);
    },
  };
}
