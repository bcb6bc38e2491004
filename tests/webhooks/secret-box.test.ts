import { beforeAll, describe, expect, it } from 'vitest';
import { openSecret, SecretBoxError, sealSecret } from '@/lib/webhooks/secret-box';
import { parseWebhookSettings } from '@/lib/webhooks/settings';

beforeAll(() => {
  process.env.AUTH_SECRET = 'secret-box-test-secret-0123456789abcdefghij';
});

describe('secret box', () => {
  it('seals with a fresh IV each time and opens only with the same context', () => {
    const secret = 'whsec_abc';
    const sealed = sealSecret(secret, 'sub-1');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(sealed).not.toContain('abc');
    expect(sealSecret(secret, 'sub-1')).not.toBe(sealed);
    expect(openSecret(sealed, 'sub-1')).toBe(secret);
    expect(() => openSecret(sealed, 'sub-2')).toThrow(SecretBoxError);
  });

  it('refuses an altered or truncated value', () => {
    const sealed = sealSecret('whsec_abc', 'sub-1');
    const [v, iv, ciphertext, tag] = sealed.split('.');
    const shortTag = [v, iv, ciphertext, (tag ?? '').slice(0, 6)].join('.');
    const flipped = Buffer.from(ciphertext ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => openSecret(shortTag, 'sub-1')).toThrow(SecretBoxError);
    expect(() => openSecret([v, iv, flipped.toString('base64url'), tag].join('.'), 'sub-1')).toThrow(
      SecretBoxError,
    );
    expect(() => openSecret('whsec_abc', 'sub-1')).toThrow(SecretBoxError);
  });
});

describe('webhook settings', () => {
  it('defaults to the documented HKDF parameters, a 5-minute tolerance, and no replay (no call of the spec)', () => {
    expect(parseWebhookSettings({})).toEqual({
      WEBHOOK_HKDF_SALT: '',
      WEBHOOK_HKDF_INFO: 'bank-webhook-jwe-v1',
      WEBHOOK_TOLERANCE_SECONDS: 300,
      BANK_EVENTS_OFFERS_REPLAY: false,
    });
    expect(parseWebhookSettings({ WEBHOOK_HKDF_SALT: 's', WEBHOOK_TOLERANCE_SECONDS: '60' })).toMatchObject({
      WEBHOOK_HKDF_SALT: 's',
      WEBHOOK_TOLERANCE_SECONDS: 60,
    });
    expect(() => parseWebhookSettings({ WEBHOOK_TOLERANCE_SECONDS: '0' })).toThrow(
      /WEBHOOK_TOLERANCE_SECONDS/,
    );
  });
});
