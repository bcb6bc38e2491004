// `npm start`: the sandbox bank on :4010 and the app on :3000, each with its own embedded database
// under .data/ (DATA_DIR). Ctrl-C stops both.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import { authSecret, loadEnv, root } from './env.mjs';

loadEnv();
const dataRoot = path.resolve(root, process.env.DATA_DIR || '.data');
const sandboxPort = process.env.SANDBOX_PORT ?? '4010';
const appPort = process.env.PORT ?? '3000';
const appUrl = process.env.APP_BASE_URL ?? `http://localhost:${appPort}`;
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;

buildIfStale();

// The app's bank directory: every bank the sandbox plays (SANDBOX_OTHER_BANKS), unless BANK_DIRECTORY names
// one, or the BANK_* settings name a bank other than the sandbox (a directory of one, as before).
const atSandbox = [undefined, `${sandboxUrl}/psd2`].includes(process.env.BANK_BASE_URL);
const bankDirectory =
  process.env.BANK_DIRECTORY ?? (atSandbox ? path.join(dataRoot, 'banks.json') : undefined);
if (!process.env.BANK_DIRECTORY && bankDirectory) {
  mkdirSync(dataRoot, { recursive: true });
  execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['sandbox/src/write-app-directory.ts', bankDirectory, sandboxUrl],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}

const env = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  AUTH_SECRET: authSecret(dataRoot),
  APP_BASE_URL: appUrl,
  APP_DATA_DIR: process.env.APP_DATA_DIR || path.join(dataRoot, 'app'),
  MAILBOX_DIR: process.env.MAILBOX_DIR || path.join(dataRoot, 'mailbox'),
  PORT: appPort,
  SANDBOX_PORT: sandboxPort,
  SANDBOX_DATA_DIR: process.env.SANDBOX_DATA_DIR || path.join(dataRoot, 'sandbox'),
  ...(bankDirectory ? { BANK_DIRECTORY: bankDirectory } : {}),
  BANK_BASE_URL: process.env.BANK_BASE_URL ?? `${sandboxUrl}/psd2`,
  BANK_AUTH_URL: process.env.BANK_AUTH_URL ?? sandboxUrl,
  BANK_EVENTS_BASE_URL: process.env.BANK_EVENTS_BASE_URL ?? `${sandboxUrl}/events`,
  BANK_BUSINESS_BASE_URL: process.env.BANK_BUSINESS_BASE_URL ?? `${sandboxUrl}/business`,
  // Electronic ID: the sandbox bank's provider and the client it registers for the app, unless another is set.
  ...(process.env.OIDC_ISSUER
    ? {}
    : {
        OIDC_ISSUER: `${sandboxUrl}/idp`,
        OIDC_CLIENT_ID: 'greidsla',
        OIDC_CLIENT_SECRET: 'greidsla-eid-secret',
        OIDC_NAME: process.env.OIDC_NAME ?? 'Rafræn skilríki (sandbox)',
      }),
};

/** A path as short as it can be said: relative to the project when inside it. */
function shown(dir) {
  const relative = path.relative(root, dir);
  return relative && !relative.startsWith('..') ? relative : dir;
}

const children = [];
function run(name, command, args) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping the rest.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const deadline = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  }, 10_000);
  Promise.all(
    children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)),
  ).then(() => {
    clearTimeout(deadline);
    process.exit(code);
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

/**
 * Whether `url` answered while `child` ran. A first start makes six databases: seconds on an idle machine, minutes
 * on one busy with other work; so it waits as long as the program runs, saying so each minute, and gives up after
 * ten (a program that neither answers nor ends).
 */
async function cameUp(url, name, child) {
  const started = Date.now();
  let said = started;
  while (child.exitCode === null && child.signalCode === null) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (response.status < 500) return true;
    } catch {}
    const now = Date.now();
    if (now - started > 600_000) {
      console.error(`${name} did not come up at ${url} in ten minutes`);
      return false;
    }
    if (now - said >= 60_000) {
      said = now;
      console.log(`${name} is still starting (${Math.round((now - started) / 60_000)} min)…`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // It ended: `run` has said so, and stops the rest.
  return false;
}

// Both start at once, each making its databases on a core of its own on a first start; the app
// needs no bank to start (a bank that is down is one it retries). Both are started before anything
// is awaited, so nothing starts after a stop, where it would outlive this program.
const sandbox = run('sandbox bank', path.join(root, 'node_modules/.bin/tsx'), ['sandbox/src/main.ts']);
const app = run('app', process.execPath, ['scripts/app-server.mjs']);
const up = await Promise.all([
  cameUp(`${sandboxUrl}/sandbox/health`, 'The sandbox bank', sandbox),
  cameUp(`http://127.0.0.1:${appPort}/api/health`, 'The app', app),
]);
if (up.includes(false)) stop(1);
if (!stopping)
  console.log(`
  App:           ${appUrl}
  Sandbox bank:  ${sandboxUrl}  (API reference: ${sandboxUrl}/docs); more banks under ${sandboxUrl}/banks/
  Bank directory: ${bankDirectory ? shown(bankDirectory) : 'the BANK_* settings'}
  Sign in as demo@greidsla.is / greidsla-demo, or with electronic ID as kennitala 0101302989 / PIN 1234;
  at the bank: jon / sandbox
  ${env.SMTP_URL ? 'Mail goes out over SMTP_URL.' : `Mail the app sends (verification links): ${shown(env.MAILBOX_DIR)}/*.eml`}
  Ctrl-C stops both.
`);
