// `npm test`: lint, typecheck, unit and contract tests, then end-to-end tests in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './env.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const results = path.join(root, '.data/test-results');

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
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

// CI passes a PostgreSQL server: the suites then run twice, on the embedded database and on PostgreSQL.
const postgresUrl = process.env.TEST_DATABASE_URL;
delete process.env.TEST_DATABASE_URL;

function suites(label, env) {
  const tag = label.toLowerCase();
  step(
    `Unit, contract and integration tests on ${label} (Vitest)`,
    bin('vitest'),
    [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(results, `vitest-${tag}.json`)}`,
    ],
    env,
  );
  step(`End-to-end tests on ${label} (Playwright, Chromium)`, bin('playwright'), ['test'], {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, `playwright-${tag}.json`),
  });
}

ensureChromium();
step('Lint and format (Biome)', bin('biome'), ['ci', '.']);
step('Typecheck', bin('tsc'), ['--noEmit']);
step('Build the app', bin('next'), ['build']);
suites('PGlite', {});
if (postgresUrl) suites('PostgreSQL', { TEST_DATABASE_URL: postgresUrl });

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
