import { describe, expect, it } from 'vitest';
import { configFromEnv as fromEnv } from '@/sandbox/src/config';
import { normaliseSerial, parseCertificateHeader } from '@/sandbox/src/security/certificates';
import { parseSignatureHeader } from '@/sandbox/src/security/signature';

/** NODE_ENV is required by @types/node's ProcessEnv, not by the sandbox. */
const configFromEnv = (env: Record<string, string>) => fromEnv({ NODE_ENV: 'test', ...env });

describe('sandbox settings for certificates and signatures', () => {
  it('are off by default', () => {
    const config = configFromEnv({});
    expect(config.tls).toBeUndefined();
    expect(config.clients[0]).toMatchObject({ requireClientCertificate: false, requireSignature: false });
    expect(config.certificates).toEqual({ blockedSerials: [], revokedSerials: [] });
  });

  it('read the TLS listener, the lists and the demo client’s requirements from the environment', () => {
    const config = configFromEnv({
      SANDBOX_TLS_PORT: '4443',
      SANDBOX_TLS_CERT: '/etc/sandbox/server.pem',
      SANDBOX_TLS_KEY: '/etc/sandbox/server.key',
      SANDBOX_TLS_CA: '/etc/sandbox/tpp-ca.pem',
      SANDBOX_CERT_BLOCKED_SERIALS: '2A04, 0x2A07',
      SANDBOX_CERT_REVOKED_SERIALS: '2A03',
      SANDBOX_CLIENT_REQUIRE_CERTIFICATE: 'true',
      SANDBOX_CLIENT_REQUIRE_SIGNATURE: 'true',
      SANDBOX_CLIENT_CERT_FINGERPRINTS: 'AB:CD,ef01',
      // Empty values, as a copied .env.example leaves them, mean unset.
      SANDBOX_ADMIN_KEY: '',
    });
    expect(config.tls).toEqual({
      port: 4443,
      cert: '/etc/sandbox/server.pem',
      key: '/etc/sandbox/server.key',
      ca: '/etc/sandbox/tpp-ca.pem',
    });
    expect(config.certificates).toEqual({ blockedSerials: ['2A04', '0x2A07'], revokedSerials: ['2A03'] });
    expect(config.clients[0]).toMatchObject({
      requireClientCertificate: true,
      requireSignature: true,
      certificateFingerprints: ['AB:CD', 'ef01'],
    });
  });

  it('refuse a TLS port without certificate and key', () => {
    expect(() => configFromEnv({ SANDBOX_TLS_PORT: '4443' })).toThrow(
      /SANDBOX_TLS_PORT: needs SANDBOX_TLS_CERT/,
    );
  });
});

describe('parsing', () => {
  it('serials compare without colons, case or leading zeros', () => {
    expect(normaliseSerial('00:2a:01')).toBe('2A01');
    expect(normaliseSerial('0x2A07')).toBe('2A07');
    expect(normaliseSerial('0')).toBe('0');
  });

  it('a Signature header of name="value" pairs, the keyId with its commas', () => {
    expect(
      parseSignatureHeader(
        'keyId="SN=9FA1,CA=CN=D-TRUST%20CA%202-1%202015,O=D-Trust%20GmbH,C=DE",algorithm="rsa-sha256", headers="digest x-request-id psu-id tpp-redirect-uri", signature="c2ln"',
      ),
    ).toEqual({
      keyId: 'SN=9FA1,CA=CN=D-TRUST%20CA%202-1%202015,O=D-Trust%20GmbH,C=DE',
      algorithm: 'rsa-sha256',
      headers: ['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'],
      signature: 'c2ln',
    });
    expect(parseSignatureHeader('keyId="x",signature="y"')).toBeUndefined();
    expect(parseSignatureHeader('keyId=x')).toBeUndefined();
  });

  it('a TPP-Signature-Certificate that is not a certificate is undefined', () => {
    expect(parseCertificateHeader('MIIB')).toBeUndefined();
    expect(parseCertificateHeader('not base64!')).toBeUndefined();
  });
});
