import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { writeAppDirectory } from './sandbox/src/app-directory';
import { DEFAULT_BANK, otherBanksNamed } from './sandbox/src/banks';
import { sandboxDataDir } from './sandbox/src/testing';
import { appDataDir } from './tests/support/app-database';

// Each run gets its own sandbox bank and app, on their own ports and data dirs, so a run never
// touches the databases of `npm start`.
process.env.E2E_RUN_DIR ??= mkdtempSync(path.join(tmpdir(), 'greidsla-e2e-'));
const runDir = process.env.E2E_RUN_DIR;

// CI's PostgreSQL pass: both programs get a new database on the test server instead of PGlite.
function createDatabase(prefix: string): string {
  const admin = new URL(process.env.TEST_DATABASE_URL ?? '');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  execFileSync('psql', [admin.toString(), '-qc', `CREATE DATABASE "${name}"`]);
  admin.pathname = `/${name}`;
  return admin.toString();
}
if (process.env.TEST_DATABASE_URL) {
  process.env.E2E_APP_DATABASE_URL ??= createDatabase('e2e_app');
  process.env.E2E_SANDBOX_DATABASE_URL ??= createDatabase('e2e_sandbox');
}
export const appPort = Number(process.env.E2E_APP_PORT ?? 3100);
export const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
// Where the app sends its traces (OTLP/HTTP): e2e/observability.spec.ts listens there while it runs.
export const otlpPort = Number(process.env.E2E_OTLP_PORT ?? appPort + 10);
export const appUrl = `http://localhost:${appPort}`;
export const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
process.env.E2E_SANDBOX_URL = sandboxUrl;

// The sandbox plays the default bank and three others (e2e/several-banks.spec.ts), one of which speaks IOBWS 3.2
// (e2e/two-dialects.spec.ts); the app's directory lists them.
const e2eOtherBanks = 'nordur vestur sudur';
const bankDirectoryFile = path.join(runDir, 'banks.json');
writeAppDirectory(bankDirectoryFile, sandboxUrl, [DEFAULT_BANK, ...otherBanksNamed(e2eOtherBanks)]);

// On PGlite, both programs start from copies of data dirs prepared once per set of migrations and seed data,
// as the Vitest files do (docs/testing.md, Test databases): made from nothing, the bank's four and the app's
// one added 9 s to the run's start and 11 s of CPU (a one-spec run: 42 s against 33). Once per run: the
// workers load this file again.
// The bank's passwords hashed cheaply (sandbox/src/shared/passwords.ts), in the data dirs made here and in what the
// bank seeds or hashes itself (it inherits this process's environment): a run signs in at its pages hundreds of times.
process.env.SANDBOX_PASSWORD_HASH_COST = '10';
const sandboxDataDirOfRun = path.join(runDir, 'sandbox');
const appDataDirOfRun = path.join(runDir, 'app');
if (!process.env.TEST_DATABASE_URL && !existsSync(sandboxDataDirOfRun)) {
  await sandboxDataDir(otherBanksNamed(e2eOtherBanks), sandboxDataDirOfRun);
  await appDataDir(appDataDirOfRun);
}

// The sandbox bank checks every answer it gives against contract/*.yaml, and each request and answer of the bank
// that speaks IOBWS 3.2 against contract/published/, and writes down each that disagrees; the global teardown
// prints the counts and fails the run if any did (e2e/contract-check.teardown.ts).
const contractViolationsFile = path.join(runDir, 'sandbox-contract-violations.jsonl');
process.env.E2E_CONTRACT_VIOLATIONS_FILE = contractViolationsFile;

// The electronic-ID provider is the sandbox bank's (sandbox/README.md, Electronic ID), with the client it
// registers for the app by default.
export const idpUrl = `${sandboxUrl}/idp`;
const idpClient = { id: 'greidsla', secret: 'greidsla-eid-secret' };
// The signed-in session of the setup project, kept with this run so that parallel runs never share it.
process.env.E2E_SESSION_FILE = path.join(runDir, 'psu-session.json');

const chromiumFlags = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Fewer renderer processes (no site isolation between the app's and the bank's local origins): a run
  // opens hundreds of pages on both, and three specs took 9 % less CPU so. Debian's headless shell isolates
  // no sites of itself; the full `chromium` (CHROMIUM_PATH) does without this switch.
  // No `--disable-features` or `--enable-features` here: Chromium keeps only the last of each, and Playwright
  // passes its own lists (features that disturb tests, such as PaintHolding and third-party storage
  // partitioning), which one here would replace. e2e/test-harness.spec.ts shows both.
  '--disable-site-isolation-trials',
  '--renderer-process-limit=2',
  '--disable-extensions',
  '--mute-audio',
  // Tried and left out: `--in-process-gpu` and `--js-flags=--no-opt --no-maglev` took no less CPU over the
  // whole run (798 CPU-s against 779; docs/testing.md, Where the CPU goes).
];

