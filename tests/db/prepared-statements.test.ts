import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepStatementsPrepared } from '@/pglite/prepared-statements';
import { appDataDir } from '@/tests/support/app-database';

// PGlite's own `query`, kept before the instance's is replaced, answers each statement as the reference.
let client: PGlite;
let plainQuery: PGlite['query'];

beforeAll(async () => {
  client = await PGlite.create({ dataDir: await appDataDir() });
  plainQuery = client.query.bind(client);
  keepStatementsPrepared(client);
  await client.exec(`create table sample (
    id serial primary key, name text, amount numeric(18, 2), at timestamptz, day date,
    tags text[], data jsonb, flag boolean, big int8, unique (name)
  )`);
});

afterAll(async () => {
  await client.close();
});

async function timesPrepared(text: string): Promise<number> {
  const { rows } = await plainQuery<{ count: number }>(
    'select count(*)::int as count from pg_prepared_statements where statement = $1',
    [text],
  );
  return rows[0]?.count ?? 0;
}

// As drizzle asks for its rows: arrays, with dates and times left as text.
const asDrizzleAsks: QueryOptions = {
  rowMode: 'array',
  parsers: { [types.TIMESTAMPTZ]: (value) => value, [types.DATE]: (value) => value },
};

const sampleRow = fc.record({
  name: fc.option(fc.string({ unit: 'grapheme', maxLength: 40 }).map((name) => name.replaceAll('\0', ''))),
  amount: fc.option(
    fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }).map((cents) => (Number(cents) / 100).toFixed(2)),
  ),
  at: fc.option(fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })),
  day: fc.option(
    fc
      .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
  ),
  tags: fc.option(
    fc.array(
      fc.string({ maxLength: 8 }).map((tag) => tag.replaceAll('\0', '')),
      { maxLength: 4 },
    ),
  ),
  // As the app sends a jsonb value: its text.
  data: fc.option(fc.jsonValue().map((value) => JSON.stringify(value))),
  flag: fc.option(fc.boolean()),
  big: fc.option(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String)),
});

describe('statements kept prepared (PGlite)', () => {
  beforeEach(async () => {
    await client.exec('truncate sample');
  });

  it('answers every row as PGlite query does, in each row mode and with the caller’s parsers', async () => {
    const insert = `insert into sample (name, amount, at, day, tags, data, flag, big)
      values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (name) do nothing returning *`;
    const read = 'select * from sample where id = $1';
    await fc.assert(
      fc.asyncProperty(sampleRow, async (row) => {
        const values = [row.name, row.amount, row.at, row.day, row.tags, row.data, row.flag, row.big];
        const inserted = await client.query<{ id: number }>(insert, values);
        const id = inserted.rows[0]?.id;
        if (id === undefined) {
          expect(inserted).toMatchObject({ rows: [], affectedRows: 0, command: 'INSERT' });
          return;
        }
        expect(inserted.affectedRows).toBe(1);
        for (const options of [undefined, { rowMode: 'array' } as const, asDrizzleAsks]) {
          expect(await client.query(read, [id], options)).toEqual(await plainQuery(read, [id], options));
        }
      }),
      { numRuns: 150 },
    );
    expect(await timesPrepared(insert)).toBe(1);
    expect(await timesPrepared(read)).toBe(1);
  });

  it('counts the rows a command changed, as PGlite query does', async () => {
    await client.query('insert into sample (name) values ($1), ($2), ($3)', [
      'count-a',
      'count-b',
      'count-c',
    ]);
    const update = 'update sample set flag = $1 where name like $2';
    const changed = await client.query(update, [true, 'count-%']);
    expect(changed).toEqual(await plainQuery(update, [true, 'count-%']));
    expect(changed).toMatchObject({ rows: [], affectedRows: 3, rowCount: 3, command: 'UPDATE' });
    const remove = 'delete from sample where name like $1';
    expect(await client.query(remove, ['count-%'])).toMatchObject({ affectedRows: 3, command: 'DELETE' });
  });

  it('fails a statement as PostgreSQL does, and the next one runs', async () => {
    const insert = 'insert into sample (name) values ($1)';
    await client.query(insert, ['twice']);
    const refused = await client.query(insert, ['twice']).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: '23505', constraint: 'sample_name_key' });
    await expect(client.query('select name from sample where name = $1', ['twice'])).resolves.toMatchObject({
      rows: [{ name: 'twice' }],
    });
    const wrongType = await client
      .query('select * from sample where id = $1', ['not a number'])
      .catch((e) => e);
    expect(wrongType).toMatchObject({ code: '22P02' });
  });

  it('waits for a transaction under way, and is not part of it, as PGlite query does', async () => {
    const insert = 'insert into sample (name) values ($1)';
    await client.query(insert, ['prepared before']);
    let inTransaction!: () => void;
    const begun = new Promise<void>((resolve) => {
      inTransaction = resolve;
    });
    const rolledBack = client.transaction(async (tx) => {
      await tx.query('insert into sample (name) values ($1)', ['rolled back']);
      inTransaction();
      await new Promise((resolve) => setTimeout(resolve, 100));
      throw new Error('the transaction fails');
    });
    await begun;
    const beside = client.query(insert, ['beside the transaction']);
    await expect(rolledBack).rejects.toThrow('the transaction fails');
    await beside;
    const { rows } = await client.query('select name from sample order by id');
    expect(rows).toEqual([{ name: 'prepared before' }, { name: 'beside the transaction' }]);
  });

  it('prepares the statements of a transaction too: each sees the ones before it, and goes or stays with it', async () => {
    const insert = 'insert into sample (name, amount) values ($1, $2) returning name, amount';
    const read = 'select name, amount from sample where name like $1 order by name';
    const rolledBack = client.transaction(async (tx) => {
      expect(await tx.query(insert, ['rolled back', '1.00'])).toMatchObject({ affectedRows: 1 });
      expect((await tx.query(read, ['rolled%'])).rows).toEqual([{ name: 'rolled back', amount: '1.00' }]);
      throw new Error('the transaction fails');
    });
    await expect(rolledBack).rejects.toThrow('the transaction fails');
    const twice = client.transaction(async (tx) => {
      await tx.query(insert, ['once', '2.00']);
      await tx.query(insert, ['once', '2.00']);
    });
    await expect(twice).rejects.toMatchObject({ code: '23505' });
    const committed = await client.transaction(async (tx) => {
      await tx.query(insert, ['committed', '12.50']);
      return (await tx.query(read, ['%'])).rows;
    });
    expect(committed).toEqual([{ name: 'committed', amount: '12.50' }]);
    expect((await plainQuery(read, ['%'])).rows).toEqual(committed);
    expect(await timesPrepared(insert)).toBe(1);
    expect(await timesPrepared(read)).toBe(1);
  });

  it('keeps at most 500 statements prepared, and runs the ones beyond through PGlite query', async () => {
    for (let n = 0; n < 520; n++) {
      await expect(client.query(`select $1::int + ${n} as sum`, [1])).resolves.toMatchObject({
        rows: [{ sum: n + 1 }],
      });
    }
    const { rows } = await plainQuery('select count(*)::int as count from pg_prepared_statements');
    expect(rows).toEqual([{ count: 500 }]);
  });
});
