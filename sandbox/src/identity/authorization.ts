import { randomBytes } from 'node:crypto';
import type { IdpClient } from '../config.js';
import type { Queryable } from '../db/db.js';
import { sandboxNow } from '../db/queries/clock.js';
import { deleteExpiredIdpSignIns, insertIdpSignIn } from '../db/queries/idp-sign-ins.js';
import { PKCE_VALUE } from '../shared/pkce.js';
import { sha256Hex } from '../shared/secrets.js';
import { SCOPES } from './discovery.js';

/** How long the person has to sign in after the client sent them (sandbox clock). */
export const SIGN_IN_SECONDS = 10 * 60;

/** Parameters that may appear once at most (RFC 6749 3.1); client_id and redirect_uri are checked first. */
const ONCE = [
  'response_type',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'max_age',
  'ui_locales',
  'response_mode',
];

/** The most characters of `state` and `nonce` kept (they travel back unchanged). */
const MAX_ECHOED = 1024;

/**
 * What an authorization request leads to:
 * - `refused`: the client or redirect URI cannot be trusted, so the person is told on a page and not sent
 *   anywhere (RFC 6749 4.1.2.1);
 * - `redirect`: an error sent back to the client's redirect URI (`error`, `error_description`, `state`, `iss`);
 * - `signIn`: a sign-in under way, shown at `/idp/signin/{signInId}`.
 */
export type AuthorizationOutcome =
  | { kind: 'refused'; problem: 'client' | 'redirectUri' }
  | { kind: 'redirect'; location: string }
  | { kind: 'signIn'; signInId: string };

/** The redirect URI with the answer's parameters added, the issuer among them (RFC 9207). */
export function redirectWith(
  redirectUri: string,
  issuer: string,
  state: string | null,
  params: Record<string, string>,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (state !== null) url.searchParams.set('state', state);
  url.searchParams.set('iss', issuer);
  return url.toString();
}

function firstLanguage(list: string | undefined): 'is' | 'en' | undefined {
  for (const tag of (list ?? '').split(/[\s,]+/)) {
    const primary = tag.split(';')[0]?.split('-')[0]?.trim().toLowerCase();
    if (primary === 'is' || primary === 'en') return primary;
  }
  return undefined;
}

/**
 * The authorization endpoint (OpenID Connect Core 3.1.2.1, RFC 6749 4.1.1, RFC 7636 4.3): authorization code
 * only, PKCE with S256 required, the redirect URI one of the client's, character for character. Every
 * parameter may appear once (RFC 6749 3.1). `values(name)` gives every value a parameter was sent with.
 */
export async function beginAuthorization(
  db: Queryable,
  request: {
    clients: readonly IdpClient[];
    issuer: string;
    values: (name: string) => string[];
    acceptLanguage: string | undefined;
  },
): Promise<AuthorizationOutcome> {
  const { values, issuer } = request;
  const one = (name: string) => {
    const all = values(name);
    return all.length === 1 ? all[0] : undefined;
  };
  const clientId = one('client_id');
  const client = request.clients.find((c) => c.clientId === clientId);
  if (!client) return { kind: 'refused', problem: 'client' };
  const redirectUri = one('redirect_uri');
  if (redirectUri === undefined || !client.redirectUris.includes(redirectUri)) {
    return { kind: 'refused', problem: 'redirectUri' };
  }
  const state = one('state') ?? null;
  const fail = (error: string, description: string): AuthorizationOutcome => ({
    kind: 'redirect',
    location: redirectWith(redirectUri, issuer, state?.slice(0, MAX_ECHOED) ?? null, {
      error,
      error_description: description,
    }),
  });

  const repeated = ONCE.find((name) => values(name).length > 1);
  if (repeated) return fail('invalid_request', `${repeated} is sent more than once.`);
  if (values('request').length > 0)
    return fail('request_not_supported', 'Request objects are not supported.');
  if (values('request_uri').length > 0) {
    return fail('request_uri_not_supported', 'request_uri is not supported.');
  }
  const responseType = one('response_type');
  if (responseType === undefined) return fail('invalid_request', 'response_type is required.');
  if (responseType !== 'code') {
    return fail(
      'unsupported_response_type',
      'Only the authorization code flow (response_type=code) is offered.',
    );
  }
  const responseMode = one('response_mode');
  if (responseMode !== undefined && responseMode !== 'query') {
    return fail('invalid_request', 'Only response_mode=query is offered.');
  }
  const scopes = (one('scope') ?? '').split(' ').filter(Boolean);
  if (!scopes.includes('openid')) return fail('invalid_scope', 'The scope must include openid.');
  const challenge = one('code_challenge');
  // RFC 7636 4.4.1: a server that requires PKCE answers a request without it with invalid_request.
  if (challenge === undefined) return fail('invalid_request', 'code_challenge is required (PKCE with S256).');
  if (one('code_challenge_method') !== 'S256') {
    return fail('invalid_request', 'code_challenge_method must be S256; plain is not accepted.');
  }
  if (!PKCE_VALUE.test(challenge)) {
    return fail('invalid_request', 'code_challenge must be 43 to 128 unreserved characters.');
  }
  const prompts = (one('prompt') ?? '').split(' ').filter(Boolean);
  if (prompts.includes('none')) {
    // No session is kept here: every sign-in asks the person again.
    return prompts.length > 1
      ? fail('invalid_request', 'prompt=none cannot be combined with other values.')
      : fail('login_required', 'The person must sign in.');
  }
  const maxAge = one('max_age');
  if (maxAge !== undefined && !/^[0-9]{1,10}$/.test(maxAge)) {
    return fail('invalid_request', 'max_age must be a number of seconds.');
  }
  const nonce = one('nonce') ?? null;
  if ((state?.length ?? 0) > MAX_ECHOED || (nonce?.length ?? 0) > MAX_ECHOED) {
    return fail('invalid_request', `state and nonce may have at most ${MAX_ECHOED} characters.`);
  }

  const signInId = randomBytes(24).toString('base64url');
  const now = await sandboxNow(db);
  await deleteExpiredIdpSignIns(db, now);
  await insertIdpSignIn(db, {
    id_hash: sha256Hex(signInId),
    client_id: client.clientId,
    redirect_uri: redirectUri,
    scope: SCOPES.filter((scope) => scopes.includes(scope)).join(' '),
    state,
    nonce,
    code_challenge: challenge,
    language: firstLanguage(one('ui_locales')) ?? firstLanguage(request.acceptLanguage) ?? 'is',
    expires_at: now + SIGN_IN_SECONDS * 1000,
  });
  return { kind: 'signIn', signInId };
}
