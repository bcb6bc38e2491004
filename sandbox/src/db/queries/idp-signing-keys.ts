import type { Queryable } from '../db.js';
import { insertInto, jsonb } from './sql.js';

export interface IdpSigningKeyRow {
  kid: string;
  alg: string;
  private_jwk: Record<string, unknown>;
  public_jwk: Record<string, unknown>;
  created_at: number;
}

/** Every signing key, the one in use (the oldest) first. */
export async function listIdpSigningKeys(q: Queryable): Promise<IdpSigningKeyRow[]> {
  return q.query<IdpSigningKeyRow>('SELECT * FROM idp_signing_keys ORDER BY created_at, kid');
}

export async function insertIdpSigningKey(q: Queryable, key: IdpSigningKeyRow): Promise<void> {
  await insertInto(
    q,
    'idp_signing_keys',
    { ...key, private_jwk: jsonb(key.private_jwk), public_jwk: jsonb(key.public_jwk) },
    'ON CONFLICT (kid) DO NOTHING',
  );
}
