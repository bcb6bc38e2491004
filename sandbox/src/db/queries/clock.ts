import type { Queryable } from '../db.js';

/**
 * The sandbox clock runs with real time plus an offset kept in the database, so that
 * `POST /sandbox/clock/advance` moves every due date (status steps, token expiry) at once and the
 * offset survives a restart.
 */
export async function sandboxNow(db: Queryable): Promise<number> {
  const rows = await db.query<{ offset_ms: number }>('SELECT offset_ms FROM clock WHERE id = 1');
  return sandboxTimeAt(rows[0]?.offset_ms);
}

/** The sandbox clock from an offset that another statement read along (`clock.offset_ms`). */
export function sandboxTimeAt(offsetMs: number | null | undefined): number {
  return Date.now() + (offsetMs ?? 0);
}

export async function advanceClock(db: Queryable, seconds: number): Promise<number> {
  await db.query('UPDATE clock SET offset_ms = offset_ms + $1 WHERE id = 1', [seconds * 1000]);
  return sandboxNow(db);
}
