import type { Page } from '@playwright/test';

/**
 * Opens `path` with the page's scripts held back, so that a test can type, pick or choose as a PSU does on a
 * slow connection before the page has hydrated; `release` lets them load (and every script after them, at
 * once: the route stays, holding nothing).
 */
export async function openBeforeScripts(page: Page, path: string): Promise<{ release: () => void }> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_next/static/**/*.js', async (route) => {
    await held;
    // A script asked for twice while held (a preload and its script tag) is answered once: the other is
    // already handled by the time it goes on.
    await route.continue().catch(() => {});
  });
  await page.goto(path, { waitUntil: 'commit' });
  return { release };
}
