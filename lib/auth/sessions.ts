import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { settings } from '@/lib/config';
import { type Db, getDb } from '@/lib/db';
import { sessions } from '@/lib/db/schema';

/**
 * Server-side sessions. The signed session cookie (a JWT) names a row here; the row, not the
 * cookie, says whether the session still holds. It ends on sign-out, on a password change (the
 * others), on "sign out everywhere", after SESSION_IDLE_MINUTES without a request, and
 * SESSION_MAX_HOURS after sign-in, whatever a copied cookie says.
 */
export type SessionEnd = 'signOut' | 'passwordChanged' | 'signOutEverywhere' | 'newSignIn' | 'rotated';

export async function startSession(psuId: string, db?: Db): Promise<string> {
  const database = db ?? (await getDb());
  const [row] = await database
    .insert(sessions)
    .values({
      psuId,
      expiresAt: sql`now() + make_interval(hours => ${settings().SESSION_MAX_HOURS})`,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('A session could not be saved');
  return row.id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The PSU of a session that still holds, after noting that it was used now; null for one that has
 * ended, lain idle too long, passed its end, or never existed. One statement checks and touches.
 */
export async function touchSession(sessionId: string, db?: Db): Promise<string | null> {
  if (!UUID.test(sessionId)) return null;
  const database = db ?? (await getDb());
  const [row] = await database
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${settings().SESSION_IDLE_MINUTES})`),
      ),
    )
    .returning({ psuId: sessions.psuId });
  return row?.psuId ?? null;
}

export async function endSession(sessionId: string, reason: SessionEnd, db?: Db): Promise<void> {
  if (!UUID.test(sessionId)) return;
  const database = db ?? (await getDb());
  await database
    .update(sessions)
    .set({ endedAt: sql`now()`, endedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every open session of the PSU, but `keep` (the browser that asked) where given. */
export async function endSessionsOf(
  psuId: string,
  reason: SessionEnd,
  keep?: string,
  db?: Db,
): Promise<number> {
  const database = db ?? (await getDb());
  const ended = await database
    .update(sessions)
    .set({ endedAt: sql`now()`, endedReason: reason })
    .where(
      and(
        eq(sessions.psuId, psuId),
        isNull(sessions.endedAt),
        ...(keep && UUID.test(keep) ? [ne(sessions.id, keep)] : []),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
