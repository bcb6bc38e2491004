import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createTestDatabase, testDatabaseUrl } from '../tests/support/postgres';
import { expect, test } from './support/test';
import { transactionStatuses } from './support/timeline';

// `npm start` itself, on its own ports and data dir: a payment made before a restart is there,
// with its whole status history, after it; and its sign-up limit holds against a forged
// X-Forwarded-For.
// 200 above the run's own ports (E2E_APP_PORT, E2E_SANDBOX_PORT), so that runs on other ports keep apart.
const appPort = Number(process.env.E2E_APP_PORT ?? 3100) + 200;
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4110) + 200;
const appUrl = `http://localhost:${appPort}`;
// Inside the run's own dir (playwright.config.ts), which `npm test` removes after a pass that passed.
const dataDir = mkdtempSync(path.join(process.env.E2E_RUN_DIR ?? tmpdir(), 'restart-'));

/** Sign-ups an address may make in an hour, low here so that the limit is met in a few tries. */
const signUpsPerAddress = 2;

test.use({
  storageState: { cookies: [], origins: [] },
  consoleAllowed: [
    {
      pattern: new RegExp(
        `Failed to load resource: net::ERR_CONNECTION_(REFUSED|RESET) \\(http://localhost:${appPort}/`,
      ),
      reason: "the app is stopped on purpose while its page is open, and the page's prefetches find it gone",
    },
  ],
});
// A first `npm start` makes six databases: 16 s on an idle machine, over two minutes beside another test run
// (two starts in this test, and the other run's programs and browsers on the same cores).
test.setTimeout(600_000);

// On CI's PostgreSQL pass, both programs keep their data in databases there instead of DATA_DIR.
const databases = testDatabaseUrl()
  ? Promise.all([createTestDatabase('restart_app'), createTestDatabase('restart_sandbox')])
  : Promise.resolve([undefined, undefined]);

/** Each `npm start` still running: one left by a failed or timed-out test is ended after it. */
const running = new Set<ChildProcess>();
test.afterAll(() => {
  // Its own process group (`detached`): the bank and the app it started end with it.
  for (const child of running) if (child.pid) process.kill(-child.pid, 'SIGKILL');
});

async function npmStart(): Promise<{ child: ChildProcess; ready: Promise<void> }> {
  const [appDatabase, sandboxDatabase] = await databases;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: appDatabase ?? '',
      SANDBOX_DATABASE_URL: sandboxDatabase ?? '',
      PORT: String(appPort),
      SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: dataDir,
      APP_BASE_URL: appUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGN_UP_PER_IP_HOUR: String(signUpsPerAddress),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const ready = new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      // The programs' errors (log level 50 and over) reach this run's output, where a failure is read.
      for (const line of text.split('\n'))
        if (/"level":(5|6)\d/.test(line)) process.stderr.write(`[npm start] ${line}\n`);
      if (output.includes('Ctrl-C stops both')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`npm start exited early (${code}): ${output}`)));
  });
  return { child, ready };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGINT');
  return exited;
}

test('a restart of npm start loses no payment and no status; sign-ups are limited by the socket address', async ({
  page,
}) => {
  const first = await npmStart();
  await first.ready;
  let paymentUrl: string;
  let statuses: (string | null)[];
  try {
    await page.goto(`${appUrl}/en/sign-in`);
    await page.getByLabel('E-mail').fill('demo@greidsla.is');
    await page.getByLabel('Password').fill('greidsla-demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();

    await page.goto(`${appUrl}/en/payments/new/single`);
    await page.getByLabel('From account (IBAN)').fill('IS140159260076545510730339');
    await page.getByLabel('To account (IBAN)').fill('IS870301260012345101696399');
    await page.getByLabel('Amount').fill('777');
    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    await page.waitForURL(new RegExp(`127\\.0\\.0\\.1:${sandboxPort}/`));
    await page.locator('input[name="username"]').fill('jon');
    await page.locator('input[name="password"]').fill('sandbox');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
    const history = page.getByTestId('status-history').locator('li');
    await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', 'ACSC', {
      timeout: 20_000,
    });
    paymentUrl = page.url().replace(/\?.*$/, '');
    statuses = await history.evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
  } finally {
    // Ctrl-C stops both programs cleanly.
    expect(await stop(first.child)).toBe(0);
  }

  const second = await npmStart();
  await second.ready;
  try {
    await page.goto(paymentUrl);
    const history = page.getByTestId('status-history').locator('li');
    await expect(history).toHaveCount(statuses.length);
    expect(
      await history.evaluateAll((items) => items.map((item) => item.getAttribute('data-status'))),
    ).toEqual(statuses);
    await page.goto(`${appUrl}/en/payments`);
    await expect(page.locator(`tr[data-payment-id="${paymentUrl.split('/').pop()}"]`)).toBeVisible();

    await signUpsWithForgedAddresses(page);
  } finally {
    expect(await stop(second.child)).toBe(0);
  }
});

/**
 * A script that writes a new X-Forwarded-For on every sign-up still meets the limit per client address
 * (RATE_LIMIT_SIGN_UP_PER_IP_HOUR): with no trusted proxy, the socket's address is the one counted. The
 * account one over the limit is refused, in the page's language.
 */
async function signUpsWithForgedAddresses(page: Page) {
  const run = randomUUID().slice(0, 8);
  for (let attempt = 1; attempt <= signUpsPerAddress + 1; attempt++) {
    const forged = `203.0.113.${attempt}`;
    await page.context().clearCookies();
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': forged, 'X-Real-IP': forged });
    await page.goto(`${appUrl}/en/sign-up`);
    await page.getByLabel('E-mail').fill(`forged.${run}.${attempt}@example.is`);
    await page.getByLabel('Name').fill(`Forged ${attempt}`);
    await page.getByLabel('Password').fill('kaffi og kleinur á sunnudögum');
    await page.getByRole('button', { name: 'Create account' }).click();
    if (attempt <= signUpsPerAddress) {
      // Sign-up signs nobody in: it sends on to the sign-in page, saying a message is on its way.
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    } else {
      await expect(page.locator('main [role="alert"]')).toContainText('Too many attempts; try again in');
      await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    }
  }
  await page.setExtraHTTPHeaders({});
}
