import type { Queryable } from '../db.js';
import { insertInto } from './sql.js';

/** An authorization request waiting for the person to sign in; only the SHA-256 of its id is stored. */
export interface IdpSignInRow {
  id_hash: string;
  client_id: string;
  redirect_uri: string;
  scope: string;
  state: string | null;
  nonce: string | null;
  code_challenge: string;
  language: 'is' | 'en';
  expires_at: number;
}

export async function insertIdpSignIn(q: Queryable, row: IdpSignInRow): Promise<void> {
  await insertInto(q, 'idp_sign_ins', { ...row });
}

export async function findIdpSignIn(
  q: Queryable,
  idHash: string,
  now: number,
): Promise<IdpSignInRow | undefined> {
  const rows = await q.query<IdpSignInRow>(
    'SELECT * FROM idp_sign_ins WHERE id_hash = $1 AND expires_at > $2',
    [idHash, now],
  );
  return rows[0];
}

/** Ends a sign-in; false when another request ended it first. */
export async function deleteIdpSignIn(q: Queryable, idHash: string): Promise<boolean> {
  return (
    (await q.query('DELETE FROM idp_sign_ins WHERE id_hash = $1 RETURNING id_hash', [idHash])).length > 0
  );
}

/** Sign-ins left unfinished past their time. */
export async function deleteExpiredIdpSignIns(q: Queryable, now: number): Promise<void> {
  await q.query('DELETE FROM idp_sign_ins WHERE expires_at <= $1', [now]);
}
