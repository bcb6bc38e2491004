import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { setSmallSharedBuffers } from './db.js';

/**
 * For test runs and benchmarks: a new PGlite database costs seconds of CPU (initdb, migrations, seed), and one
 * loaded from a dumped tarball still about two (unpacking it into memory). So a database is prepared once, in
 * a data dir kept in the temp dir under `name` (which changes with what `prepare` puts in it: a hash of the
 * migrations), and each test opens a file copy of it, which costs a fraction of that. The template is made lean
 * for them (leanTemplate).
 */
export async function pgliteTemplateDir(
  name: string,
  prepare: (dataDir: string) => Promise<void>,
): Promise<string> {
  const dir = path.join(tmpdir(), `${name}${LEAN}`);
  if (existsSync(dir)) return dir;
  // Prepared aside and renamed: parallel test workers never open a half-made template.
  const partial = path.join(mkdtempSync(`${dir}.partial-`), 'db');
  await prepare(partial);
  await leanTemplate(partial);
  try {
    renameSync(partial, dir);
  } catch (error) {
    // Another worker made it first: theirs is the same.
    if (!existsSync(dir)) throw error;
  }
  rmSync(path.dirname(partial), { recursive: true, force: true });
  return dir;
}

/** Marks a template dir made lean (leanTemplate), so that one made before is not used. */
const LEAN = '-lean';

/**
 * Makes the data dir of a prepared template lean for test runs and benchmarks, whose databases hold little:
 * - PostgreSQL's template databases (template0, template1) are dropped. The programs open the `postgres` database
 *   alone and never create one on PGlite, and the two are 600 of a data dir's 1,100 files: a copy of the app's
 *   template took 0.46 s with them and 0.15 s without, its removal 0.17 s and 0.11 s (3 December 2026, 2 cores).
 * - Small shared buffers (`setSmallSharedBuffers`), the app's database's too.
 */
async function leanTemplate(dataDir: string): Promise<void> {
  const pglite = await PGlite.create({ dataDir });
  try {
    await setSmallSharedBuffers(pglite);
    await pglite.exec(
      `UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
    );
    // One statement each: DROP DATABASE cannot run within a transaction, as a multi-statement string does.
    await pglite.exec('DROP DATABASE template0');
    await pglite.exec('DROP DATABASE template1');
  } finally {
    await pglite.close();
  }
}

/**
 * Where test runs and benchmarks keep their temp dirs: GREIDSLA_SCRATCH_DIR when set (a test run's own, which the
 * run removes at its end), else the system's temp dir.
 */
export function scratchRoot(): string {
  return process.env.GREIDSLA_SCRATCH_DIR ?? tmpdir();
}

let scratch: string | undefined;

/** A new path for a data dir, in a dir of this process's own under `scratchRoot()`, removed when the process exits. */
export function scratchDataDir(): string {
  if (!scratch) {
    const dir = mkdtempSync(path.join(scratchRoot(), 'greidsla-databases-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    scratch = dir;
  }
  return path.join(mkdtempSync(path.join(scratch, 'db-')), 'db');
}

/** Copies the data dir `template` to `to` (a path where nothing is yet), and returns `to`. */
export function copyDataDir(template: string, to: string): string {
  cpSync(template, to, { recursive: true });
  return to;
}
