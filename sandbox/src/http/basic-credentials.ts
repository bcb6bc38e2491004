/**
 * The client credentials of an `Authorization: Basic` header (RFC 6749 2.3.1: client id and secret each
 * form-urlencoded, joined by `:`, then base64). Undefined without such a header; `malformed` when it cannot be
 * read (not base64, no colon, broken percent-encoding), which a caller answers as failed authentication.
 */
export function basicCredentials(
  header: string | undefined,
): { id: string; secret: string } | 'malformed' | undefined {
  const match = /^Basic\s+(\S*)$/i.exec(header ?? '');
  if (!match) return undefined;
  const encoded = match[1] ?? '';
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return 'malformed';
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}

/** The credentials when readable, else undefined: for code that only looks (who is asking?) and decides later. */
export function readableBasicCredentials(
  header: string | undefined,
): { id: string; secret: string } | undefined {
  const credentials = basicCredentials(header);
  return typeof credentials === 'object' ? credentials : undefined;
}
