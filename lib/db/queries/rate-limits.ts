import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { rateLimits } from '../schema';
import type { Db } from '../types';

/** A window's count after a hit, with the database's own clock. */
export interface WindowCount {
  hits: number;
  expiresAt: Date;
  now: Date;
}

/**
 * Counts one hit in the window under `key`, in one atomic upsert: a window that has expired starts
 * again at 1. Now and then, windows that ended long ago are dropped; a missed sweep costs a few rows.
 */
export async function countHit(db: Db, key: string, windowSeconds: number): Promise<WindowCount | undefined> {
  const expired = sql`${rateLimits.expiresAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({
      key,
      hits: 1,
      windowStart: sql`now()`,
      expiresAt: sql`now() + make_interval(secs => ${windowSeconds})`,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, expiresAt: rateLimits.expiresAt, now: sql<string>`now()` });
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(lte(rateLimits.expiresAt, sql`now() - interval '1 day'`));
  }
  return row && { hits: row.hits, expiresAt: row.expiresAt, now: new Date(row.now) };
}

/** Gives one hit back to the current window under `key`. */
export async function uncountHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.expiresAt, sql`now()`)));
}

/** Forgets the window under `key`. */
export async function forgetWindow(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
