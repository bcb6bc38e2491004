import type { Queryable } from '../db.js';
import type { AuthorisationRow } from './authorisations.js';
import { insertInto } from './sql.js';

/**
 * OAuth SCA (BG IG 13): the authorisation a code was issued for, the code's single exchange, and the access
 * tokens issued for it, each bound to that authorisation. Codes and tokens are stored as SHA-256 hashes.
 */

/** An access token obtained with an OAuth SCA code (scope `PIS:{paymentId}`). */
export interface OAuthScaTokenRow {
  client_id: string;
  payment_id: string;
  authorisation_id: string;
  scope: string;
  expires_at: number;
  revoked: boolean;
}

/** The OAuth authorisation whose code has this hash, whether or not it was exchanged already. */
export async function authorisationOfCode(
  q: Queryable,
  codeHash: string,
): Promise<AuthorisationRow | undefined> {
  const rows = await q.query<AuthorisationRow>(
    `SELECT * FROM authorisations WHERE oauth_code_hash = $1 AND approach = 'OAUTH' LIMIT 1`,
    [codeHash],
  );
  return rows[0];
}

/** Marks the code of an authorisation exchanged; false when another request exchanged it first. */
export async function useOAuthCode(q: Queryable, authorisationId: string, now: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE authorisations SET oauth_code_used_at = $2 WHERE id = $1 AND oauth_code_used_at IS NULL RETURNING id`,
    [authorisationId, now],
  );
  return rows.length > 0;
}

export async function insertOAuthScaToken(
  q: Queryable,
  token: Omit<OAuthScaTokenRow, 'revoked'> & { token_hash: string },
): Promise<void> {
  await insertInto(q, 'oauth_sca_tokens', token);
}

/**
 * The token with this hash. Read each time, not kept in memory as client credentials tokens are: a token of a
 * code presented twice is revoked.
 */
export async function findOAuthScaToken(
  q: Queryable,
  tokenHash: string,
): Promise<OAuthScaTokenRow | undefined> {
  const rows = await q.query<OAuthScaTokenRow>(
    `SELECT client_id, payment_id, authorisation_id, scope, expires_at, revoked
     FROM oauth_sca_tokens WHERE token_hash = $1`,
    [tokenHash],
  );
  return rows[0];
}

/** RFC 6749 4.1.2: the tokens issued on a code that is presented again are taken back. */
export async function revokeOAuthScaTokens(q: Queryable, authorisationId: string): Promise<void> {
  await q.query('UPDATE oauth_sca_tokens SET revoked = true WHERE authorisation_id = $1', [authorisationId]);
}
