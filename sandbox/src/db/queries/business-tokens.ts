import type { Queryable } from '../db.js';
import { insertInto } from './sql.js';

/** The online-banking user behind a business (`openid b2b`) token. */
export interface BusinessTokenOwner {
  username: string;
  name: string;
  kennitala: string;
  expires_at: number;
  /** `credentials` (the user's username and password) or `portal` (a sandbox token made in the portal). */
  origin: 'credentials' | 'portal';
}

export async function insertBusinessToken(
  q: Queryable,
  token: {
    tokenHash: string;
    username: string;
    scope: string;
    issuedAt: number;
    expiresAt: number;
    origin?: 'credentials' | 'portal';
  },
): Promise<void> {
  await insertInto(q, 'business_tokens', {
    token_hash: token.tokenHash,
    username: token.username,
    scope: token.scope,
    issued_at: token.issuedAt,
    expires_at: token.expiresAt,
    origin: token.origin,
  });
}

export async function findBusinessTokenOwner(
  q: Queryable,
  tokenHash: string,
): Promise<BusinessTokenOwner | undefined> {
  const rows = await q.query<BusinessTokenOwner>(
    `SELECT t.username, p.name, p.kennitala, t.expires_at, t.origin FROM business_tokens t
     JOIN psus p ON p.username = t.username WHERE t.token_hash = $1`,
    [tokenHash],
  );
  return rows[0];
}
