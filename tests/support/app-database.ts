import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { copyDataDir, pgliteTemplateDir, scratchDataDir } from '@/sandbox/src/db/pglite-template';
import { createTestDatabase, type TemplateDatabase, testDatabaseUrl } from './postgres';

const migrationsFolder = path.join(process.cwd(), 'lib/db/migrations');

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder).sort()) {
    if (file.endsWith('.sql')) hash.update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** A migrated app database, made once per set of migrations. */
function template(): Promise<string> {
  return pgliteTemplateDir(`greidsla-app-template-${migrationsHash()}`, async (dataDir) => {
    const client = await PGlite.create({ dataDir });
    await migrate(drizzle({ client }), { migrationsFolder });
    await client.close();
  });
}

/** On the PostgreSQL test server: an app database migrated once, which each test's copies. */
const postgresTemplate: TemplateDatabase = {
  get name() {
    return `app_template_${migrationsHash()}`;
  },
  async prepare(url) {
    const pool = new pg.Pool({ connectionString: url });
    try {
      await migratePostgres(drizzlePostgres({ client: pool }), { migrationsFolder });
    } finally {
      await pool.end();
    }
  },
};

/**
 * Settings for a new, empty app database: a copy of a migrated PGlite data dir (removed when the test process
 * exits), or, when CI provides PostgreSQL, a copy of a migrated database there. Assign them to `process.env`
 * before the app's modules read their settings.
 */
export async function freshAppDatabase(): Promise<{ APP_DATA_DIR?: string; DATABASE_URL?: string }> {
  if (testDatabaseUrl()) return { DATABASE_URL: await createTestDatabase('app', postgresTemplate) };
  return { APP_DATA_DIR: await appDataDir() };
}

/** A migrated PGlite data dir of the app's at `dataDir` (by default a new one, removed when this process exits). */
export async function appDataDir(dataDir = scratchDataDir()): Promise<string> {
  return copyDataDir(await template(), dataDir);
}
