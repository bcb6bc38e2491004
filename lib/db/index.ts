import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { settings } from '@/lib/config';
import { tracingOn } from '@/lib/observability/tracing';
import { processGlobal } from '@/lib/server/process-global';
import { serverTimingOn } from '@/lib/server/server-timing';
import { keepStatementsPrepared } from '@/pglite/prepared-statements';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';
import { seedDemoPsu } from './seed';
import { traceQueries } from './traced-client';
import type { Db } from './types';

export type { Db };

export interface Database {
  db: Db;
  /** How pg-boss reaches the same database: PGlite admits no second connection. */
  jobs: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; connectionString: string };
  close(): Promise<void>;
}

const migrationsFolder = path.join(process.cwd(), 'lib/db/migrations');

async function openPostgres(url: string): Promise<Database> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max: 10 });
  if (observed()) {
    // drizzle runs a statement on the pool, or in a transaction on a client of it.
    traceQueries(pool);
    pool.on('connect', (client) => traceQueries(client));
  }
  const db = drizzle({ client: pool, schema });
  // Instances starting together take turns: the first migrates, the rest find nothing to do.
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(724501)');
    await migrate(db, { migrationsFolder });
  } finally {
    await lock.query('SELECT pg_advisory_unlock(724501)').catch(() => {});
    lock.release();
  }
  return {
    db: db as unknown as Db,
    jobs: { kind: 'postgres', connectionString: url },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const release = lockDataDir(dataDir);
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(dataDir);
  keepStatementsPrepared(client);
  if (observed()) traceTransactions(client);
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    jobs: { kind: 'pglite', client },
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** Whether each statement is watched: a span when tracing, its time when the server times requests. */
function observed(): boolean {
  return tracingOn() || serverTimingOn();
}

/** PGlite's statements, and those of its transactions, each in a span (lib/db/traced-client.ts). */
function traceTransactions(client: PGlite): void {
  traceQueries(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((
    work: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<unknown>,
  ) => transaction((tx) => work(traceQueries(tx)))) as PGlite['transaction'];
}

const state = processGlobal<{ opening?: Promise<Database> }>('database', () => ({}));

/**
 * Opens the database on first use, never at import: `next build` imports server modules in several
 * workers, and an embedded data dir admits one process only.
 */
export function openDatabase(): Promise<Database> {
  state.opening ??= (async () => {
    const { DATABASE_URL, APP_DATA_DIR } = settings();
    const database = DATABASE_URL ? await openPostgres(DATABASE_URL) : await openPglite(APP_DATA_DIR);
    await seedDemoPsu(database.db);
    return database;
  })();
  const opening = state.opening;
  opening.catch(() => {
    if (state.opening === opening) state.opening = undefined;
  });
  return opening;
}

export async function getDb(): Promise<Db> {
  return (await openDatabase()).db;
}

export async function closeDatabase(): Promise<void> {
  const current = state.opening;
  state.opening = undefined;
  if (current) await (await current).close();
}

export { schema };
