import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Queryable } from '../db/db.js';
import { insertIdpSigningKey, listIdpSigningKeys } from '../db/queries/idp-signing-keys.js';

/** The ID token's algorithm: OpenID Connect's default, which every client supports. */
export const ID_TOKEN_ALG = 'RS256';

/**
 * Makes the provider's signing key when the database has none. It is kept in the database, so ID tokens signed
 * before a restart still verify with the published key set afterwards.
 */
export async function ensureSigningKey(db: Queryable, now: number): Promise<void> {
  if ((await listIdpSigningKeys(db)).length > 0) return;
  const { privateKey, publicKey } = await generateKeyPair(ID_TOKEN_ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  await insertIdpSigningKey(db, {
    kid,
    alg: ID_TOKEN_ALG,
    private_jwk: { ...(await exportJWK(privateKey)) },
    public_jwk: { ...publicJwk, kid, alg: ID_TOKEN_ALG, use: 'sig' },
    created_at: now,
  });
}

/** The key ID tokens are signed with (the oldest of the database's keys). */
export async function signingKey(db: Queryable): Promise<{ kid: string; key: CryptoKey }> {
  const [row] = await listIdpSigningKeys(db);
  if (!row) throw new Error('The identity provider has no signing key: the database was not seeded.');
  return { kid: row.kid, key: (await importJWK(row.private_jwk as JWK, row.alg)) as CryptoKey };
}

/** The JWK Set at `jwks_uri`: the public half of every key, never a private member. */
export async function publicKeySet(db: Queryable): Promise<{ keys: JWK[] }> {
  return { keys: (await listIdpSigningKeys(db)).map((row) => row.public_jwk as JWK) };
}
