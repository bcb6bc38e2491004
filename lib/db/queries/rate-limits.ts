import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { rateLimits } from '../rate-limit-schema';
import type { Db } from '../types';

/** A window's count after a hit, with the database's own clock. */
export interface WindowCount {
  hits: number;
  expiresAt: Date;
  now: Date;
}

/**
 * Counts one hit in the window under `key`, in one atomic upsert: a window that has expired starts
 * again at 1. A hit `held` is also counted as in flight until it is settled (`settleHit`). Now and
 * then, windows that ended long ago are dropped; a missed sweep costs a few rows.
 */
export async function countHit(
  db: Db,
  key: string,
  windowSeconds: number,
  held = false,
): Promise<WindowCount | undefined> {
  const expired = sql`${rateLimits.expiresAt} <= now()`;
  const holding = held ? 1 : 0;
  const [row] = await db
    .insert(rateLimits)
    .values({
      key,
      hits: 1,
      inFlight: holding,
      windowStart: sql`now()`,
      expiresAt: sql`now() + make_interval(secs => ${windowSeconds})`,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        inFlight: sql`case when ${expired} then ${holding} else ${rateLimits.inFlight} + ${holding} end`,
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

/**
 * How a held hit ends: `kept` stays counted (a wrong password), `returned` is given back (an attempt
 * refused unchecked), and `forgiving` forgets every settled hit of the window, its own included, while
 * those still in flight stay counted (a right password forgets the PSU's earlier typos, never the
 * guesses being checked beside it).
 */
export type HitOutcome = 'kept' | 'returned' | 'forgiving';

/** Settles one held hit of the current window under `key`, in one atomic update. */
export async function settleHit(db: Db, key: string, outcome: HitOutcome): Promise<void> {
  const stillInFlight = sql`greatest(${rateLimits.inFlight} - 1, 0)`;
  const hits = {
    kept: sql`${rateLimits.hits}`,
    returned: sql`greatest(${rateLimits.hits} - 1, 0)`,
    forgiving: stillInFlight,
  }[outcome];
  await db
    .update(rateLimits)
    .set({ hits, inFlight: stillInFlight })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.expiresAt, sql`now()`)));
}
