import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * When CI provides a PostgreSQL server (TEST_DATABASE_URL, an admin connection), every test that
 * needs a database gets a new one there instead of an embedded PGlite: the same tests, both engines.
 */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/** A new, empty database on the test server; its URL. */
export async function createTestDatabase(prefix: string): Promise<string> {
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
