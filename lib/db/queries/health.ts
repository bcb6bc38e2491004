import { sql } from 'drizzle-orm';
import type { Db } from '../types';

/** A trivial statement: it answers when the database does. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The timestamp drizzle recorded for the newest migration applied to this database, or 0. */
export async function newestAppliedMigration(db: Db): Promise<number> {
  const result = await db.execute(
    sql`select max(created_at)::bigint as newest from drizzle.__drizzle_migrations`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    newest: string | number | null;
  }[];
  return Number(rows[0]?.newest ?? 0);
}
