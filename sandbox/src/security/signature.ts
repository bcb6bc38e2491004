import { createHash, verify, type X509Certificate } from 'node:crypto';
import { fail } from '../errors.js';
import { normaliseSerial } from './certificates.js';

/**
 * Verification of the Berlin Group signing profile (implementation guidelines section 12, on
 * draft-cavage HTTP signatures): `Signature: keyId="SN=<hex>,CA=<issuer DN>",algorithm="rsa-sha256",
 * headers="digest x-request-id …",signature="<base64>"`, with a `Digest` of the body.
 */

const ALWAYS_SIGNED = ['digest', 'x-request-id'];
const SIGNED_IF_PRESENT = ['psu-id', 'psu-corporate-id', 'tpp-redirect-uri'];
const ALGORITHMS: Record<string, 'sha256' | 'sha512'> = { 'rsa-sha256': 'sha256', 'rsa-sha512': 'sha512' };
const DIGEST = /^(SHA-256|SHA-512)=([A-Za-z0-9+/]+={0,2})$/;

export interface SignatureParameters {
  keyId: string;
  algorithm: string;
  headers: string[];
  signature: string;
}

/** `name="value"` pairs separated by commas; undefined when the header is not of that shape. */
export function parseSignatureHeader(value: string): SignatureParameters | undefined {
  const params = new Map<string, string>();
  const pattern = /\s*([A-Za-z]+)\s*=\s*"([^"]*)"\s*(?:,|$)/y;
  let index = 0;
  while (index < value.length) {
    pattern.lastIndex = index;
    const match = pattern.exec(value);
    if (!match?.[1] || match[2] === undefined) return undefined;
    params.set(match[1], match[2]);
    index = pattern.lastIndex;
  }
  const keyId = params.get('keyId');
  const algorithm = params.get('algorithm');
  const headers = params.get('headers');
  const signature = params.get('signature');
  if (!keyId || !algorithm || !headers || !signature) return undefined;
  return { keyId, algorithm, headers: headers.trim().split(/\s+/), signature };
}

/** `C=IS\nO=…\nCN=…` as a sorted list of `attribute=value`, to compare with a keyId's CA. */
function issuerParts(certificate: X509Certificate): string[] {
  return certificate.issuer.split('\n').filter(Boolean).sort();
}

function keyIdParts(ca: string): string[] | undefined {
  try {
    return ca
      .split(',')
      .map((part) => decodeURIComponent(part.trim()))
      .filter(Boolean)
      .sort();
  } catch {
    return undefined;
  }
}

/** keyId names this certificate: its serial in hex and its issuer's DN (any attribute order, %-encoded). */
export function keyIdMatches(keyId: string, certificate: X509Certificate): boolean {
  const match = /^SN=([0-9A-Fa-f:]+),CA=(.+)$/.exec(keyId.trim());
  if (!match?.[1] || !match[2]) return false;
  if (normaliseSerial(match[1]) !== normaliseSerial(certificate.serialNumber)) return false;
  const given = keyIdParts(match[2]);
  const expected = issuerParts(certificate);
  return given !== undefined && given.length === expected.length && given.every((p, i) => p === expected[i]);
}

/**
 * Checks a signed request; `header(name)` reads a request header, `body` is the exact body bytes.
 * Every failure is 401 SIGNATURE_INVALID, with the header at fault as `path`.
 */
export function verifySignedRequest(
  header: (name: string) => string | undefined,
  body: Uint8Array,
  certificate: X509Certificate,
): void {
  const signatureHeader = header('Signature') ?? '';
  const params = parseSignatureHeader(signatureHeader);
  if (!params) {
    fail(
      401,
      'SIGNATURE_INVALID',
      'Signature',
      'Signature must carry keyId, algorithm, headers and signature as name="value" pairs.',
    );
  }
  if (!keyIdMatches(params.keyId, certificate)) {
    fail(
      401,
      'SIGNATURE_INVALID',
      'Signature',
      'keyId must be SN=<serial in hex>,CA=<issuer DN> of the certificate in TPP-Signature-Certificate.',
    );
  }
  const hash = ALGORITHMS[params.algorithm.toLowerCase()];
  if (!hash || certificate.publicKey.asymmetricKeyType !== 'rsa') {
    fail(
      401,
      'SIGNATURE_INVALID',
      'Signature',
      'algorithm must be rsa-sha256 or rsa-sha512, with an RSA key in the certificate.',
    );
  }
  const signed = params.headers.map((name) => name.toLowerCase());
  const required = [...ALWAYS_SIGNED, ...SIGNED_IF_PRESENT.filter((name) => header(name) !== undefined)];
  const missing = required.filter((name) => !signed.includes(name));
  if (missing.length > 0)
    fail(401, 'SIGNATURE_INVALID', 'Signature', `headers must include ${missing.join(', ')}.`);
  const extra = signed.filter((name) => !required.includes(name));
  if (extra.length > 0 || new Set(signed).size !== signed.length) {
    fail(
      401,
      'SIGNATURE_INVALID',
      'Signature',
      `headers may name only digest, x-request-id and, when sent, psu-id, psu-corporate-id, tpp-redirect-uri, each once${extra.length ? `; not ${extra.join(', ')}` : ''}.`,
    );
  }
  const digest = DIGEST.exec(header('Digest') ?? '');
  if (!digest?.[1] || !digest[2])
    fail(401, 'SIGNATURE_INVALID', 'Digest', 'Digest must be SHA-256=<base64> or SHA-512=<base64>.');
  const expected = createHash(digest[1] === 'SHA-256' ? 'sha256' : 'sha512')
    .update(body)
    .digest('base64');
  if (expected !== digest[2])
    fail(401, 'SIGNATURE_INVALID', 'Digest', 'Digest does not match the request body.');
  const signingString = signed.map((name) => `${name}: ${header(name) ?? ''}`).join('\n');
  let valid = false;
  try {
    valid = verify(
      hash,
      Buffer.from(signingString, 'utf8'),
      certificate.publicKey,
      Buffer.from(params.signature, 'base64'),
    );
  } catch {
    valid = false;
  }
  if (!valid) {
    fail(
      401,
      'SIGNATURE_INVALID',
      'Signature',
      'The signature does not verify with the key of TPP-Signature-Certificate over the signed headers.',
    );
  }
}
