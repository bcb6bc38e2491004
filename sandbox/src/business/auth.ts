import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { sandboxNow } from '../clock.js';
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/db.js';
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
  ctx: SandboxContext,
  username: string | null,
  password: string | null,
  scopes: string[],
): Promise<{ status: 200 | 400 | 401; body: Record<string, unknown> }> {
  if (scopes.some((s) => s !== 'openid' && s !== 'b2b')) {
    return {
      status: 400,
      body: { error: 'invalid_scope', error_description: 'The business scope is "openid b2b".' },
    };
  }
  const db = await ctx.db();
  const rows = username
    ? await db.query<{ username: string; password_hash: string }>(
        'SELECT username, password_hash FROM psus WHERE username = $1',
        [username],
      )
    : [];
  const user = rows[0];
  if (!user || !password || !verifyPassword(password, user.password_hash)) {
    return {
      status: 401,
      body: { error: 'invalid_client', error_description: 'Unknown online-banking user or wrong password.' },
    };
  }
  const token = randomBytes(32).toString('base64url');
  const now = await sandboxNow(db);
  const ttl = ctx.config.tokenTtlSeconds;
  await db.query(
    'INSERT INTO business_tokens (token_hash, username, scope, issued_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [sha256Hex(token), user.username, BUSINESS_SCOPE, now, now + ttl * 1000],
  );
  return {
    status: 200,
    body: { access_token: token, token_type: 'Bearer', expires_in: ttl, scope: BUSINESS_SCOPE },
  };
}

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * Every call to the webhooks service and the business interfaces: `X-Request-ID` (UUID), then
 * `Ocp-Apim-Subscription-Key` (one of the sandbox's API keys), then the business bearer token.
 */
export async function authenticateBusiness(c: Context, ctx: SandboxContext): Promise<BusinessCaller> {
  const requestId = c.req.header('X-Request-ID');
  if (!requestId) problem(400, 'REQUEST_ID_MISSING', 'The X-Request-ID header is required.');
  if (!isUuid(requestId)) problem(400, 'REQUEST_ID_INVALID', 'X-Request-ID must be a UUID.');
  c.header('X-Request-ID', requestId);
  const key = c.req.header('Ocp-Apim-Subscription-Key');
  if (!key) problem(401, 'SUBSCRIPTION_KEY_MISSING', 'The Ocp-Apim-Subscription-Key header is missing.');
  if (!ctx.config.clients.some((client) => secretEquals(client.subscriptionKey, key))) {
    problem(401, 'SUBSCRIPTION_KEY_INVALID', 'The subscription key is not valid for this API.');
  }
  const authorization = c.req.header('Authorization');
  if (!authorization) problem(401, 'TOKEN_MISSING', 'No access token was sent.');
  const match = BEARER.exec(authorization);
  if (!match?.[1]) problem(401, 'TOKEN_INVALID', 'The Authorization header must be "Bearer <token>".');
  const db = await ctx.db();
  const caller = await callerForToken(db, match[1]);
  if (!caller) problem(401, 'TOKEN_UNKNOWN', 'The access token is not a business (openid b2b) token.');
  if (caller.expires_at <= (await sandboxNow(db))) {
    problem(401, 'TOKEN_EXPIRED', 'The access token has expired; request a new one.');
  }
  return { username: caller.username, name: caller.name, kennitala: caller.kennitala };
}

async function callerForToken(db: Queryable, token: string) {
  const rows = await db.query<{ username: string; name: string; kennitala: string; expires_at: number }>(
    `SELECT t.username, p.name, p.kennitala, t.expires_at FROM business_tokens t
     JOIN psus p ON p.username = t.username WHERE t.token_hash = $1`,
    [sha256Hex(token)],
  );
  return rows[0];
}
