// `npm test`: lint, typecheck, unit and contract tests, then end-to-end tests in Debian's Chromium.
// Each phase's duration is printed at the end and kept in .data/test-results/phases-pglite.json (a run on
// the embedded database alone) or phases-postgresql.json (a run with a PostgreSQL pass, as CI runs it),
// beside the suites' own JSON reports, for `npm run bench -- test-phases`.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { buildState } from './build-if-stale.mjs';
import { databaseTestFiles, pureTestFiles } from './database-tests.mjs';
import { root } from './env.mjs';

// Debian's Chromium as its headless shell (package chromium-headless-shell): the same browser build without the
// windowed browser's interface, as Playwright runs Chromium headless by default. Three specs took a fifth less
// of the machine's CPU in it than in the full browser (103–108 CPU-s against 132–151).
const headlessShell = '/usr/bin/chromium-headless-shell';
const fullChromium = '/usr/bin/chromium';
const results = path.join(root, '.data/test-results');
const startedAt = new Date();
/** Every phase run so far: its title, the pass it belongs to, seconds, and the load average around it. */
const phases = [];

function writePhases(outcome) {
  const record = {
    startedAt: startedAt.toISOString(),
    seconds: (Date.now() - startedAt.getTime()) / 1000,
    outcome,
    cores: os.cpus().length,
    phases,
  };
  writeFileSync(path.join(results, `phases-${runKind}.json`), `${JSON.stringify(record, null, 2)}\n`);
}

function step(title, command, args, { env = {}, pass = 'shared' } = {}) {
  console.log(`\n▶ ${title}`);
  const load = os.loadavg()[0];
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
  const seconds = (Date.now() - started) / 1000;
  phases.push({ title, pass, seconds, load: [load, os.loadavg()[0]] });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds.toFixed(0)} s`);
    writePhases('failed');
    process.exit(result.status ?? 1);
  }
}

/**
 * Several steps at once, each with its output line by line behind its own label; a step that fails
 * fails the run once every step has ended. For steps that spend much of their time waiting (on a bank's
 * timeouts and retries, on a process to restart), where one after another would leave a core idle.
 */
async function sideBySide(steps) {
  const load = os.loadavg()[0];
  const started = Date.now();
  console.log(`\n▶ Side by side:${steps.map(({ title }) => `\n  · ${title}`).join('')}`);
  const outcomes = await Promise.all(
    steps.map(
      ({ label, title, command, args, env = {}, pass }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, {
            cwd: root,
            stdio: ['ignore', 'pipe', 'pipe'],
            env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
          });
          for (const stream of [child.stdout, child.stderr]) {
            readline
              .createInterface({ input: stream })
              .on('line', (line) => console.log(`[${label}] ${line}`));
          }
          child.on('close', (status) => {
            const seconds = (Date.now() - started) / 1000;
            phases.push({ title, pass, seconds, load: [load, os.loadavg()[0]] });
            resolve({ title, status, seconds });
          });
        }),
    ),
  );
  const failed = outcomes.filter(({ status }) => status !== 0);
  for (const { title, seconds } of failed) console.error(`✖ ${title} failed after ${seconds.toFixed(0)} s`);
  if (failed.length) {
    writePhases('failed');
    process.exit(failed[0].status ?? 1);
  }
}

/**
 * The headless shell, installed when missing and root; else (no root, or no package to be had) the full
 * `chromium` when it is there, which only costs more CPU; else the run stops and says what to install.
 */
function ensureChromium() {
  if (process.env.CHROMIUM_PATH || existsSync(headlessShell)) return;
  if (process.getuid?.() === 0) {
    const title = 'Installing Debian chromium-headless-shell';
    console.log(`\n▶ ${title}`);
    const started = Date.now();
    spawnSync(
      'sh',
      [
        '-c',
        'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell',
      ],
      { stdio: 'inherit' },
    );
    // In the phase table as every other step, whether the package could be had or not.
    phases.push({ title, pass: 'shared', seconds: (Date.now() - started) / 1000, load: [] });
    if (existsSync(headlessShell)) return;
  }
  if (existsSync(fullChromium)) {
    console.log(
      `\n▶ ${headlessShell} is missing: the browser specs run in ${fullChromium}, which takes more CPU (\`sudo apt-get install -y chromium-headless-shell\` installs the shell)`,
    );
    process.env.CHROMIUM_PATH = fullChromium;
    return;
  }
  console.error(
    `Chromium is missing: install Debian's headless shell with \`sudo apt-get install -y chromium-headless-shell\` and run npm test again.`,
  );
  process.exit(1);
}

function counts(file, read) {
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}

const bin = (name) => path.join(root, 'node_modules/.bin', name);

