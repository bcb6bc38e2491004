/**
 * The token of an `Authorization: Bearer <b64token>` header (RFC 6750 2.1), or null when the header is not one.
 * The scheme is matched in any case: an authentication scheme is a case-insensitive token (RFC 9110 11.1), so
 * `bearer` and `BEARER` name it as well as `Bearer`.
 */
export function bearerToken(authorization: string): string | null {
  return /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(authorization)?.[1] ?? null;
}
