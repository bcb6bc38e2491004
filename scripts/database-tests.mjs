// The test files that open a database: the app's (tests/support/app-database.ts and the harnesses built
// on it) or a sandbox bank's. Given a PostgreSQL server (CI), `npm test` runs these on it; the tests of
// pure functions (formats, schemas, signatures), which meet no database, run on their own. And the pure
// files that leave the process as they found it, which Vitest runs one after another in a worker that
// keeps its loaded modules (vitest.config.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const opensADatabase =
  /app-database|app-at-sandbox|sandboxDataDir|startTestSandbox|startSandbox|startBehindFaultProxy|startBillsAtSandbox|paymentEndWorld|freshAppDatabase|getDb|openPglite|openPostgres|TEST_DATABASE_URL|from '\.\/helpers(\.js)?'/;

// What a file changes for every file after it in the same process: the environment (read once by lib/config),
// mocked modules, stubbed globals, fake timers, the module registry.
const changesTheProcess = /process\.env|vi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers|resetModules)\b/;

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every Vitest file, relative to `root` (for Vitest's file filters), and whether it opens a database. */
function vitestFiles(root) {
  return ['tests', 'sandbox/test']
    .flatMap((dir) => testFiles(path.join(root, dir)))
    .map((file) => {
      const source = readFileSync(file, 'utf8');
      return {
        file: path.relative(root, file),
        database: opensADatabase.test(source),
        changesTheProcess: changesTheProcess.test(source),
      };
    });
}

export function databaseTestFiles(root) {
  return vitestFiles(root).flatMap(({ file, database }) => (database ? [file] : []));
}

export function pureTestFiles(root) {
  return vitestFiles(root).flatMap(({ file, database }) => (database ? [] : [file]));
}

/** The pure files that change nothing a later file in the same process would meet (see `changesTheProcess`). */
export function sharedWorkerTestFiles(root) {
  return vitestFiles(root).flatMap(({ file, database, changesTheProcess }) =>
    database || changesTheProcess ? [] : [file],
  );
}
