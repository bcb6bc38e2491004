import { randomBytes } from 'node:crypto';
import type { TppClient } from '../config.js';
import type { Queryable } from '../db/db.js';
import { findAccessToken, insertAccessToken } from '../db/queries/access-tokens.js';
import { sandboxNow, sandboxTimeAt } from '../db/queries/clock.js';
import { findOAuthScaToken } from '../db/queries/oauth-sca-tokens.js';
import { fail } from '../errors.js';
import { bearerToken } from '../shared/bearer.js';
import { secretEquals, sha256Hex } from '../shared/secrets.js';

export async function issueToken(db: Queryable, clientId: string, scope: string, ttlSeconds: number) {
  const token = randomBytes(32).toString('base64url');
  const now = await sandboxNow(db);
  // Only a hash is stored: a copy of the database does not hand out working tokens.
  await insertAccessToken(db, {
    tokenHash: sha256Hex(token),
    clientId,
    scope,
    issuedAt: now,
    expiresAt: now + ttlSeconds * 1000,
  });
  return token;
}

/** Who calls: the TPP client, and for a token of an OAuth SCA code, the authorisation it is bound to. */
export interface TppCaller {
  clientId: string;
  now: number;
  boundTo?: { paymentId: string; authorisationId: string };
}

/**
 * Subscription key first, then the bearer token. Returns the TPP client the token was issued to, and the sandbox
 * clock at this check (read with the token: the instant the request is served at).
 * - missing or unknown subscription key: 401 ROLE_INVALID (see README: the key is the TPP's access to the API
 *   product, not its OAuth token; a TOKEN_* code would send a client into refreshing a token that is fine);
 * - no Authorization header, or a well-formed token we never issued: 401 TOKEN_UNKNOWN;
 * - an Authorization header that is not `Bearer <b64token>`: 401 TOKEN_INVALID;
 * - a token past its expiry on the sandbox clock: 401 TOKEN_EXPIRED;
 * - a token whose scope lacks `pis:`: 401 TOKEN_INVALID (associated with the TPP, not valid for this service).
 */
export async function authenticateTpp(
  db: Queryable,
  clients: readonly TppClient[],
  credentials: { subscriptionKey: string | undefined; authorization: string | undefined },
): Promise<TppCaller> {
  const key = credentials.subscriptionKey;
  if (!key) {
    fail(
      401,
      'ROLE_INVALID',
      'Ocp-Apim-Subscription-Key',
      'The subscription key header Ocp-Apim-Subscription-Key is missing.',
    );
  }
  if (!clients.some((client) => secretEquals(client.subscriptionKey, key))) {
    fail(401, 'ROLE_INVALID', 'Ocp-Apim-Subscription-Key', 'The subscription key is not valid for this API.');
  }
  const authorization = credentials.authorization;
  if (!authorization) fail(401, 'TOKEN_UNKNOWN', 'Authorization', 'No access token was sent.');
  const presented = bearerToken(authorization);
  if (!presented)
    fail(401, 'TOKEN_INVALID', 'Authorization', 'The Authorization header must be "Bearer <token>".');
  const hash = sha256Hex(presented);
  const token = await findAccessToken(db, hash);
  if (!token) return scaTokenCaller(db, hash);
  const now = sandboxTimeAt(token.clock_offset_ms);
  if (token.expires_at <= now) {
    fail(401, 'TOKEN_EXPIRED', 'Authorization', 'The access token has expired; request a new one.');
  }
  if (!token.scope.split(' ').includes('pis:')) {
    fail(401, 'TOKEN_INVALID', 'Authorization', 'The access token was not granted the pis: scope.');
  }
  return { clientId: token.client_id, now };
}

/**
 * A token obtained with the code of an OAuth SCA authorisation (BG IG 13.4), bound to that authorisation and its
 * payment (scope `PIS:{paymentId}`); where it may be used is the route's to say (middleware/tpp-auth.ts). A token
 * whose code was presented again is revoked (RFC 6749 4.1.2): 401 TOKEN_INVALID.
 */
async function scaTokenCaller(db: Queryable, hash: string): Promise<TppCaller> {
  const token = await findOAuthScaToken(db, hash);
  if (!token) fail(401, 'TOKEN_UNKNOWN', 'Authorization', 'The access token is not known.');
  const now = await sandboxNow(db);
  if (token.expires_at <= now)
    fail(401, 'TOKEN_EXPIRED', 'Authorization', 'The access token has expired; request a new one.');
  if (token.revoked)
    fail(
      401,
      'TOKEN_INVALID',
      'Authorization',
      'The access token was revoked: its code was presented twice.',
    );
  return {
    clientId: token.client_id,
    now,
    boundTo: { paymentId: token.payment_id, authorisationId: token.authorisation_id },
  };
}
