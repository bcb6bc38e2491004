import type { Queryable } from '../db.js';
import { insertInto } from './sql.js';

/** An authorization code of the electronic-ID provider; only its SHA-256 is stored. */
export interface IdpCodeRow {
  code_hash: string;
  client_id: string;
  redirect_uri: string;
  scope: string;
  nonce: string | null;
  code_challenge: string;
  kennitala: string;
  /** Epoch milliseconds, real time (it goes into the ID token). */
  auth_time: number;
  /** Sandbox clock. */
  expires_at: number;
  consumed_at: number | null;
}

export interface IdpAccessTokenRow {
  token_hash: string;
  code_hash: string;
  client_id: string;
  kennitala: string;
  scope: string;
  expires_at: number;
  revoked: boolean;
}

export async function insertIdpCode(q: Queryable, row: Omit<IdpCodeRow, 'consumed_at'>): Promise<void> {
  await insertInto(q, 'idp_codes', { ...row });
}

/**
 * Marks a code used and returns it, in one statement: of two requests presenting the same code, one gets it.
 * `spent` is the code when it exists but was used before.
 */
export async function consumeIdpCode(
  q: Queryable,
  codeHash: string,
  now: number,
): Promise<{ fresh?: IdpCodeRow; spent?: IdpCodeRow }> {
  const fresh = (
    await q.query<IdpCodeRow>(
      'UPDATE idp_codes SET consumed_at = $2 WHERE code_hash = $1 AND consumed_at IS NULL RETURNING *',
      [codeHash, now],
    )
  )[0];
  if (fresh) return { fresh };
  const spent = (await q.query<IdpCodeRow>('SELECT * FROM idp_codes WHERE code_hash = $1', [codeHash]))[0];
  return spent ? { spent } : {};
}

export async function insertIdpAccessToken(
  q: Queryable,
  row: Omit<IdpAccessTokenRow, 'revoked'>,
): Promise<void> {
  await insertInto(q, 'idp_access_tokens', { ...row });
}

export async function findIdpAccessToken(
  q: Queryable,
  tokenHash: string,
): Promise<IdpAccessTokenRow | undefined> {
  return (
    await q.query<IdpAccessTokenRow>('SELECT * FROM idp_access_tokens WHERE token_hash = $1', [tokenHash])
  )[0];
}

/** RFC 6749 4.1.2: a code used twice takes back the tokens issued for it. */
export async function revokeIdpTokensOfCode(q: Queryable, codeHash: string): Promise<void> {
  await q.query('UPDATE idp_access_tokens SET revoked = true WHERE code_hash = $1', [codeHash]);
}