// Two browsers at once: much of a spec's time is spent waiting on the bank and the app, so a second
// worker fills the first one's waits (a third gained nothing on 2 cores: 633 s against 631, and a
// restart of npm start no longer fit its time). Specs keep apart at the one shared sandbox bank and
// demo PSU by paying from accounts of their own where they set fault rules or look for the bank's
// authorisation; a spec whose tests depend on each other says so (`test.describe.configure`).
const workers = Number(process.env.E2E_WORKERS ?? 2);
// Specs that need the app to themselves: the fuzz suite reads every error-level line the app logged
// while it ran, so it runs once every other spec has passed (a failure elsewhere leaves it not run).
// Alone: `npx playwright test e2e/security-fuzz.spec.ts --no-deps` (it signs up a PSU of its own).
const alone = /security-fuzz\.spec\.ts/;

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/contract-check.teardown.ts',
  outputDir: path.join(runDir, 'results'),
  fullyParallel: true,
  workers,
  retries: 0,
  // Bounds on a failure, not on a pass: two workers share the machine's cores with the app and the
  // bank, and a machine busy with other work takes minutes for a spec that takes seconds idle.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.data/test-results/playwright.json' }],
  ],
  use: {
    baseURL: appUrl,
    // Recording a trace of every test costs about a seventh of the run's CPU on 2 cores, for a file that
    // is kept only on failure; ask for one when it helps: `npx playwright test --trace retain-on-failure`.
    // A failure still writes its error context (the page's accessibility snapshot) without it.
    trace: 'off',
    // Debian's Chromium headless shell (scripts/test.mjs says why, and installs it); CHROMIUM_PATH names another.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: chromiumFlags,
    },
  },
  projects: [
    { name: 'setup', testMatch: /global\.setup\.ts/ },
    {
      name: 'chromium',
      testIgnore: alone,
      use: { ...devices['Desktop Chrome'], storageState: process.env.E2E_SESSION_FILE },
      dependencies: ['setup'],
    },
    {
      name: 'chromium-alone',
      testMatch: alone,
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['chromium'],
    },
  ],
  webServer: [
    {
      command: 'node_modules/.bin/tsx sandbox/src/main.ts',
      url: `${sandboxUrl}/sandbox/health`,
      reuseExistingServer: false,
      // A new data dir, migrated and seeded: seconds when idle, minutes on a machine busy with other work.
      timeout: 300_000,
      env: {
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_OTHER_BANKS: e2eOtherBanks,
        SANDBOX_DATA_DIR: sandboxDataDirOfRun,
        SANDBOX_DATABASE_URL: process.env.E2E_SANDBOX_DATABASE_URL ?? '',
        SANDBOX_PUBLIC_URL: sandboxUrl,
        // The app's address: the redirect URI of the app's client at the bank's electronic-ID provider.
        APP_BASE_URL: appUrl,
        LOG_LEVEL: 'warn',
        SANDBOX_CONTRACT_CHECK: 'true',
        SANDBOX_CONTRACT_LOG_FILE: contractViolationsFile,
      },
    },
    {
      command: 'node scripts/app-server.mjs',
      stdout: 'pipe',
      url: `${appUrl}/api/health`,
      reuseExistingServer: false,
      timeout: 300_000,
      env: {
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        PORT: String(appPort),
        APP_BASE_URL: appUrl,
        APP_DATA_DIR: appDataDirOfRun,
        DATABASE_URL: process.env.E2E_APP_DATABASE_URL ?? '',
        // Every spec pays as the same demo PSU, faster than a person would, and every request comes
        // from the one loopback address (as many PSUs behind one NAT would): the per-address limits
        // are shown by tests/security instead.
        RATE_LIMIT_ACTIONS_PER_MINUTE: '10000',
        RATE_LIMIT_SIGN_IN_PER_IP: '10000',
        RATE_LIMIT_SIGN_UP_PER_IP_HOUR: '10000',
        RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
        AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
        // A cheap password hash for the many sign-ups and sign-ins of a run (lib/config: PASSWORD_HASH_COST).
        PASSWORD_HASH_COST: '4',
        BANK_DIRECTORY: bankDirectoryFile,
        LOG_LEVEL: 'warn',
        // The fuzz suite reads what the app logged (e2e/security-fuzz.spec.ts).
        LOG_FILE: path.join(runDir, 'app.log'),
        // Mail stays on this machine, where the tests read it (tests/support/mailbox.ts).
        MAILBOX_DIR: path.join(runDir, 'mailbox'),
        // ops@ has no account until a test registers it: being listed must grant nothing by itself.
        OPERATOR_EMAILS: 'demo@greidsla.is,ops@greidsla.is',
        OIDC_ISSUER: idpUrl,
        OIDC_CLIENT_ID: idpClient.id,
        OIDC_CLIENT_SECRET: idpClient.secret,
        OIDC_NAME: 'Rafræn skilríki (próf)',
        OIDC_NAME_EN: 'Icelandic electronic ID (test)',
        // Traces go to a receiver of e2e/observability.spec.ts, exported every half second.
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlpPort}`,
        OTEL_BSP_SCHEDULE_DELAY: '500',
      },
    },
  ],
});
