import {
  type Browser,
  type BrowserContext,
  test as base,
  type ConsoleMessage,
  expect,
  type Page,
} from '@playwright/test';

/**
 * The `test` of every browser spec (tests/lint/e2e-console.test.ts checks they take it from here): a page that
 * throws, logs an error to the console or warns of a hydration mismatch fails the test it happens in, at the
 * test's end, with every such line named. A page should be quiet: an error in the console is a fault the PSU
 * may meet without seeing it (a control that stops working, a page that React drew twice).
 *
 * Every page is watched: those of the test's own context and of any context it opens (`browser.newContext`,
 * as `signUp` and `signInAs` do), on the app's origin and the sandbox bank's. A context the test opened is
 * closed once the test is over, as Playwright closes the test's own: left open, its pages would go on running
 * beside the worker's next tests (a payment's page polling our server for the rest of the run).
 *
 * What a test expects on purpose (a refused request in a negative test) it allows with `test.use({
 * consoleAllowed: [...] })`, each entry with its reason; `expectedEverywhere` holds what every test may meet.
 */
export interface AllowedConsoleLine {
  /** Matched against the line as reported: `console.error: <text>` or `pageerror: <message>`. */
  pattern: RegExp;
  reason: string;
}

/** What any test may meet, each for a reason that holds for every spec. */
const expectedEverywhere: readonly AllowedConsoleLine[] = [];

/** A warning fails a test only when it is React's word that the server's HTML and the browser's differ. */
const hydrationWarning = /hydrat|did not match|server rendered html|text content does not match/i;

export const test = base.extend<{ consoleAllowed: AllowedConsoleLine[]; consoleGuard: undefined }>({
  consoleAllowed: [[], { option: true }],
  consoleGuard: [
    async ({ context, browser, consoleAllowed }, use, testInfo) => {
      const lines: string[] = [];
      const allowed = [...expectedEverywhere, ...consoleAllowed];
      const report = (line: string) => {
        if (!allowed.some(({ pattern }) => pattern.test(line))) lines.push(line);
      };
      const watchPage = (page: Page) => {
        page.on('pageerror', (error) => report(`pageerror: ${error.message} (${page.url()})`));
        page.on('console', (message: ConsoleMessage) => {
          const type = message.type();
          const text = message.text();
          if (type === 'error' || (type === 'warning' && hydrationWarning.test(text))) {
            const where = message.location().url || page.url();
            report(`console.${type}: ${text} (${where})`);
          }
        });
      };
      const watchContext = (watched: BrowserContext) => {
        for (const page of watched.pages()) watchPage(page);
        watched.on('page', watchPage);
      };
      watchContext(context);
      // Contexts the test opens itself.
      const opened: BrowserContext[] = [];
      const newContext = browser.newContext.bind(browser);
      // An own property over the class's method, removed again once the test is over.
      const patched = browser as Browser & { newContext: Browser['newContext'] };
      patched.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const made = await newContext(...args);
        opened.push(made);
        watchContext(made);
        return made;
      };
      try {
        await use(undefined);
      } finally {
        Reflect.deleteProperty(patched, 'newContext');
        // What the pages said while the test ran; not what a page being closed may say as it goes.
        const said = lines.length;
        await Promise.all(opened.map((made) => made.close().catch(() => undefined)));
        lines.length = said;
      }
      // A test that failed already says why; these lines then go with it as an attachment.
      if (lines.length === 0) return;
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('console', { body: lines.join('\n'), contentType: 'text/plain' });
        return;
      }
      throw new Error(
        `The page logged ${lines.length === 1 ? 'an error' : `${lines.length} errors`} (e2e/support/test.ts):\n${lines.join('\n')}`,
      );
    },
    { auto: true },
  ],
});

export { expect };
