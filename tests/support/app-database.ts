import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createTestDatabase, testDatabaseUrl } from './postgres';

const migrationsFolder = path.join(process.cwd(), 'lib/db/migrations');

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder).sort()) {
    if (file.endsWith('.sql')) hash.update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated app database as a tarball, made once per set of migrations: a fresh PGlite dir costs
 * seconds and much memory, a copy of this template a fraction of that.
 */
async function template(): Promise<Blob> {
  const file = path.join(tmpdir(), `greidsla-app-db-${migrationsHash()}.tar.gz`);
  if (!existsSync(file)) {
    const client = new PGlite();
    await migrate(drizzle({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir('gzip');
    await client.close();
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/**
 * Settings for a new, empty app database: a PGlite dir copied from a migrated template, or, when CI
 * provides PostgreSQL, a new database there (migrated by the app on first use). Assign them to
 * `process.env` before the app's modules read their settings.
 */
export async function freshAppDatabase(): Promise<{ APP_DATA_DIR?: string; DATABASE_URL?: string }> {
  if (testDatabaseUrl()) return { DATABASE_URL: await createTestDatabase('app') };
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'greidsla-app-')), 'db');
  const client = await PGlite.create({ dataDir, loadDataDir: await template() });
  await client.close();
  return { APP_DATA_DIR: dataDir };
}
