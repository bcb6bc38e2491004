import type { Queryable } from '../db.js';
import { clockOffset, offsetRead } from './clock.js';
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

/**
 * Tokens found, per database, by hash. A token's row never changes once issued (the sandbox clock alone decides when
 * it has expired), so each is read once; a hash not found is asked again, since another process sharing the
 * PostgreSQL database may issue it. At most `TOKENS_KEPT` per database.
 */
const tokensFound = new WeakMap<Queryable, Map<string, AccessTokenRow>>();
const TOKENS_KEPT = 10_000;

/**
 * The token with this hash, and the sandbox clock's offset (clock.ts): from memory, or read in one statement when
 * the token is not at hand.
 */
export async function findAccessToken(
  q: Queryable,
  tokenHash: string,
): Promise<(AccessTokenRow & { clock_offset_ms: number }) | undefined> {
  let found = tokensFound.get(q);
  const known = found?.get(tokenHash);
  if (known) return { ...known, clock_offset_ms: await clockOffset(q) };
  const rows = await q.query<AccessTokenRow & { clock_offset_ms: number | null }>(
    `SELECT t.client_id, t.scope, t.expires_at, c.offset_ms AS clock_offset_ms
     FROM clock c LEFT JOIN access_tokens t ON t.token_hash = $1 WHERE c.id = 1`,
    [tokenHash],
  );
  const row = rows[0];
  const offset = offsetRead(q, row?.clock_offset_ms);
  if (!row?.client_id) return undefined;
  const token = { client_id: row.client_id, scope: row.scope, expires_at: row.expires_at };
  if (!found || found.size >= TOKENS_KEPT) {
    found = new Map();
    tokensFound.set(q, found);
  }
  found.set(tokenHash, token);
  return { ...token, clock_offset_ms: offset };
}
