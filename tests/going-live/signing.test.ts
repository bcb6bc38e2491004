import { execFileSync } from 'node:child_process';
import { createPublicKey, verify, X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkBankCredentials,
  digestHeader,
  issuerDn,
  keyIdFor,
  signingCredentials,
  signingString,
  signRequest,
} from '@/lib/bank/signing';
import { bankTlsMaterial, loadCertificate, loadPrivateKey } from '@/lib/bank/tls';
import { parseSettings, SettingsError } from '@/lib/config';
import { TppErrorException } from '@/sandbox/src/errors';
import { keyIdMatches, parseSignatureHeader, verifySignedRequest } from '@/sandbox/src/security/signature';
import { createPki, opensslAvailable, type Pki, read } from './pki';

const secret = 'x'.repeat(32);
let pki: Pki;

beforeAll(() => {
  if (opensslAvailable()) pki = createPki();
});
afterAll(() => pki?.cleanup());

// Needs the openssl command to issue the test certificates (./pki.ts); skipped where it is missing.
// CI's machine has it.
describe.skipIf(!opensslAvailable())(
  'the business certificate in the forms the portal and operators use',
  () => {
    it('reads a PEM file, PEM text, a DER .cer, a base64 .cer and the raw base64 the portal takes', () => {
      const expected = new X509Certificate(read(pki.client.cert)).fingerprint256;
      const base64 = readFileSync(pki.client.der).toString('base64');
      const base64File = path.join(pki.dir, 'client-base64.cer');
      writeFileSync(base64File, `${base64.match(/.{1,76}/g)?.join('\r\n')}\r\n`);
      for (const form of [
        pki.client.cert,
        read(pki.client.cert),
        read(pki.client.cert).replace(/\n/g, '\\n'),
        pki.client.der,
        base64File,
        base64,
      ]) {
        const certificate = loadCertificate(form, 'BANK_CLIENT_CERT');
        expect(certificate.leaf.fingerprint256).toBe(expected);
        expect(certificate.pem).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
      }
    });

    it('reads a key file, key text and an encrypted key with its passphrase', () => {
      const encrypted = path.join(pki.dir, 'client-encrypted.key');
      execFileSync('openssl', [
        'pkey',
        '-in',
        pki.client.key,
        '-aes256',
        '-passout',
        'pass:correct horse',
        '-out',
        encrypted,
      ]);
      const certificate = new X509Certificate(read(pki.client.cert));
      for (const key of [
        loadPrivateKey(pki.client.key, undefined, 'BANK_CLIENT_KEY'),
        loadPrivateKey(read(pki.client.key), undefined, 'BANK_CLIENT_KEY'),
        loadPrivateKey(encrypted, 'correct horse', 'BANK_CLIENT_KEY'),
      ])
        expect(certificate.checkPrivateKey(key)).toBe(true);
      expect(() => loadPrivateKey(encrypted, undefined, 'BANK_CLIENT_KEY')).toThrow(
        /BANK_CLIENT_KEY.*passphrase/,
      );
    });

    it('names the setting that is wrong', () => {
      expect(() => loadCertificate('/nowhere/client.cer', 'BANK_CLIENT_CERT')).toThrow(
        /BANK_CLIENT_CERT: no file \/nowhere\/client.cer exists/,
      );
      expect(() => loadCertificate(pki.client.key, 'BANK_CLIENT_CERT')).toThrow(SettingsError);
      const mismatched = parseSettings({
        AUTH_SECRET: secret,
        BANK_CLIENT_CERT: pki.client.cert,
        BANK_CLIENT_KEY: pki.seal.key,
      });
      expect(() => bankTlsMaterial(mismatched)).toThrow(
        /BANK_CLIENT_KEY is not the private key of the certificate in BANK_CLIENT_CERT/,
      );
      expect(() =>
        bankTlsMaterial(parseSettings({ AUTH_SECRET: secret, BANK_CLIENT_CERT: pki.client.cert })),
      ).toThrow(/BANK_CLIENT_KEY is required when BANK_CLIENT_CERT is set/);
      expect(() =>
        signingCredentials(parseSettings({ AUTH_SECRET: secret, BANK_SIGN_REQUESTS: 'true' })),
      ).toThrow(/BANK_SIGN_REQUESTS=true needs a certificate and key/);
    });

    it('checks every certificate and key at once, for a start-up check', () => {
      expect(() =>
        checkBankCredentials(
          parseSettings({
            AUTH_SECRET: secret,
            BANK_CLIENT_CERT: pki.client.cert,
            BANK_CLIENT_KEY: pki.client.key,
            BANK_SIGN_REQUESTS: 'true',
            BANK_SIGNING_CERT: pki.seal.der,
            BANK_SIGNING_KEY: pki.seal.key,
          }),
        ),
      ).not.toThrow();
      expect(() =>
        checkBankCredentials(
          parseSettings({
            AUTH_SECRET: secret,
            BANK_CLIENT_CERT: pki.client.cert,
            BANK_CLIENT_KEY: pki.client.key,
            BANK_SIGN_REQUESTS: 'true',
            BANK_SIGNING_CERT: pki.seal.der,
            BANK_SIGNING_KEY: pki.client.key,
          }),
        ),
      ).toThrow(/BANK_SIGNING_KEY is not the private key of the certificate in BANK_SIGNING_CERT/);
      expect(() => checkBankCredentials(parseSettings({ AUTH_SECRET: secret }))).not.toThrow();
    });

    it('leaves TLS to fetch when nothing is set, and defaults signing to off', () => {
      const plain = parseSettings({ AUTH_SECRET: secret });
      expect(bankTlsMaterial(plain)).toBeUndefined();
      expect(plain.BANK_SIGN_REQUESTS).toBe(false);
    });
  },
);

