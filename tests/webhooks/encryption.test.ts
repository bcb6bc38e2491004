import { randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { CompactEncrypt, compactDecrypt } from 'jose';
import { describe, expect, it } from 'vitest';
import { decryptDelivery, deriveKey, encryptEnvelope } from '@/lib/webhooks/encryption';
import { parseEnvelope } from '@/lib/webhooks/envelope';

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
const derivation = { salt: '', info: 'bank-webhook-jwe-v1' };

/** The documented key derivation, done with WebCrypto rather than our code. */
async function peerKey(secret: string, info = 'bank-webhook-jwe-v1'): Promise<Uint8Array> {
  const ikm = await webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), 'HKDF', false, [
    'deriveBits',
  ]);
  const bits = await webcrypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: new TextEncoder().encode(info) },
    ikm,
    256,
  );
  return new Uint8Array(bits);
}

function envelope(overrides: Record<string, unknown> = {}) {
  return {
    eventId: randomUUID(),
    eventType: 'claim.paid',
    schemaVersion: '1.0',
    occurredAt: '2026-03-02T11:59:00.000Z',
    links: [{ rel: 'self', href: 'http://127.0.0.1:4010/business/claims/v1/claims/abc', method: 'GET' }],
    ...overrides,
  };
}

describe('delivery encryption', () => {
  it('derives the key the documentation describes: HKDF-SHA256, empty salt, bank-webhook-jwe-v1, 32 bytes', async () => {
    const secret = newSecret();
    expect(Buffer.from(deriveKey(secret, derivation))).toEqual(Buffer.from(await peerKey(secret)));
    expect(deriveKey(secret, derivation)).toHaveLength(32);
    expect(Buffer.from(deriveKey(secret, { salt: '', info: 'other' }))).not.toEqual(
      Buffer.from(await peerKey(secret)),
    );
  });

  it('produces a JWE that jose opens with the independently derived key', async () => {
    const secret = newSecret();
    const sent = envelope();
    const jwe = await encryptEnvelope(sent, secret, derivation);
    expect(jwe.split('.')).toHaveLength(5);
    expect(jwe.split('.')[1]).toBe('');
    const { plaintext, protectedHeader } = await compactDecrypt(jwe, await peerKey(secret));
    expect(protectedHeader).toEqual({ alg: 'dir', enc: 'A256GCM', cty: 'application/json' });
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toEqual(sent);
  });

  it('opens a JWE made by jose with the independently derived key', async () => {
    const secret = newSecret();
    const sent = envelope();
    const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(sent)))
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: 'application/json' })
      .encrypt(await peerKey(secret));
    const opened = await decryptDelivery(jwe, secret, derivation);
    expect(opened.ok).toBe(true);
    if (opened.ok) expect(parseEnvelope(opened.plaintext)).toEqual({ ok: true, envelope: sent });
  });

  it.each([
    ['json', 'as RFC 7515 4.1.10 recommends, without the application/ prefix'],
    ['JSON', 'in upper case (media types are case-insensitive)'],
    ['application/json; charset=utf-8', 'with a parameter'],
  ])('opens a JWE whose cty is %s, %s', async (cty) => {
    // The JWE header fields are "not shown" (webhooks spec 6): any way of naming JSON content is the bank's to choose.
    const secret = newSecret();
    const sent = envelope();
    const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(sent)))
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty })
      .encrypt(await peerKey(secret));
    const opened = await decryptDelivery(jwe, secret, derivation);
    expect(opened).toEqual({ ok: true, plaintext: JSON.stringify(sent) });
  });

  it('refuses a wrong key, a tampered token, another algorithm, or something that is not a JWE', async () => {
    const secret = newSecret();
    const jwe = await encryptEnvelope(envelope(), secret, derivation);
    expect(await decryptDelivery(jwe, newSecret(), derivation)).toEqual({
      ok: false,
      reason: 'undecryptable',
    });
    expect(await decryptDelivery(jwe, secret, { salt: 'x', info: derivation.info })).toEqual({
      ok: false,
      reason: 'undecryptable',
    });
    const parts = jwe.split('.');
    const ciphertext = Buffer.from(parts[3] ?? '', 'base64url');
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1;
    const tampered = [parts[0], parts[1], parts[2], ciphertext.toString('base64url'), parts[4]].join('.');
    expect(await decryptDelivery(tampered, secret, derivation)).toEqual({
      ok: false,
      reason: 'undecryptable',
    });

    const a128 = await new CompactEncrypt(new TextEncoder().encode('{}'))
      .setProtectedHeader({ alg: 'dir', enc: 'A128GCM' })
      .encrypt(deriveKey(secret, derivation).slice(0, 16));
    expect(await decryptDelivery(a128, secret, derivation)).toEqual({
      ok: false,
      reason: 'unexpected_header',
    });
    const oddCty = await new CompactEncrypt(new TextEncoder().encode('{}'))
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: 'text/plain' })
      .encrypt(deriveKey(secret, derivation));
    expect(await decryptDelivery(oddCty, secret, derivation)).toEqual({
      ok: false,
      reason: 'unexpected_header',
    });
    expect(await decryptDelivery('{"eventId":"x"}', secret, derivation)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(await decryptDelivery('a.b.c', secret, derivation)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('delivery envelope', () => {
  it('takes the fields of spec 2.2 and drops fields it does not know', () => {
    const sent = envelope({ extra: 'x' });
    const parsed = parseEnvelope(JSON.stringify(sent));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.envelope).not.toHaveProperty('extra');
  });

  it('refuses an envelope without a uuid eventId or an occurredAt that names its instant', () => {
    expect(parseEnvelope(JSON.stringify(envelope({ eventId: 'evt_1' }))).ok).toBe(false);
    // A local time with no offset could be any of several instants.
    expect(parseEnvelope(JSON.stringify(envelope({ occurredAt: '2026-03-02T11:59:00' }))).ok).toBe(false);
    expect(parseEnvelope(JSON.stringify(envelope({ occurredAt: '2 March 2026' }))).ok).toBe(false);
    expect(parseEnvelope(JSON.stringify(envelope({ links: undefined }))).ok).toBe(false);
    expect(parseEnvelope('not json').ok).toBe(false);
  });
});
