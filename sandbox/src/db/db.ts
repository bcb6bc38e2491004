import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { keepStatementsPrepared } from '../../../pglite/prepared-statements.js';

/** The few operations the sandbox needs, implemented on both PGlite and node-postgres. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

export const SCHEMA = 'sandbox';

/**
 * PGlite runs in this thread and settles its queries as microtasks, so a loop of queries (a bulk's elements
 * checked one by one) would keep the server from reading any other request until it ends. When queries have
 * held the thread for `sliceMs` without the event loop turning, the next one first lets pending I/O in, as a
 * query over a socket to PostgreSQL does by itself. Queries of requests that come and go never wait.
 */
function ioTurns(sliceMs = 5) {
  let turnedAt = performance.now();
  let watching = false;
  return async () => {
    if (!watching) {
      watching = true;
      setImmediate(() => {
        watching = false;
        turnedAt = performance.now();
      });
    }
    if (performance.now() - turnedAt >= sliceMs) await new Promise<void>((resolve) => setImmediate(resolve));
  };
}

function wrapPglite(pglite: PGlite): Db {
  const letIoIn = ioTurns();
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      await letIoIn();
      return (await pglite.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await pglite.exec(sql);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return pglite.transaction(async (tx) =>
        fn({
          async query<R>(sql: string, params: unknown[] = []) {
            await letIoIn();
            return (await tx.query<R>(sql, params)).rows;
          },
        }),
      );
    },
    async close() {
      await pglite.close();
    },
  };
}

export interface PgliteOptions {
  dataDir?: string | undefined;
  /** For a data dir that holds no cluster yet: a cluster to start from instead of initialising one (`blankCluster`). */
  loadDataDir?: Blob | undefined;
}

async function createPglite(options: PgliteOptions): Promise<PGlite> {
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await pglite.exec(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}; SET search_path TO ${SCHEMA}, public;`);
  // Each statement parsed and planned once, as on PostgreSQL (statementName below).
  keepStatementsPrepared(pglite);
  return pglite;
}

/** PGlite in `dataDir`, or in memory without one. */
export async function openPglite(options: PgliteOptions): Promise<Db> {
  return wrapPglite(await createPglite(options));
}

/** Whether `dataDir` holds a PGlite cluster already (a dir with nothing but the sandbox's lock file does not). */
export function holdsCluster(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * A simulated bank's database holds little: it runs with 16 MB of shared buffers, not PostgreSQL's 128. Each PGlite
 * clears its buffers as it opens: with 128 MB that took 360 ms of CPU and left its process at 450 MB, with 16 MB 210
 * ms and 200 MB (3 December 2026, 2 cores). Takes effect when the cluster is next opened.
 */
export async function setSmallSharedBuffers(pglite: PGlite): Promise<void> {
  await pglite.exec(`ALTER SYSTEM SET shared_buffers = '16MB'`);
}

/**
 * A newly initialised PGlite cluster with small shared buffers (`setSmallSharedBuffers`), as a tarball. Initialising
 * one costs about 4 s of CPU and loading this into a new data dir under 1 s, so a sandbox that makes several banks'
 * data dirs at once (a first `npm start`: five) initialises one cluster and loads it into each.
 */
export async function blankCluster(): Promise<Blob> {
  const pglite = await PGlite.create();
  try {
    await setSmallSharedBuffers(pglite);
    return await pglite.dumpDataDir('none');
  } finally {
    await pglite.close();
  }
}

/** At most this many statements are prepared (per pooled connection, on first use); any more are parsed each time. */
const PREPARED_AT_MOST = 500;
const statementNames = new Map<string, string>();

/**
 * The name a query is prepared under on each connection, so that PostgreSQL parses and plans it once there, not on
 * every call: every initiation runs the same few. Undefined (not prepared) for other statements (the migrations'
 * DDL, transaction control) and beyond `PREPARED_AT_MOST` texts, so that queries whose text varies (a bulk's rows)
 * cannot fill the server's memory.
 */
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (
    name === undefined &&
    statementNames.size < PREPARED_AT_MOST &&
    /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(sql)
  ) {
    name = `sandbox_${statementNames.size}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** `schema`: the bank's own (one per bank the sandbox plays); a name of letters, digits and `_` only. */
export async function openPostgres(connectionString: string, schema = SCHEMA): Promise<Db> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Not a schema name: ${schema}`);
  // Every pooled connection works in the sandbox's own schema, so the app's tables are never touched.
  const pool = new pg.Pool({ connectionString, options: `-c search_path=${schema},public`, max: 5 });
  await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pool.query({ name: statementName(sql), text: sql, values: params });
      return result.rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await fn({
          async query<R>(sql: string, params: unknown[] = []) {
            const result = await client.query({ name: statementName(sql), text: sql, values: params });
            return result.rows as R[];
          },
        });
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
