import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPglite } from '../src/db/db.js';
import { sandboxDataDir } from '../src/testing.js';

// A bank's database on PGlite parses and plans each statement with parameters once (../pglite/, sandbox/README.md,
// Storage), as PostgreSQL does with the statements the sandbox names there: every initiation runs the same few.
// On PGlite whatever the run's database: the PostgreSQL side is node-postgres's named statements.
describe("a bank's database on PGlite", () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite({ dataDir: await sandboxDataDir() });
  });
  afterAll(() => db?.close());

  const preparedCount = async (text: string) =>
    (
      await db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM pg_prepared_statements WHERE statement = $1',
        [text],
      )
    )[0]?.count;

  it('prepares a statement with parameters on its first run, once, and answers as before', async () => {
    const text = 'SELECT count(*)::int AS payments FROM payments WHERE id = $1';
    expect(await preparedCount(text)).toBe(0);
    for (let run = 0; run < 3; run++) expect(await db.query(text, [randomUUID()])).toEqual([{ payments: 0 }]);
    expect(await preparedCount(text)).toBe(1);
  });
});