// CI passes a PostgreSQL server: the tests that open a database then run again on PostgreSQL.
const postgresUrl = process.env.TEST_DATABASE_URL;
delete process.env.TEST_DATABASE_URL;
/** Which record this run keeps (writePhases): a run with a PostgreSQL pass, or one on PGlite alone. */
const runKind = postgresUrl ? 'postgresql' : 'pglite';

// A run's reports replace the last run's, but the record of the other kind of run is kept, for
// bench/test-phases.ts to print both.
const otherRecordFile = path.join(results, `phases-${postgresUrl ? 'pglite' : 'postgresql'}.json`);
const otherRecord = existsSync(otherRecordFile) ? readFileSync(otherRecordFile) : undefined;
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
if (otherRecord) writeFileSync(otherRecordFile, otherRecord);

/**
 * Vitest on the database `env` names (its pass), for the files `files` (Vitest's filters; none, every
 * one), its JSON report in `report`, on `workers` workers (none given: vitest.config.ts's).
 */
function vitestStep(label, env, { files = [], report = `vitest-${label.toLowerCase()}.json`, workers } = {}) {
  return {
    label: label.toLowerCase(),
    title: `Unit, contract and integration tests on ${label} (Vitest${files.length ? `, ${files.length} files` : ''})`,
    command: bin('vitest'),
    args: [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(results, report)}`,
      ...(workers ? [`--maxWorkers=${workers}`] : []),
      ...files,
    ],
    env,
    pass: label.toLowerCase(),
  };
}

/**
 * CI's deadline (`TEST_DEADLINE`, seconds since the epoch, set by .ci/run from its own start, so that npm
 * install counts): a pass that would end past it, judged by `expectedSeconds`, is not run, and the run
 * says so where the pass would have started and in its tally. Without a deadline every pass runs.
 */
const deadline = Number(process.env.TEST_DEADLINE) || undefined;
const notRun = [];
const secondsLeft = () => (deadline === undefined ? Number.POSITIVE_INFINITY : deadline - Date.now() / 1000);
function fitsBeforeDeadline(title, pass, expectedSeconds) {
  const left = secondsLeft();
  if (expectedSeconds <= left) return true;
  console.log(
    `\n▶ ${title}: not run, about ${Math.round(expectedSeconds)} s needed and ${Math.round(left)} s left before CI's deadline (TEST_DEADLINE)`,
  );
  phases.push({ title: `${title} (not run: CI's deadline)`, pass, seconds: 0, load: [] });
  notRun.push(title);
  return false;
}

const browserTitle = (label) => `End-to-end tests on ${label} (Playwright, Chromium)`;

/** Whether nothing listens on `port` (on any address). */
function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * The ports of a browser pass: those given (E2E_APP_PORT, E2E_SANDBOX_PORT), else a free app port and the sandbox
 * bank's beside it, where the app's trace listener (+10) and the restart spec's own app and bank (+200) are free
 * too, so that another `npm test` on the machine (another checkout, a second CI job) keeps apart.
 */
async function browserPorts() {
  if (process.env.E2E_APP_PORT || process.env.E2E_SANDBOX_PORT) return {};
  const usedBy = (app) => [app, app + 1, app + 10, app + 200, app + 201];
  for (let attempt = 0; attempt < 100; attempt++) {
    const app = 20_000 + 2 * Math.floor(Math.random() * 4_000);
    const all = await Promise.all(usedBy(app).map(portFree));
    if (all.every(Boolean)) return { E2E_APP_PORT: String(app), E2E_SANDBOX_PORT: String(app + 1) };
  }
  throw new Error('No free ports for the browser specs between 20000 and 28201');
}

/**
 * The browser specs on `label`'s database, as a step for `step` or `sideBySide`, in a run dir of their own
 * (playwright.config.ts: the programs' data dirs, logs, a failure's error context) and on ports of their own.
 */
async function browserPass(label, env) {
  const tag = label.toLowerCase();
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'greidsla-e2e-'));
  const ports = await browserPorts();
  return {
    runDir,
    label: tag,
    title: browserTitle(label),
    command: bin('playwright'),
    args: ['test'],
    env: {
      ...env,
      ...ports,
      E2E_RUN_DIR: runDir,
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, `playwright-${tag}.json`),
    },
    pass: tag,
  };
}

/**
 * The browser specs on `label`'s database (browserPass), their run dir removed once they have passed: a PGlite
 * run leaves about 450 MB there. A failed run stops here and keeps it.
 */
async function browserTests(label, env) {
  const pass = await browserPass(label, env);
  step(pass.title, pass.command, pass.args, { env: pass.env, pass: pass.pass });
  rmSync(pass.runDir, { recursive: true, force: true });
}

