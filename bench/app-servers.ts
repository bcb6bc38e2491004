// The built app (scripts/app-server.mjs, as `npm start` runs it) and the sandbox bank for the page benchmarks, on their own ports and
// temp data dirs, as the end-to-end tests run them. BENCH_APP_URL (with BENCH_SANDBOX_URL) points at
// ones already running instead.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';

export const root = path.resolve(import.meta.dirname, '..');
/** The build dir, as next.config.js names it: a second build (NEXT_DIST_DIR) is measured alike. */
export const distDir = process.env.NEXT_DIST_DIR || '.next';
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumFlags = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface AppServers {
  appUrl: string;
  /** The directory whose .next the app serves. */
  appRoot: string;
  sandboxUrl: string;
  stop(): Promise<void>;
}

async function waitFor(url: string, name: string, child?: ChildProcess): Promise<void> {
  for (let i = 0; i < 480; i++) {
    if (child && child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not come up at ${url}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * A private copy of the current build (without its cache) and what the server reads beside it, so
 * that a rebuild in the working tree while a benchmark runs does not pull the files from under the
 * server. node_modules is linked, not copied.
 */
export async function snapshotBuild(into: string): Promise<string> {
  const dir = path.join(into, 'app-root');
  mkdirSync(dir, { recursive: true });
  const buildId = path.join(root, distDir, 'BUILD_ID');
  // A build under way in the working tree (no BUILD_ID yet) is waited for, five minutes at most.
  for (let i = 0; i < 300 && !existsSync(buildId); i++) await new Promise((r) => setTimeout(r, 1000));
  if (!existsSync(buildId))
    throw new Error('The app is not built: run `npx next build` (or `npm run bench`) first');
  // Let a build that has just finished write its last files.
  await new Promise((r) => setTimeout(r, 2000));
  cpSync(path.join(root, distDir), path.join(dir, distDir), {
    recursive: true,
    filter: (source) => source !== path.join(root, distDir, 'cache'),
  });
  if (!existsSync(path.join(dir, distDir, 'BUILD_ID')))
    throw new Error('The build changed while it was copied');
  for (const entry of ['next.config.js', 'package.json', 'lib/db/migrations', 'public', 'messages']) {
    const from = path.join(root, entry);
    if (existsSync(from)) cpSync(from, path.join(dir, entry), { recursive: true });
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/**
 * Starts the sandbox bank and the app's server (the app must be built), or uses BENCH_APP_URL.
 * `appEnv` adds to the app's environment; `prepareAppData` fills the app's data dir before the app
 * starts on it (not called with BENCH_APP_URL).
 */
export async function appServers(
  options: {
    appPort?: number;
    sandboxPort?: number;
    appEnv?: Record<string, string>;
    prepareAppData?: (appDataDir: string) => Promise<void>;
  } = {},
): Promise<AppServers> {
  if (process.env.BENCH_APP_URL) {
    return {
      appUrl: process.env.BENCH_APP_URL,
      sandboxUrl: process.env.BENCH_SANDBOX_URL ?? '',
      appRoot: root,
      stop: async () => {},
    };
  }
  const appPort = options.appPort ?? Number(process.env.BENCH_APP_PORT ?? 3400);
  const sandboxPort = options.sandboxPort ?? Number(process.env.BENCH_SANDBOX_PORT ?? 4410);
  const appUrl = `http://localhost:${appPort}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const runDir = mkdtempSync(path.join(tmpdir(), 'greidsla-bench-'));
  const children: ChildProcess[] = [];
  let appRoot: string;
  try {
    appRoot = await snapshotBuild(runDir);
  } catch (error) {
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
  // A benchmark that fails before it stops them (its browser did not start) leaves no server running.
  const stopOnExit = () => {
    for (const child of children) child.kill('SIGTERM');
    rmSync(runDir, { recursive: true, force: true });
  };
  process.once('exit', stopOnExit);
  const stop = async () => {
    process.off('exit', stopOnExit);
    await Promise.all(children.reverse().map(stopChild));
    rmSync(runDir, { recursive: true, force: true });
  };
  const quiet = process.env.BENCH_VERBOSE ? 'inherit' : 'ignore';
  try {
    const sandbox = spawn(path.join(root, 'node_modules/.bin/tsx'), ['sandbox/src/main.ts'], {
      cwd: root,
      stdio: ['ignore', quiet, 'inherit'],
      env: {
        ...process.env,
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_DATA_DIR: path.join(runDir, 'sandbox'),
        SANDBOX_DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
    });
    children.push(sandbox);
    await waitFor(`${sandboxUrl}/sandbox/health`, 'The sandbox bank', sandbox);
    await options.prepareAppData?.(path.join(runDir, 'app'));
    const app = spawn(process.execPath, [path.join(root, 'scripts/app-server.mjs')], {
      cwd: appRoot,
      stdio: ['ignore', quiet, 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        PORT: String(appPort),
        APP_BASE_URL: appUrl,
        // Not the bench process's own: reading the settings there (seeding the data) sets AUTH_URL
        // from its APP_BASE_URL, and next-auth would send the PSU there after signing in.
        AUTH_URL: new URL(appUrl).origin,
        APP_DATA_DIR: path.join(runDir, 'app'),
        DATABASE_URL: '',
        AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-bench',
        BANK_BASE_URL: `${sandboxUrl}/psd2`,
        BANK_AUTH_URL: sandboxUrl,
        BANK_EVENTS_BASE_URL: `${sandboxUrl}/events`,
        BANK_BUSINESS_BASE_URL: `${sandboxUrl}/business`,
        LOG_LEVEL: 'warn',
        ...options.appEnv,
      },
    });
    children.push(app);
    await waitFor(`http://127.0.0.1:${appPort}/api/health`, 'The app', app);
  } catch (error) {
    await stop();
    throw error;
  }
  return { appUrl, sandboxUrl, appRoot, stop };
}

export const demo = { email: 'demo@greidsla.is', password: 'greidsla-demo' };

/** Signs the demo PSU (or another) in through the sign-in form; the context keeps the session cookie. */
export async function signIn(context: BrowserContext, appUrl: string, psu = demo): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${appUrl}/en/sign-in`);
  await page.getByLabel('E-mail').fill(psu.email);
  await page.getByLabel('Password').fill(psu.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'), { timeout: 30_000 });
  await page.close();
}

/** The demo PSU's paying account, and the recipient the benchmarks' payments go to. */
export const DEBTOR_IBAN = 'IS140159260076545510730339';
export const CREDITOR_IBAN = 'IS870301260012345101696399';

/** The payment form `form` opened, paying from the demo PSU's account to the benchmarks' recipient. */
export async function openPaymentForm(
  page: Page,
  appUrl: string,
  form: 'single' | 'periodic',
): Promise<void> {
  await page.goto(`${appUrl}/en/payments/new/${form}`);
  await page.getByLabel('From account (IBAN)').fill(DEBTOR_IBAN);
  await page.getByLabel('To account (IBAN)').fill(CREDITOR_IBAN);
}

/**
 * A payment of the demo PSU, made through the single-payment form: its id, for the payment's pages.
 * One in krónur is left at the bank's SCA page; one in another currency is left at the costs step,
 * which the sandbox bank's costs for it open first. Undefined when the form could not be used.
 */
export async function makePayment(
  context: BrowserContext,
  appUrl: string,
  currency: 'ISK' | 'EUR' = 'ISK',
): Promise<string | undefined> {
  const page = await context.newPage();
  try {
    await openPaymentForm(page, appUrl, 'single');
    await page.getByLabel('Recipient’s name').fill('Guðrún Helgadóttir');
    await page.getByLabel('Amount').fill('12,500');
    await page.getByLabel('Currency').selectOption(currency);
    await page.getByLabel('Message to the recipient').fill('Bench');
    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    if (currency !== 'ISK') {
      await page.waitForURL(/\/payments\/[0-9a-f-]{36}\/costs$/, { timeout: 30_000 });
      return /\/payments\/([0-9a-f-]{36})\/costs$/.exec(page.url())?.[1];
    }
    await page.waitForURL((url) => url.origin !== new URL(appUrl).origin, { timeout: 30_000 });
    await page.goto(`${appUrl}/en/payments`);
    const id = await page.locator('tbody tr').first().getAttribute('data-payment-id', { timeout: 15_000 });
    return id ?? undefined;
  } catch (error) {
    console.error(`could not make a payment through the form: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  } finally {
    await page.close();
  }
}

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright');
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

/** The pages of the build in `appRoot` (its app-path-routes-manifest), e.g. `/[locale]/payments/[id]`. */
export function pageRoutes(appRoot: string): string[] {
  const manifest = JSON.parse(
    readFileSync(path.join(appRoot, distDir, 'app-path-routes-manifest.json'), 'utf8'),
  ) as Record<string, string>;
  return Object.entries(manifest)
    .filter(([entry, route]) => entry.endsWith('/page') && !/^\/_/.test(route))
    .map(([, route]) => route)
    .sort();
}
