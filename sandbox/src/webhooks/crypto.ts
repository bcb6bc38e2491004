import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { CompactEncrypt } from 'jose';

/**
 * How the sandbox bank signs and encrypts a delivery (ARCHITECTURE.md, "Webhook deliveries"):
 * - secret: `whsec_` + base64url of 32 random bytes;
 * - `X-Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA256>`, keyed with the UTF-8 bytes of
 *   the whole secret string, over `{t}.{raw body}`;
 * - body: JWE compact `{"alg":"dir","enc":"A256GCM","cty":"application/json"}`, key =
 *   HKDF-SHA256(IKM = UTF-8 of the whole secret, salt = empty, info = `bank-webhook-jwe-v1`, 32 bytes).
 */
export const SECRET_PREFIX = 'whsec_';
export const HKDF_INFO = 'bank-webhook-jwe-v1';
export const JWE_HEADER = { alg: 'dir', enc: 'A256GCM', cty: 'application/json' } as const;

export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${unixSeconds}.${rawBody}`, 'utf8')
    .digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export function deliveryKey(secret: string): Uint8Array {
  return new Uint8Array(
    hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), Buffer.from(HKDF_INFO, 'utf8'), 32),
  );
}

/** A fresh IV each call: every attempt carries a different ciphertext of the same envelope. */
export function encryptEnvelope(envelope: unknown, secret: string): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(envelope)))
    .setProtectedHeader({ ...JWE_HEADER })
    .encrypt(deliveryKey(secret));
}
