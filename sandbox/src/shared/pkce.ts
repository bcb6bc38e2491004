import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 4.1/4.2: a code challenge or verifier is 43 to 128 unreserved characters. */
export const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** RFC 7636 4.6: BASE64URL(SHA256(code_verifier)) equals the challenge, compared in constant time. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
