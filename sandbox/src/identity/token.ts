import { createHash, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { IdpClient } from '../config.js';
import type { Db } from '../db/db.js';
import { sandboxNow } from '../db/queries/clock.js';
import {
  consumeIdpCode,
  type IdpCodeRow,
  insertIdpAccessToken,
  revokeIdpTokensOfCode,
} from '../db/queries/idp-grants.js';
import { findIdpPerson, type IdpPersonRow } from '../db/queries/idp-people.js';
import { PKCE_VALUE, verifierMatches } from '../shared/pkce.js';
import { secretEquals, sha256Hex } from '../shared/secrets.js';
import { personClaims } from './claims.js';
import { ID_TOKEN_ALG, signingKey } from './keys.js';

/** Lifetime of an access token (sandbox clock) and of an ID token (real time). */
export const ACCESS_TOKEN_SECONDS = 10 * 60;
export const ID_TOKEN_SECONDS = 10 * 60;

export interface TokenRequest {
  form: URLSearchParams;
  /** The client's credentials from `Authorization: Basic`, `malformed` when that header could not be read. */
  basic: { id: string; secret: string } | 'malformed' | undefined;
}

/** The answer of the token endpoint; 401 carries `WWW-Authenticate: Basic` (RFC 6749 5.2). */
export interface TokenAnswer {
  status: 200 | 400 | 401;
  body: Record<string, unknown>;
}

const error = (status: 400 | 401, code: string, description: string): TokenAnswer => ({
  status,
  body: { error: code, error_description: description },
});

/** RFC 6749 2.3: client_secret_basic or client_secret_post, not both; the secret compared in constant time. */
function authenticateClient(clients: readonly IdpClient[], request: TokenRequest): IdpClient | TokenAnswer {
  const { form, basic } = request;
  if (basic === 'malformed') return error(401, 'invalid_client', 'The Basic credentials cannot be read.');
  if (basic && form.has('client_secret')) {
    return error(400, 'invalid_request', 'Use one client authentication method, not both.');
  }
  if (basic && form.has('client_id') && form.get('client_id') !== basic.id) {
    return error(400, 'invalid_request', 'client_id differs from the authenticated client.');
  }
  const id = basic?.id ?? form.get('client_id');
  const secret = basic?.secret ?? form.get('client_secret');
  const client = clients.find((c) => c.clientId === id);
  if (!client || secret === null || !secretEquals(secret, client.clientSecret)) {
    return error(401, 'invalid_client', 'Client authentication failed.');
  }
  return client;
}

/** Why a code (already marked used) gives no tokens to this request, or null when it does. */
function codeProblem(code: IdpCodeRow, client: IdpClient, form: URLSearchParams, now: number): string | null {
  if (code.client_id !== client.clientId) return 'The code was issued to another client.';
  if (code.expires_at <= now) return 'The code has expired.';
  if (form.get('redirect_uri') !== code.redirect_uri) {
    return 'redirect_uri differs from the one of the authorization request.';
  }
  const verifier = form.get('code_verifier');
  if (verifier === null) return 'code_verifier is required: the code was issued with a code_challenge.';
  if (!verifierMatches(verifier, code.code_challenge))
    return 'code_verifier does not match the code_challenge.';
  return null;
}

/** OpenID Connect Core 3.3.2.11: the left half of the SHA-256 of the access token, base64url. */
function accessTokenHash(token: string): string {
  return createHash('sha256').update(token, 'ascii').digest().subarray(0, 16).toString('base64url');
}

/**
 * The code spent and its access token stored in one transaction, so that a presentation of the same code that
 * comes while this one is under way waits for it (the row is locked), finds the code used, and takes back the token
 * this one issued (RFC 6749 4.1.2), however close together the two come.
 */
async function spendCode(
  db: Db,
  codeHash: string,
  client: IdpClient,
  form: URLSearchParams,
  now: number,
): Promise<TokenAnswer | { fresh: IdpCodeRow; person: IdpPersonRow; accessToken: string }> {
  return db.transaction(async (tx) => {
    const { fresh, spent } = await consumeIdpCode(tx, codeHash, now);
    if (spent) {
      await revokeIdpTokensOfCode(tx, codeHash);
      return error(400, 'invalid_grant', 'The code was used before.');
    }
    if (!fresh) return error(400, 'invalid_grant', 'The code is unknown.');
    const problem = codeProblem(fresh, client, form, now);
    if (problem) return error(400, 'invalid_grant', problem);
    const person = await findIdpPerson(tx, fresh.kennitala);
    if (!person) return error(400, 'invalid_grant', 'The person of this code is no longer known.');
    const accessToken = randomBytes(32).toString('base64url');
    await insertIdpAccessToken(tx, {
      token_hash: sha256Hex(accessToken),
      code_hash: codeHash,
      client_id: client.clientId,
      kennitala: person.kennitala,
      scope: fresh.scope,
      expires_at: now + ACCESS_TOKEN_SECONDS * 1000,
    });
    return { fresh, person, accessToken };
  });
}

/**
 * The token endpoint (RFC 6749 4.1.3, 5.1, 5.2; RFC 7636 4.5, 4.6; OpenID Connect Core 3.1.3): the client
 * authenticates, the code is spent at its first presentation by an authenticated client whatever follows (a
 * second presentation is refused and takes back the tokens of the first), and it must be this client's,
 * unexpired, for the same redirect URI, with the verifier of its challenge. The answer: an access token for the
 * userinfo endpoint and an ID token signed with the provider's key.
 */
export async function exchangeCode(
  db: Db,
  request: { clients: readonly IdpClient[]; issuer: string } & TokenRequest,
): Promise<TokenAnswer> {
  const { form } = request;
  const repeated = [...new Set(form.keys())].find((name) => form.getAll(name).length > 1);
  if (repeated) return error(400, 'invalid_request', `${repeated} is sent more than once.`);
  const client = authenticateClient(request.clients, request);
  if ('status' in client) return client;
  const grantType = form.get('grant_type');
  if (grantType === null) return error(400, 'invalid_request', 'grant_type is required.');
  if (grantType !== 'authorization_code') {
    return error(400, 'unsupported_grant_type', 'Only the authorization_code grant is offered.');
  }
  const code = form.get('code');
  if (!code) return error(400, 'invalid_request', 'code is required.');
  if (form.get('redirect_uri') === null) return error(400, 'invalid_request', 'redirect_uri is required.');
  const verifier = form.get('code_verifier');
  if (verifier !== null && !PKCE_VALUE.test(verifier)) {
    return error(400, 'invalid_request', 'code_verifier must be 43 to 128 unreserved characters.');
  }

  const now = await sandboxNow(db);
  const spent = await spendCode(db, sha256Hex(code), client, form, now);
  if ('status' in spent) return spent;
  const { fresh, person, accessToken } = spent;
  // ID token times are real time: the client checks them against its own clock, whatever the sandbox clock says.
  const issuedAt = Math.floor(Date.now() / 1000);
  const { kid, key } = await signingKey(db);
  const idToken = await new SignJWT({
    ...personClaims(person, fresh.scope.split(' ')),
    auth_time: Math.floor(fresh.auth_time / 1000),
    ...(fresh.nonce !== null ? { nonce: fresh.nonce } : {}),
    at_hash: accessTokenHash(accessToken),
  })
    .setProtectedHeader({ alg: ID_TOKEN_ALG, kid, typ: 'JWT' })
    .setIssuer(request.issuer)
    .setAudience(client.clientId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ID_TOKEN_SECONDS)
    .sign(key);
  return {
    status: 200,
    body: {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      scope: fresh.scope,
      id_token: idToken,
    },
  };
}
