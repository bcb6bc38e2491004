import type { Queryable } from '../db.js';
import { insertInto } from './sql.js';

/** A PSU signed in on the bank's SCA pages for one authorisation; only the cookie's SHA-256 is stored. */
export async function insertScaSession(
  q: Queryable,
  session: { idHash: string; authorisationId: string; username: string; expiresAt: number },
): Promise<void> {
  await insertInto(q, 'sca_sessions', {
    id_hash: session.idHash,
    authorisation_id: session.authorisationId,
    username: session.username,
    expires_at: session.expiresAt,
  });
}

export async function scaSessionUser(
  q: Queryable,
  idHash: string,
  authorisationId: string,
  now: number,
): Promise<string | undefined> {
  const rows = await q.query<{ username: string }>(
    'SELECT username FROM sca_sessions WHERE id_hash = $1 AND authorisation_id = $2 AND expires_at > $3',
    [idHash, authorisationId, now],
  );
  return rows[0]?.username;
}

export async function deleteScaSessions(q: Queryable, authorisationId: string): Promise<void> {
  await q.query('DELETE FROM sca_sessions WHERE authorisation_id = $1', [authorisationId]);
}
