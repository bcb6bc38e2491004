import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * When CI provides a PostgreSQL server (TEST_DATABASE_URL, an admin connection), every test that
 * needs a database gets a new one there instead of an embedded PGlite: the same tests, both engines.
 */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/** A database made ready once, which new test databases copy: its name (a key of what it holds) and how. */
export interface TemplateDatabase {
  name: string;
  /** Makes the empty database at this URL ready (migrations, seed), and closes every connection it opened. */
  prepare(url: string): Promise<void>;
}

function databaseUrl(name: string): string {
  const url = new URL(testDatabaseUrl() ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * `template` on the test server, made if it is not there yet, through `admin`. Test processes starting together take
 * turns (an advisory lock): the first makes it aside and renames it when it is ready, so that none copies a half-made
 * one.
 */
async function ensureTemplate(admin: pg.Client, template: TemplateDatabase): Promise<void> {
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template.name]);
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template.name]);
    if (exists.rowCount) return;
    const partial = `${template.name}_partial`;
    await admin.query(`DROP DATABASE IF EXISTS "${partial}"`);
    await admin.query(`CREATE DATABASE "${partial}"`);
    await template.prepare(databaseUrl(partial));
    await admin.query(`ALTER DATABASE "${partial}" RENAME TO "${template.name}"`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template.name]);
  }
}

/**
 * A new database on the test server, its URL: empty, or a copy of `template` (a copy costs a tenth of the
 * migrations and seed it holds: 0.1 s against 0.6–1 s for a bank's, most of it hashing the seeded passwords).
 */
export async function createTestDatabase(prefix: string, template?: TemplateDatabase): Promise<string> {
  if (!testDatabaseUrl()) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin(async (admin) => {
    if (template) await ensureTemplate(admin, template);
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template.name}"` : ''}`);
  });
  return databaseUrl(name);
}
