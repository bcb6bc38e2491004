import { createHash } from 'node:crypto';
import { type BankProfile, DEFAULT_BANK } from './banks.js';
import { openPglite } from './db/db.js';
import { migrate, migrationFingerprint } from './db/migrations.js';
import { copyDataDir, pgliteTemplateDir, scratchDataDir } from './db/pglite-template.js';
import { SEED_FINGERPRINT, seed } from './seed/seed.js';
import { passwordHashCost } from './shared/passwords.js';

/** What a bank's prepared database holds, as a key: its migrations, seed data and password hash cost, and `profile`. */
export function bankTemplateKey(profile: BankProfile): string {
  const key = createHash('sha256')
    .update(migrationFingerprint())
    .update(SEED_FINGERPRINT)
    .update(String(passwordHashCost()))
    .digest('hex')
    .slice(0, 16);
  return `${key}_${profile.id}`;
}

/** A bank's database, migrated and seeded as `profile`'s, made once per `bankTemplateKey`. */
function templateOf(profile: BankProfile): Promise<string> {
  return pgliteTemplateDir(`greidsla-sandbox-template-${bankTemplateKey(profile)}`, async (dataDir) => {
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
