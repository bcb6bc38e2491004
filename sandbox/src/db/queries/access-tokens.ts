import type { Queryable } from '../db.js';
import { insertInto } from './sql.js';

/** A TPP's access token (`scope` holds `pis:` and/or `ais:`); only its SHA-256 is stored. */
export interface AccessTokenRow {
  client_id: string;
  scope: string;
  expires_at: number;
}

export async function insertAccessToken(
  q: Queryable,
  token: { tokenHash: string; clientId: string; scope: string; issuedAt: number; expiresAt: number },
): Promise<void> {
  await insertInto(q, 'access_tokens', {
    token_hash: token.tokenHash,
    client_id: token.clientId,
    scope: token.scope,
    issued_at: token.issuedAt,
    expires_at: token.expiresAt,
  });
}

/** The token with this hash, and the sandbox clock's offset read in the same statement (clock.ts). */
export async function findAccessToken(
  q: Queryable,
  tokenHash: string,
): Promise<(AccessTokenRow & { clock_offset_ms: number | null }) | undefined> {
  const rows = await q.query<AccessTokenRow & { clock_offset_ms: number | null }>(
    `SELECT t.client_id, t.scope, t.expires_at, c.offset_ms AS clock_offset_ms
     FROM access_tokens t LEFT JOIN clock c ON c.id = 1 WHERE t.token_hash = $1`,
    [tokenHash],
  );
  return rows[0];
}
