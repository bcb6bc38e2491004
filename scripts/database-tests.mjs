// The test files that open a database: the app's (tests/support/app-database.ts and the harnesses built
// on it) or a sandbox bank's. The PostgreSQL pass of `npm test` runs these again on PostgreSQL; a test of
// pure functions (formats, schemas, signatures) meets no database, so it runs once, in the first pass.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const opensADatabase =
  /app-database|app-at-sandbox|sandbox-data-dir|startTestSandbox|startSandbox|startBehindFaultProxy|freshAppDatabase|getDb|openPglite|openPostgres|TEST_DATABASE_URL|from '\.\/helpers(\.js)?'/;

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Paths relative to `root`, for Vitest's file filters. */
export function databaseTestFiles(root) {
  return ['tests', 'sandbox/test']
    .flatMap((dir) => testFiles(path.join(root, dir)))
    .filter((file) => opensADatabase.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file));
}
