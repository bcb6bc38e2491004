// `npm test`: lint, typecheck, unit and contract tests, then end-to-end tests in Debian's Chromium.
// Each phase's duration is printed at the end and kept in .data/test-results/phases.json, beside the
// suites' own JSON reports, for `npm run bench -- test-phases`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildState } from './build-if-stale.mjs';
import { databaseTestFiles, pureTestFiles } from './database-tests.mjs';
import { root } from './env.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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
  writeFileSync(path.join(results, 'phases.json'), `${JSON.stringify(record, null, 2)}\n`);
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

function ensureChromium() {
  if (existsSync(chromium)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing: install Debian's package with \`sudo apt-get install -y chromium\` and run npm test again.`,
    );
    process.exit(1);
  }
  step('Installing Debian chromium', 'sh', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
  ]);
}

function counts(file, read) {
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}

const bin = (name) => path.join(root, 'node_modules/.bin', name);
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

// CI passes a PostgreSQL server: the tests that open a database then run again on PostgreSQL.
const postgresUrl = process.env.TEST_DATABASE_URL;
delete process.env.TEST_DATABASE_URL;

/** The Vitest files `files` (its filters; none, every one) on the database `env` names. */
function unitTests(label, env, files = []) {
  const tag = label.toLowerCase();
  step(
    `Unit, contract and integration tests on ${label} (Vitest${files.length ? `, ${files.length} files` : ''})`,
    bin('vitest'),
    [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(results, `vitest-${tag}.json`)}`,
      ...files,
    ],
    { env, pass: tag },
  );
}

function browserTests(label, env) {
  const tag = label.toLowerCase();
  step(`End-to-end tests on ${label} (Playwright, Chromium)`, bin('playwright'), ['test'], {
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, `playwright-${tag}.json`) },
    pass: tag,
  });
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
// Every test runs once. Without a PostgreSQL server, all on PGlite. With one (CI), the Vitest files
// that open a database (the app's and the sandbox bank's, two app instances sharing one included) run on
// PostgreSQL and the rest on PGlite, and the browser specs on PGlite, the database of `npm start`: both
// databases are met by every pull of main, and CI's 2 cores finish within its 25 minutes, which running
// the database files on both did not (PGlite 443 s + PostgreSQL 312 s for them on this 2-core machine).
if (postgresUrl) {
  unitTests('PGlite', {}, pureTestFiles(root));
  unitTests('PostgreSQL', { TEST_DATABASE_URL: postgresUrl }, databaseTestFiles(root));
} else {
  unitTests('PGlite', {});
}
browserTests('PGlite', {});
writePhases('passed');

const tally = { passed: 0, failed: 0, skipped: 0 };
for (const tag of postgresUrl ? ['pglite', 'postgresql'] : ['pglite']) {
  const unit = counts(path.join(results, `vitest-${tag}.json`), (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
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

// Where the time went, phase by phase; the embedded-database run is what a developer waits for.
const minutes = (seconds) =>
  `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
console.log('\nTime per phase (load average at its start → end):');
for (const phase of phases) {
  const load = phase.load.length ? `  (load ${phase.load.map((l) => l.toFixed(1)).join(' → ')})` : '';
  console.log(`  ${minutes(phase.seconds).padStart(12)}  ${phase.title}${load}`);
}
const embedded = phases.filter((p) => p.pass !== 'postgresql').reduce((sum, p) => sum + p.seconds, 0);
console.log(`  ${minutes(embedded).padStart(12)}  every phase but the PostgreSQL one`);
console.log(`  ${minutes((Date.now() - startedAt.getTime()) / 1000).padStart(12)}  in all`);
