import { createHash } from 'node:crypto';
import { type BankProfile, DEFAULT_BANK } from './banks.js';
import { openPglite } from './db/db.js';
import { migrate, migrationFingerprint } from './db/migrations.js';
import { copyDataDir, pgliteTemplateDir, scratchDataDir } from './db/pglite-template.js';
import { SEED_FINGERPRINT, seed } from './seed/seed.js';

/** A bank's database, migrated and seeded as `profile`'s, made once per set of migrations and seed data. */
function templateOf(profile: BankProfile): Promise<string> {
  const key = createHash('sha256')
    .update(migrationFingerprint())
    .update(SEED_FINGERPRINT)
    .digest('hex')
    .slice(0, 16);
  return pgliteTemplateDir(`greidsla-sandbox-template-${key}-${profile.id}`, async (dataDir) => {
    const db = await openPglite({ dataDir });
    await migrate(db);
    await seed(db, profile);
    await db.close();
  });
}

/**
 * For test runners and benchmarks: a PGlite data dir of the default bank, migrated and seeded, at `dataDir` (by
 * default a new one of this process's own, removed when it exits), beside those of `otherBanks` where a sandbox
 * playing them looks for theirs (`<dataDir>-banks/<id>`). Pass it as `startSandbox({ port: 0, dataDir, otherBanks })`
 * or `SANDBOX_DATA_DIR`.
 */
export async function sandboxDataDir(
  otherBanks: readonly BankProfile[] = [],
  dataDir = scratchDataDir(),
): Promise<string> {
  copyDataDir(await templateOf(DEFAULT_BANK), dataDir);
  for (const profile of otherBanks) copyDataDir(await templateOf(profile), `${dataDir}-banks/${profile.id}`);
  return dataDir;
}
