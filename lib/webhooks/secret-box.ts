import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { settings } from '@/lib/config';

/**
 * Secrets at rest (webhook signing secrets): AES-256-GCM under a key derived from AUTH_SECRET with
 * HKDF, so a copy of the database alone does not let anyone sign deliveries. `context` is bound as
 * additional data (the subscription id), so a sealed value moved to another row does not open.
 *
 * Format: `v1.<base64url iv>.<base64url ciphertext>.<base64url tag>`.
 */
const info = 'greidsla-secret-box-v1';

let cachedKey: { authSecret: string; key: Buffer } | undefined;

function boxKey(): Buffer {
  const { AUTH_SECRET } = settings();
  if (cachedKey?.authSecret !== AUTH_SECRET) {
    const key = Buffer.from(hkdfSync('sha256', Buffer.from(AUTH_SECRET, 'utf8'), Buffer.alloc(0), info, 32));
    cachedKey = { authSecret: AUTH_SECRET, key };
  }
  return cachedKey.key;
}

export function sealSecret(plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', boxKey(), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

export function openSecret(sealed: string, context: string): string {
  const [version, iv, ciphertext, tag, ...rest] = sealed.split('.');
  if (version !== 'v1' || !iv || ciphertext === undefined || !tag || rest.length > 0) {
    throw new SecretBoxError('Not a sealed secret');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', boxKey(), Buffer.from(iv, 'base64url'), {
      authTagLength: 16,
    });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch (error) {
    throw new SecretBoxError('A sealed secret did not open: AUTH_SECRET changed, or the value was altered', {
      cause: error,
    });
  }
}
