import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `X-Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA256>`, keyed with the UTF-8 bytes
 * of the whole signing secret (prefix included) over `{t}.{raw body}`. During a secret rotation the
 * bank may send several `v1=` values; one match is enough. This is the format Stripe uses, so
 * stripe-node's verifier accepts our signatures (tests/webhooks/signature.test.ts).
 */
export const signatureHeaderName = 'X-Webhook-Signature';

export type SignatureRefusal = 'missing' | 'malformed' | 'stale' | 'mismatch';

export type SignatureCheck = { ok: true; secretIndex: number } | { ok: false; reason: SignatureRefusal };

export interface VerifySignatureInput {
  header: string | null | undefined;
  rawBody: string;
  /** Every secret currently valid for the subscription; more than one during a rotation. */
  secrets: readonly string[];
  now?: Date;
  toleranceSeconds: number;
}

function hmac(secret: string, timestamp: number | string, rawBody: string): Buffer {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}.${rawBody}`, 'utf8').digest();
}

/** The header value the bank sends for `rawBody` at `timestamp` (unix seconds). */
export function signPayload(secret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody).toString('hex')}`;
}

interface ParsedHeader {
  timestamp: number;
  signatures: Buffer[];
}

const lowerHex64 = /^[0-9a-f]{64}$/;

function parseHeader(header: string): ParsedHeader | undefined {
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const item = part.trim();
    const at = item.indexOf('=');
    if (at <= 0) return undefined;
    const key = item.slice(0, at);
    const value = item.slice(at + 1);
    if (key === 't') {
      // One timestamp only: two would let a forger pick the one the comparison sees.
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return undefined;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!lowerHex64.test(value)) return undefined;
      signatures.push(Buffer.from(value, 'hex'));
    }
    // Other schemes (v0, a future v2) are not ours to judge; they are skipped.
  }
  if (timestamp === undefined || signatures.length === 0) return undefined;
  return { timestamp, signatures };
}

/**
 * Checks a delivery's signature before anything else is done with the body. Every `v1` is compared
 * with every secret, in constant time, and the timestamp must lie within the tolerance on both
 * sides of `now`: a delivery from the future is as suspect as a replay from the past.
 */
export function verifySignature(input: VerifySignatureInput): SignatureCheck {
  const header = input.header?.trim();
  if (!header) return { ok: false, reason: 'missing' };
  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed' };

  let matched = -1;
  input.secrets.forEach((secret, index) => {
    const expected = hmac(secret, parsed.timestamp, input.rawBody);
    for (const candidate of parsed.signatures) {
      // Both are 32 bytes (the header parser admits 64 hex digits only), as timingSafeEqual needs.
      if (timingSafeEqual(expected, candidate) && matched < 0) matched = index;
    }
  });
  if (matched < 0) return { ok: false, reason: 'mismatch' };

  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - parsed.timestamp) > input.toleranceSeconds) return { ok: false, reason: 'stale' };
  return { ok: true, secretIndex: matched };
}
