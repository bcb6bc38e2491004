import { settings } from '@/lib/config';
import { type Db, getDb } from '@/lib/db';
import { isUuid } from '@/lib/db/ids';
import { endOpenSessions, insertSession, openSessionPsu, touchOpenSession } from '@/lib/db/queries/sessions';
import { BACKGROUND_READ_HEADER } from './background-read';

/**
 * Server-side sessions. The signed session cookie (a JWT) names a row here; the row, not the
 * cookie, says whether the session still holds. It ends on sign-out, on a password change (the
 * others), on "sign out everywhere", after SESSION_IDLE_MINUTES without a request, and
 * SESSION_MAX_HOURS after sign-in, whatever a copied cookie says.
 */
export type SessionEnd = 'signOut' | 'passwordChanged' | 'signOutEverywhere' | 'newSignIn' | 'rotated';

export async function startSession(psuId: string, db?: Db): Promise<string> {
  const id = await insertSession(db ?? (await getDb()), psuId, settings().SESSION_MAX_HOURS);
  if (!id) throw new Error('A session could not be saved');
  return id;
}

/** The PSU of a session that still holds, noted as used now where `touch`; null for any other. */
async function heldSession(sessionId: string, touch: boolean, db?: Db): Promise<string | null> {
  if (!isUuid(sessionId)) return null;
  const read = touch ? touchOpenSession : openSessionPsu;
  return (await read(db ?? (await getDb()), sessionId, settings().SESSION_IDLE_MINUTES)) ?? null;
}

/**
 * The PSU of a session that still holds, after noting that it was used now; null for one that has
 * ended, lain idle too long, passed its end, or never existed. One statement checks and touches.
 */
export function touchSession(sessionId: string, db?: Db): Promise<string | null> {
  return heldSession(sessionId, true, db);
}

/**
 * The PSU of the session a request carries, if it still holds: noted as used, unless the request is one of a
 * page's own background reads (BACKGROUND_READ_HEADER), which leave a session with no one at it to lie idle.
 */
export function sessionOfRequest(
  sessionId: string,
  headers: Pick<Headers, 'get'>,
  db?: Db,
): Promise<string | null> {
  return heldSession(sessionId, headers.get(BACKGROUND_READ_HEADER) !== '1', db);
}

export async function endSession(sessionId: string, reason: SessionEnd, db?: Db): Promise<void> {
  if (!isUuid(sessionId)) return;
  await endOpenSessions(db ?? (await getDb()), { sessionId }, reason);
}

/** Ends every open session of the PSU, but `keep` (the browser that asked) where given. */
export async function endSessionsOf(
  psuId: string,
  reason: SessionEnd,
  keep?: string,
  db?: Db,
): Promise<number> {
  const kept = keep && isUuid(keep) ? keep : undefined;
  return endOpenSessions(db ?? (await getDb()), { psuId, ...(kept ? { keep: kept } : {}) }, reason);
}