ensureChromium();
step('Lint and format (Biome)', bin('biome'), ['ci', '.']);
// A build newer than every source it is made from (scripts/build-if-stale.mjs) is the one these
// sources would make: it is used as it is. The build leaves type checking to the next step, which
// checks everything at once, the route types the build writes under .next/types included.
const build = buildState();
if (build === 'up to date') {
  console.log('\n▶ Build the app: the build is newer than every source, used as it is');
  phases.push({ title: 'Build the app (up to date, not rebuilt)', pass: 'shared', seconds: 0, load: [] });
} else {
  step(
    `Build the app (${build === 'missing' ? 'no build yet' : 'sources changed'})`,
    bin('next'),
    ['build'],
    {
      env: { BUILD_TYPECHECKED_AFTER: '1' },
    },
  );
}
step('Typecheck', bin('tsc'), ['--noEmit']);
// Every test runs on PGlite, the database of `npm start`: the Vitest files and the browser specs side by side, two
// workers each, as both spend much of their time waiting (on a bank's timeouts and retries, a redirect, a process
// restarting), where the other fills the core. With a PostgreSQL server (CI), every test that meets a database runs
// on PostgreSQL as well: the Vitest files that open a database (the app's and the sandbox bank's, two app instances
// sharing one included) side by side with their PGlite run, then the browser specs on PGlite, then on PostgreSQL
// with both programs on databases of their own there (playwright.config.ts creates them) if they fit before CI's
// deadline (they take about as long as the PGlite run just did). One browser pass after the other: each runs two
// browsers, the app and a bank, which keep 2 cores busy; side by side on 2 cores both took 19.2 minutes, against
// 7.7 for one alone (4 December 2026). docs/testing.md gives the figures.
if (!postgresUrl) {
  const unit = { ...vitestStep('PGlite', {}, { workers: 2 }), label: 'vitest' };
  const browser = { ...(await browserPass('PGlite', {})), label: 'browser' };
  await sideBySide([unit, browser]);
  rmSync(browser.runDir, { recursive: true, force: true });
} else {
  const pure = vitestStep('PGlite', {}, { files: pureTestFiles(root) });
  step(pure.title, pure.command, pure.args, { pass: pure.pass });
  const files = databaseTestFiles(root);
  await sideBySide([
    vitestStep('PGlite', {}, { files, report: 'vitest-pglite-database.json', workers: 2 }),
    vitestStep('PostgreSQL', { TEST_DATABASE_URL: postgresUrl }, { files, workers: 2 }),
  ]);
  await browserTests('PGlite', {});
  if (fitsBeforeDeadline(browserTitle('PostgreSQL'), 'postgresql', phases.at(-1).seconds))
    await browserTests('PostgreSQL', { TEST_DATABASE_URL: postgresUrl });
}
writePhases('passed');

const tally = { passed: 0, failed: 0, skipped: 0 };
for (const tag of postgresUrl ? ['pglite', 'postgresql'] : ['pglite']) {
  // On PGlite with a PostgreSQL server beside it, two reports: the pure files' and the database files'.
  const unit = readdirSync(results)
    .filter((report) => report.startsWith(`vitest-${tag}`) && report.endsWith('.json'))
    .map((report) =>
      counts(path.join(results, report), (r) => ({
        passed: r.numPassedTests,
        failed: r.numFailedTests,
        skipped: r.numPendingTests + r.numTodoTests,
      })),
    )
    .reduce((sum, part) => ({
      passed: sum.passed + part.passed,
      failed: sum.failed + part.failed,
      skipped: sum.skipped + part.skipped,
    }));
  const e2e = counts(path.join(results, `playwright-${tag}.json`), (r) => ({
    passed: r.stats.expected,
    failed: r.stats.unexpected + r.stats.flaky,
    skipped: r.stats.skipped,
  }));
  console.log(`${tag}: unit ${unit.passed} passed, end-to-end ${e2e.passed} passed`);
  for (const key of Object.keys(tally)) tally[key] += unit[key] + e2e[key];
}
console.log(`${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
for (const title of notRun) console.log(`not run (CI's deadline): ${title}`);

// Where the time went, phase by phase (phases side by side each count from their common start).
const minutes = (seconds) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
};
console.log('\nTime per phase (load average at its start → end):');
for (const phase of phases) {
  const load = phase.load.length ? `  (load ${phase.load.map((l) => l.toFixed(1)).join(' → ')})` : '';
  console.log(`  ${minutes(phase.seconds).padStart(12)}  ${phase.title}${load}`);
}
console.log(`  ${minutes((Date.now() - startedAt.getTime()) / 1000).padStart(12)}  in all`);
