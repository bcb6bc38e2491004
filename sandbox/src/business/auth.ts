import { randomBytes } from 'node:crypto';
import type { TppClient } from '../config.js';
import type { Queryable } from '../db/db.js';
import { findBusinessTokenOwner, insertBusinessToken } from '../db/queries/business-tokens.js';
import { sandboxNow } from '../db/queries/clock.js';
import { findPsu } from '../db/queries/psus.js';
import { bearerToken } from '../shared/bearer.js';
import { verifyPassword } from '../shared/passwords.js';
import { secretEquals, sha256Hex } from '../shared/secrets.js';
import { problem } from './errors.js';

/** The online-banking user a business token was issued to: the "client" of the webhooks service and claims. */
export interface BusinessCaller {
  username: string;
  name: string;
  kennitala: string;
}

export const BUSINESS_SCOPE = 'openid b2b';

/**
 * The token request of the business interfaces (spec part 5): `grant_type=client_credentials`,
 * `client_id`/`client_secret` = an online-banking user's username and password, `scope=openid b2b`.
 * Returns the RFC 6749 answer; the token is opaque and only its hash is stored.
 */
export async function businessTokenResponse(
  db: Queryable,
  ttl: number,
  username: string | null,
  password: string | null,
  scopes: string[],
): Promise<{ status: 200 | 400 | 401; body: Record<string, unknown> }> {
  if (
    !scopes.includes('openid') ||
    !scopes.includes('b2b') ||
    scopes.some((s) => s !== 'openid' && s !== 'b2b')
  ) {
    return {
      status: 400,
      body: { error: 'invalid_scope', error_description: 'The business scope is "openid b2b".' },
    };
  }
  const user = username ? await findPsu(db, username) : undefined;
  if (!user || !password || !verifyPassword(password, user.password_hash)) {
    return {
      status: 401,
      body: { error: 'invalid_client', error_description: 'Unknown online-banking user or wrong password.' },
    };
  }
  return { status: 200, body: await issueBusinessToken(db, user.username, ttl, 'credentials') };
}

/** A new opaque business token of `username`, valid `ttl` seconds on the sandbox clock; only its hash is kept. */
async function issueBusinessToken(
  db: Queryable,
  username: string,
  ttl: number,
  origin: 'credentials' | 'portal',
) {
  const token = randomBytes(32).toString('base64url');
  const now = await sandboxNow(db);
  await insertBusinessToken(db, {
    tokenHash: sha256Hex(token),
    username,
    scope: BUSINESS_SCOPE,
    issuedAt: now,
    expiresAt: now + ttl * 1000,
    origin,
  });
  return { access_token: token, token_type: 'Bearer', expires_in: ttl, scope: BUSINESS_SCOPE };
}

/**
 * The caller of the webhooks service and the business interfaces (after the HTTP layer checked X-Request-ID):
 * `Ocp-Apim-Subscription-Key` (one of the sandbox's API keys), then the business bearer token.
 */
export async function authenticateBusiness(
  db: Queryable,
  clients: readonly TppClient[],
  credentials: { subscriptionKey: string | undefined; authorization: string | undefined },
  /** Production rules (the business certificate required): a sandbox token from the portal is not accepted. */
  production = false,
): Promise<BusinessCaller> {
  const key = credentials.subscriptionKey;
  if (!key) problem(401, 'SUBSCRIPTION_KEY_MISSING', 'The Ocp-Apim-Subscription-Key header is missing.');
  if (!clients.some((client) => secretEquals(client.subscriptionKey, key))) {
    problem(401, 'SUBSCRIPTION_KEY_INVALID', 'The subscription key is not valid for this API.');
  }
  const authorization = credentials.authorization;
  if (!authorization) problem(401, 'TOKEN_MISSING', 'No access token was sent.');
  const presented = bearerToken(authorization);
  if (!presented) problem(401, 'TOKEN_INVALID', 'The Authorization header must be "Bearer <token>".');
  const caller = await findBusinessTokenOwner(db, sha256Hex(presented));
  if (!caller) problem(401, 'TOKEN_UNKNOWN', 'The access token is not a business (openid b2b) token.');
  if (caller.expires_at <= (await sandboxNow(db))) {
    problem(401, 'TOKEN_EXPIRED', 'The access token has expired; request a new one.');
  }
  if (production && caller.origin === 'portal') {
    problem(401, 'TOKEN_INVALID', 'A sandbox token made in the portal is not accepted in production.');
  }
  return { username: caller.username, name: caller.name, kennitala: caller.kennitala };
}

/**
 * A sandbox token, made in the bank's developer portal "instead of user credentials" (business spec part 5,
 * "Sandbox"): a business token of the named online-banking user, valid `ttl` seconds on the sandbox clock.
 * Undefined when there is no such user.
 */
export async function issueSandboxToken(db: Queryable, username: string, ttl: number) {
  const user = await findPsu(db, username);
  if (!user) return undefined;
  return issueBusinessToken(db, user.username, ttl, 'portal');
}