describe('Digest', () => {
  it('is the SHA-256 of the exact body bytes, as in the guidelines’ example', () => {
    // The body of the example in section 12 of the Berlin Group implementation guidelines, as its base64.
    const body = Buffer.from(
      'eyAgICANCiAgICJpbnN0cnVjdGVkQW1vdW50IjogeyJjdXJyZW5jeSI6ICJFVVIiLCAiYW1vdW50IjogIjEyMyJ9LA0KICAgImRlYnRvckFjY291bnQiOiB7ImliYW4iOiAiREUyMzEwMDEwMDEwMTIzNDU2Nzg5In0sDQogICAiY3JlZGl0b3IiOiB7Im5hbWUiOiAiTWVyY2hhbnQxMjMifSwNCiAgICJjcmVkaXRvckFjY291bnQiOiB7ImliYW4iOiAiREUyMzEwMDEyMDAyMDEyMzQ1Njc4OSJ9LA0KICAgInJlbWl0dGFuY2VJbmZvcm1hdGlvblVuc3RydWN0dXJlZCI6ICJSZWYgTnVtYmVyIE1lcmNoYW50Ig0KfQ==',
      'base64',
    );
    expect(digestHeader(body)).toBe('SHA-256=iXhCYo105ae/y5v/UJkQWuBe1I+mdKG0JxwU35vwsgo=');
    // No body: the hash of an empty byte list.
    expect(digestHeader('')).toBe('SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
    // UTF-8 bytes of a string body, not its UTF-16 code units.
    expect(digestHeader('{"name":"Þórður"}')).toBe(digestHeader(Buffer.from('{"name":"Þórður"}', 'utf8')));
  });
});

// Needs the openssl command to issue the test certificates (./pki.ts); skipped where it is missing.
// CI's machine has it.
describe.skipIf(!opensslAvailable())('Signature', () => {
  function signed(extra: Record<string, string> = {}, body = '{"a":1}') {
    const credentials = signingCredentials(
      parseSettings({
        AUTH_SECRET: secret,
        BANK_SIGN_REQUESTS: 'true',
        BANK_CLIENT_CERT: pki.client.der,
        BANK_CLIENT_KEY: pki.client.key,
      }),
    );
    const headers = new Headers({
      'X-Request-ID': '99391c7e-ad88-49ec-a2ad-99ddcb1f7721',
      'PSU-IP-Address': '192.168.8.78',
      'Content-Type': 'application/json',
      ...extra,
    });
    signRequest(headers, body, credentials);
    return { headers, credentials, body };
  }

  it('signs digest and x-request-id with keyId SN=<hex serial>,CA=<issuer DN> and rsa-sha256', () => {
    const { headers, credentials } = signed();
    const params = parseSignatureHeader(headers.get('Signature') ?? '');
    expect(params).toMatchObject({
      keyId: 'SN=2A01,CA=CN=Sandbox%20TPP%20Test%20CA%202026,O=Sandbox%20Trust%20Services,C=IS',
      algorithm: 'rsa-sha256',
      headers: ['digest', 'x-request-id'],
    });
    expect(keyIdFor(credentials.certificate)).toBe(params?.keyId);
    expect(issuerDn(credentials.certificate)).toBe(
      'CN=Sandbox%20TPP%20Test%20CA%202026,O=Sandbox%20Trust%20Services,C=IS',
    );
    expect(headers.get('Digest')).toBe(digestHeader('{"a":1}'));
    expect(headers.get('TPP-Signature-Certificate')).toBe(readFileSync(pki.client.der).toString('base64'));
    // The signing string of the guidelines: `name: value` lines in the order of `headers`.
    const text = `digest: ${headers.get('Digest')}\nx-request-id: 99391c7e-ad88-49ec-a2ad-99ddcb1f7721`;
    expect(signingString(headers, ['digest', 'x-request-id'])).toBe(text);
    const publicKey = createPublicKey(read(pki.client.cert));
    expect(
      verify('sha256', Buffer.from(text), publicKey, Buffer.from(params?.signature ?? '', 'base64')),
    ).toBe(true);
  });

  it('signs psu-id, psu-corporate-id and tpp-redirect-uri if and only if they are sent', () => {
    const { headers } = signed({
      'PSU-ID': '0101302989',
      'TPP-Redirect-URI': 'https://greidsla.example/payments/1/return',
    });
    expect(parseSignatureHeader(headers.get('Signature') ?? '')?.headers).toEqual([
      'digest',
      'x-request-id',
      'psu-id',
      'tpp-redirect-uri',
    ]);
    const corporate = signed({ 'PSU-Corporate-ID': '5501692829' }).headers;
    expect(parseSignatureHeader(corporate.get('Signature') ?? '')?.headers).toEqual([
      'digest',
      'x-request-id',
      'psu-corporate-id',
    ]);
  });

  it('verifies with the sandbox’s verifier, and any change to a signed part breaks it', () => {
    const { headers, credentials, body } = signed({ 'PSU-ID': '0101302989' });
    const check = (h: Headers, b: string) => () =>
      verifySignedRequest((name) => h.get(name) ?? undefined, Buffer.from(b), credentials.certificate);
    expect(check(headers, body)).not.toThrow();
    expect(
      keyIdMatches(
        parseSignatureHeader(headers.get('Signature') ?? '')?.keyId ?? '',
        credentials.certificate,
      ),
    ).toBe(true);
    const code = (fn: () => void) => {
      try {
        fn();
        return 'OK';
      } catch (error) {
        return error instanceof TppErrorException ? `${error.error.code} ${error.error.path}` : String(error);
      }
    };
    expect(code(check(headers, '{"a":2}'))).toBe('SIGNATURE_INVALID Digest');
    const otherPsu = new Headers(headers);
    otherPsu.set('PSU-ID', '1203892039');
    expect(code(check(otherPsu, body))).toBe('SIGNATURE_INVALID Signature');
    const withRedirect = new Headers(headers);
    withRedirect.set('TPP-Redirect-URI', 'https://elsewhere.example/');
    expect(code(check(withRedirect, body))).toBe('SIGNATURE_INVALID Signature');
  });
});
