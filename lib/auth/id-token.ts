import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import { secureUrl } from '@/lib/config';

/**
 * The ID token of an electronic-ID sign-in, verified as OpenID Connect Core 3.1.3.7 asks, before a
 * single claim of it is believed: signed with a key the provider publishes at its discovery
 * document's `jwks_uri` (fetched, cached, fetched again when a token names a key not yet seen), by
 * an asymmetric algorithm; issued by the configured issuer, to this client (`aud`, and `azp` when
 * there are several audiences); not expired, not issued in the future nor long ago, within a small
 * clock skew; carrying the nonce of the request (next-auth compares it with the one it sent).
 *
 * next-auth (through oauth4webapi) checks the claims of the token it takes from the token endpoint,
 * but not its signature, nor a time of issue in the future: the provider's answer is believed. That
 * is not enough for a service whose word makes a kennitala this account's.
 */

/** Seconds of clock difference allowed between us and the provider. */
export const CLOCK_SKEW_SECONDS = 60;
/** How long after its issue an ID token is still taken: the sign-in just happened. */
export const MAX_TOKEN_AGE_SECONDS = 10 * 60;

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** Why a token was refused: a code for the log, never a claim's value. */
export type IdTokenRefusal =
  | 'missing'
  | 'insecureIssuer'
  | 'discoveryFailed'
  | 'insecureKeySet'
  | 'unknownKey'
  | 'badSignature'
  | 'expired'
  | 'claimInvalid'
  | 'keySetUnavailable'
  | 'malformed';

export type IdTokenCheck =
  | { ok: true; claims: JWTPayload & Record<string, unknown> }
  | { ok: false; reason: IdTokenRefusal; claim?: string };

/**
 * The key set of the provider's `jwks_uri`, kept between sign-ins (jose fetches it again after ten
 * minutes, or when a token names a key not in it, at most once a second). The discovery document
 * is read at every sign-in, as next-auth reads it too: a provider that moves its keys is followed.
 */
let keySet: { address: string; keys: ReturnType<typeof createRemoteJWKSet> } | undefined;

class Refused extends Error {
  constructor(readonly reason: IdTokenRefusal) {
    super(reason);
  }
}

async function keysOf(issuer: string): Promise<ReturnType<typeof createRemoteJWKSet>> {
  const address = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  let document: { issuer?: unknown; jwks_uri?: unknown };
  try {
    const response = await fetch(address, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Refused('discoveryFailed');
    document = (await response.json()) as typeof document;
  } catch {
    throw new Refused('discoveryFailed');
  }
  if (document.issuer !== issuer || typeof document.jwks_uri !== 'string')
    throw new Refused('discoveryFailed');
  if (!secureUrl(document.jwks_uri)) throw new Refused('insecureKeySet');
  if (keySet?.address !== document.jwks_uri) {
    keySet = {
      address: document.jwks_uri,
      keys: createRemoteJWKSet(new URL(document.jwks_uri), {
        cooldownDuration: 1_000,
        timeoutDuration: 5_000,
      }),
    };
  }
  return keySet.keys;
}

function refusalOf(error: unknown): { reason: IdTokenRefusal; claim?: string } {
  if (error instanceof Refused) return { reason: error.reason };
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return { reason: 'unknownKey' };
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return { reason: 'badSignature' };
  if (error instanceof errors.JWTExpired) return { reason: 'expired', claim: error.claim };
  if (error instanceof errors.JWTClaimValidationFailed) return { reason: 'claimInvalid', claim: error.claim };
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
    return { reason: 'keySetUnavailable' };
  }
  if (error instanceof TypeError && /fetch/i.test(error.message)) return { reason: 'keySetUnavailable' };
  return { reason: 'malformed' };
}

export async function verifyIdToken(
  idToken: unknown,
  expected: { issuer: string; clientId: string },
): Promise<IdTokenCheck> {
  if (typeof idToken !== 'string' || idToken === '') return { ok: false, reason: 'missing' };
  if (!secureUrl(expected.issuer)) return { ok: false, reason: 'insecureIssuer' };
  try {
    const keys = await keysOf(expected.issuer);
    const { payload } = await jwtVerify(idToken, keys, {
      issuer: expected.issuer,
      audience: expected.clientId,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_SKEW_SECONDS,
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
    });
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== expected.clientId) {
      return { ok: false, reason: 'claimInvalid', claim: 'azp' };
    }
    if (typeof payload.nonce !== 'string' || payload.nonce === '') {
      return { ok: false, reason: 'claimInvalid', claim: 'nonce' };
    }
    return { ok: true, claims: payload as JWTPayload & Record<string, unknown> };
  } catch (error) {
    return { ok: false, ...refusalOf(error) };
  }
}
