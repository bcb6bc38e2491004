import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from '@playwright/test';
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

/**
 * The browser of the specs (playwright.config.ts), met with two sites on loopback as the app's (localhost) and
 * the bank's (127.0.0.1) are: a page of one framing a page of the other, from one small server of the test's own.
 */
test.describe('the browser the specs run in', () => {
  let server: Server;
  let port: number;
  test.beforeAll(async () => {
    server = createServer((request, response) => {
      const framing = request.url === '/framing';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        framing
          ? `<!doctype html><title>framing</title><iframe src="http://127.0.0.1:${port}/"></iframe>`
          : '<!doctype html><title>framed</title>',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function framedPage(context: BrowserContext) {
    const page = await context.newPage();
    await page.goto(`http://localhost:${port}/framing`);
    const frame = page.frames().find((candidate) => candidate.url() === `http://127.0.0.1:${port}/`);
    if (!frame) throw new Error('the framed page is missing');
    await frame.waitForLoadState();
    return frame;
  }

  /** What a framed site finds of the storage it filled on its own: the value, none, or refused (`denied`). */
  async function storageSeenFramed(browser: Browser): Promise<string | null> {
    const context = await browser.newContext();
    const own = await context.newPage();
    await own.goto(`http://127.0.0.1:${port}/`);
    await own.evaluate(() => localStorage.setItem('harness', 'stored at the top'));
    const framed = await framedPage(context);
    return framed.evaluate(() => {
      try {
        return localStorage.getItem('harness');
      } catch {
        return 'denied';
      }
    });
  }

  test("keeps the features Playwright turns off: storage as in the same Chromium with Playwright's switches alone", async ({
    browser,
    playwright,
    launchOptions,
  }) => {
    // Third-party storage partitioning is one of them. A `--disable-features` of the config's own turned it
    // on again (Chromium keeps the last such switch alone): the framed site found its storage empty. The
    // config's switches go to every launch of the worker unless `args` replaces them.
    const plain = await playwright.chromium.launch({
      executablePath: launchOptions.executablePath,
      args: [],
    });
    try {
      expect(await storageSeenFramed(browser)).toBe(await storageSeenFramed(plain));
    } finally {
      await plain.close();
    }
  });

  test("draws a framed site in the framing page's renderer: no site isolation", async ({ browser }) => {
    const context = await browser.newContext();
    await framedPage(context);
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    await session.detach();
    // A site isolated in a renderer of its own is a target of its own, of type `iframe`.
    expect(targetInfos.filter(({ type }) => type === 'iframe')).toEqual([]);
    expect(targetInfos.filter(({ type }) => type === 'page').length).toBeGreaterThan(0);
  });
});
