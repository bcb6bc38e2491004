import { performance } from 'node:perf_hooks';
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

/**
 * How long an offset read stays the clock's for the calls that ask every time (PIS calls: access-tokens.ts). The
 * clock moves only by `advanceClock`, which drops what was read in this process at once; a move by another process
 * sharing the PostgreSQL database is seen after at most this long.
 */
const OFFSET_KEPT_MS = 100;

let offsetsRead = new WeakMap<Queryable, { at: number; offsetMs: number }>();

/** An offset read now, by `clockOffset` or along with another statement (`clock.offset_ms`). */
export function offsetRead(db: Queryable, offsetMs: number | null | undefined): number {
  const value = offsetMs ?? 0;
  offsetsRead.set(db, { at: performance.now(), offsetMs: value });
  return value;
}

/** The clock's offset, as read within `OFFSET_KEPT_MS`, or read now. */
export async function clockOffset(db: Queryable): Promise<number> {
  const read = offsetsRead.get(db);
  if (read && performance.now() - read.at <= OFFSET_KEPT_MS) return read.offsetMs;
  const rows = await db.query<{ offset_ms: number }>('SELECT offset_ms FROM clock WHERE id = 1');
  return offsetRead(db, rows[0]?.offset_ms);
}

/** The sandbox clock from an offset that another statement read along (`clock.offset_ms`). */
export function sandboxTimeAt(offsetMs: number | null | undefined): number {
  return Date.now() + (offsetMs ?? 0);
}

export async function advanceClock(db: Queryable, seconds: number): Promise<number> {
  await db.query('UPDATE clock SET offset_ms = offset_ms + $1 WHERE id = 1', [seconds * 1000]);
  offsetsRead = new WeakMap();
  return sandboxNow(db);
}
