import type { Queryable } from '../db.js';

/**
 * Statements built from named columns. Column and table names come from the query functions of this folder,
 * never from input; every value is a parameter. A value that needs a cast in SQL is wrapped: `jsonb(…)` is sent
 * as JSON text with `::jsonb`, `numeric(…)` as a decimal string with `::numeric`.
 */
interface Cast {
  readonly cast: 'jsonb' | 'numeric';
  readonly value: string | null;
}

export type Columns = Record<string, unknown>;

export function jsonb(value: unknown): Cast {
  return { cast: 'jsonb', value: value === null ? null : JSON.stringify(value) };
}

export function numeric(value: bigint | string | null): Cast {
  return { cast: 'numeric', value: value === null ? null : value.toString() };
}

function isCast(value: unknown): value is Cast {
  return typeof value === 'object' && value !== null && 'cast' in value && 'value' in value;
}

/** The defined entries of `columns`, each with its parameter placeholder numbered from `first`. */
function bind(columns: Columns, first: number) {
  const entries = Object.entries(columns).filter(([, value]) => value !== undefined);
  return {
    names: entries.map(([name]) => name),
    placeholders: entries.map(([, value], i) =>
      isCast(value) ? `$${first + i}::${value.cast}` : `$${first + i}`,
    ),
    params: entries.map(([, value]) => (isCast(value) ? value.value : value)),
  };
}

/** `INSERT INTO table (a, b) VALUES ($1, $2) <suffix>`; columns whose value is undefined are left to their default. */
export function insertInto<T = Record<string, unknown>>(
  q: Queryable,
  table: string,
  columns: Columns,
  suffix = '',
): Promise<T[]> {
  const { names, placeholders, params } = bind(columns, 1);
  return q.query<T>(
    `INSERT INTO ${table} (${names.join(', ')}) VALUES (${placeholders.join(', ')}) ${suffix}`.trim(),
    params,
  );
}

/** One row for `insertAll`: the table and its named columns. */
export interface Insert {
  table: string;
  columns: Columns;
}

/**
 * Several rows, of one table or several, as one statement (`WITH r1 AS (INSERT …), … INSERT …`): one round trip
 * instead of one per row, and they stand or fall together without a transaction of their own. They are inserted
 * in one snapshot, so a row may reference one inserted beside it (foreign keys are checked at the statement's
 * end) but none reads another.
 */
export function insertAll(q: Queryable, inserts: readonly Insert[]): Promise<unknown[]> {
  const params: unknown[] = [];
  const statements = inserts.map(({ table, columns }) => {
    const bound = bind(columns, params.length + 1);
    params.push(...bound.params);
    return `INSERT INTO ${table} (${bound.names.join(', ')}) VALUES (${bound.placeholders.join(', ')})`;
  });
  const last = statements.pop();
  if (last === undefined) return Promise.resolve([]);
  const before = statements.map((statement, i) => `r${i + 1} AS (${statement})`);
  return q.query(before.length > 0 ? `WITH ${before.join(', ')} ${last}` : last, params);
}

/**
 * `UPDATE table SET a = $n, … WHERE <where>`; `whereParams` are `$1…` of `where`, the changed columns follow.
 * Columns whose value is undefined are left as they are.
 */
export function updateWhere<T = Record<string, unknown>>(
  q: Queryable,
  table: string,
  changes: Columns,
  where: string,
  whereParams: unknown[],
  suffix = '',
): Promise<T[]> {
  const { names, placeholders, params } = bind(changes, whereParams.length + 1);
  if (names.length === 0) throw new Error(`UPDATE ${table} without a column to set`);
  const set = names.map((name, i) => `${name} = ${placeholders[i]}`).join(', ');
  return q.query<T>(`UPDATE ${table} SET ${set} WHERE ${where} ${suffix}`.trim(), [
    ...whereParams,
    ...params,
  ]);
}
