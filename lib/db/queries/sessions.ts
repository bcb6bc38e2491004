import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { sessions } from '@/lib/db/schema';

/** The queries of lib/auth/sessions.ts: the database's clock decides, whatever the app's says. */

export async function insertSession(db: Db, psuId: string, maxHours: number): Promise<string | undefined> {
  const [row] = await db
    .insert(sessions)
    .values({ psuId, expiresAt: sql`now() + make_interval(hours => ${maxHours})` })
    .returning({ id: sessions.id });
  return row?.id;
}

/** The session, if it still holds: not ended, not past its end, and used within `idleMinutes`. */
function stillOpen(sessionId: string, idleMinutes: number) {
  return and(
    eq(sessions.id, sessionId),
    isNull(sessions.endedAt),
    gt(sessions.expiresAt, sql`now()`),
    gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${idleMinutes})`),
  );
}

/** Marks the session used now, if it still holds; its PSU, or undefined. */
export async function touchOpenSession(
  db: Db,
  sessionId: string,
  idleMinutes: number,
): Promise<string | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(stillOpen(sessionId, idleMinutes))
    .returning({ psuId: sessions.psuId });
  return row?.psuId;
}

/** The PSU of the session, if it still holds, without marking it used. */
export async function openSessionPsu(
  db: Db,
  sessionId: string,
  idleMinutes: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ psuId: sessions.psuId })
    .from(sessions)
    .where(stillOpen(sessionId, idleMinutes));
  return row?.psuId;
}

/** Ends the open sessions matching: one by id, or all of a PSU's but `keep`. How many ended. */
export async function endOpenSessions(
  db: Db,
  which: { sessionId: string } | { psuId: string; keep?: string },
  reason: string,
): Promise<number> {
  const match =
    'sessionId' in which
      ? eq(sessions.id, which.sessionId)
      : and(eq(sessions.psuId, which.psuId), ...(which.keep ? [ne(sessions.id, which.keep)] : []));
  const ended = await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endedReason: reason })
    .where(and(match, isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}
