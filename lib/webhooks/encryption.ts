import { hkdfSync } from 'node:crypto';
import { CompactEncrypt, compactDecrypt, decodeProtectedHeader } from 'jose';
import { webhookSettings } from './settings';

/**
 * A delivery body is a JWE compact token, `{"alg":"dir","enc":"A256GCM","cty":"application/json"}`,
 * whose key is HKDF-SHA256 over the UTF-8 bytes of the whole signing secret (ARCHITECTURE.md).
 */
export interface KeyDerivation {
  salt: string;
  info: string;
}

export const jweProtectedHeader = { alg: 'dir', enc: 'A256GCM', cty: 'application/json' } as const;

function configuredDerivation(): KeyDerivation {
  const { WEBHOOK_HKDF_SALT, WEBHOOK_HKDF_INFO } = webhookSettings();
  return { salt: WEBHOOK_HKDF_SALT, info: WEBHOOK_HKDF_INFO };
}

/** The 32-byte AES-256-GCM key for a subscription's deliveries. */
export function deriveKey(secret: string, derivation: KeyDerivation = configuredDerivation()): Uint8Array {
  return new Uint8Array(
    hkdfSync(
      'sha256',
      Buffer.from(secret, 'utf8'),
      Buffer.from(derivation.salt, 'utf8'),
      Buffer.from(derivation.info, 'utf8'),
      32,
    ),
  );
}

export type DecryptRefusal = 'malformed' | 'unexpected_header' | 'undecryptable';

export type Decrypted = { ok: true; plaintext: string } | { ok: false; reason: DecryptRefusal };

/**
 * Whether a `cty` names JSON content: `application/json`, or `json` as RFC 7515 4.1.10 recommends writing it, in any
 * case and with any parameters (the JWE header fields are "not shown", webhooks spec 6).
 */
function namesJson(cty: unknown): boolean {
  const type = String(cty).split(';')[0]?.trim().toLowerCase();
  return type === 'application/json' || type === 'json';
}

const compactJwe = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Opens a delivery body. The header must name exactly `dir` and `A256GCM`: an algorithm chosen by
 * the sender is never trusted, and jose is told to allow these two alone as well.
 */
export async function decryptDelivery(
  jwe: string,
  secret: string,
  derivation: KeyDerivation = configuredDerivation(),
): Promise<Decrypted> {
  const token = jwe.trim();
  if (!compactJwe.test(token)) return { ok: false, reason: 'malformed' };
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (header.alg !== 'dir' || header.enc !== 'A256GCM') return { ok: false, reason: 'unexpected_header' };
  if (header.cty !== undefined && !namesJson(header.cty)) return { ok: false, reason: 'unexpected_header' };
  try {
    const { plaintext } = await compactDecrypt(token, deriveKey(secret, derivation), {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    return { ok: true, plaintext: new TextDecoder('utf-8', { fatal: true }).decode(plaintext) };
  } catch {
    return { ok: false, reason: 'undecryptable' };
  }
}

/** Encrypts an envelope as the bank does; for tests, the bench, and the sandbox bank to mirror. */
export async function encryptEnvelope(
  envelope: unknown,
  secret: string,
  derivation: KeyDerivation = configuredDerivation(),
): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(envelope)))
    .setProtectedHeader({ ...jweProtectedHeader })
    .encrypt(deriveKey(secret, derivation));
}
