import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * For test runs and benchmarks: a new PGlite database costs seconds of CPU (initdb, migrations, seed), and one
 * loaded from a dumped tarball still about two (unpacking it into memory). So a database is prepared once, in
 * a data dir kept in the temp dir under `name` (which changes with what `prepare` puts in it: a hash of the
 * migrations), and each test opens a file copy of it, which costs a fraction of that.
 */
export async function pgliteTemplateDir(
  name: string,
  prepare: (dataDir: string) => Promise<void>,
): Promise<string> {
  const dir = path.join(tmpdir(), name);
  if (existsSync(dir)) return dir;
  // Prepared aside and renamed: parallel test workers never open a half-made template.
  const partial = path.join(mkdtempSync(`${dir}.partial-`), 'db');
  await prepare(partial);
  try {
    renameSync(partial, dir);
  } catch (error) {
    // Another worker made it first: theirs is the same.
    if (!existsSync(dir)) throw error;
  }
  rmSync(path.dirname(partial), { recursive: true, force: true });
  return dir;
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
