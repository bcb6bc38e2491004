import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dumpPreparedPglite } from './db/db.js';
import { migrationFingerprint } from './db/migrations.js';
import { SEED_FINGERPRINT } from './seed/seed.js';
import { prepareDatabase } from './server.js';

/**
 * For test runners (vitest, Playwright): a fresh PGlite costs seconds, so a migrated and seeded one is built
 * once, dumped, and cached in the temp dir under a hash of the migrations and seed data. Pass the result as
 * `startSandbox({ port: 0, pgliteTemplate })` to start from an in-memory copy in well under a second.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const key = createHash('sha256')
    .update(migrationFingerprint())
    .update(SEED_FINGERPRINT)
    .digest('hex')
    .slice(0, 16);
  const path = join(tmpdir(), `greidsla-sandbox-template-${key}.tar.gz`);
  if (!existsSync(path)) {
    const dump = await dumpPreparedPglite(prepareDatabase);
    // Written aside and renamed: parallel test workers never read a half-written file.
    const temporary = `${path}.${process.pid}.${randomUUID()}`;
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporary, path);
  }
  return new Blob([readFileSync(path)]);
}
