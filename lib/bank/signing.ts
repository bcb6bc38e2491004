import { createHash, type KeyObject, sign, type X509Certificate } from 'node:crypto';
import { type Settings, SettingsError, settings } from '@/lib/config';
import { bankTlsMaterial, loadKeyPair } from './tls';

/**
 * Application-level request signing as the Berlin Group implementation guidelines (section 12) profile
 * draft-cavage HTTP signatures:
 *
 *   Digest: SHA-256=<base64 of the SHA-256 of the exact body bytes, of nothing for no body>
 *   Signature: keyId="SN=<hex serial>,CA=<issuer DN>",algorithm="rsa-sha256",
 *              headers="digest x-request-id [psu-id] [psu-corporate-id] [tpp-redirect-uri]",signature="<base64>"
 *   TPP-Signature-Certificate: <base64 DER of the signing certificate>
 *
 * The signing string is one `name: value` line per signed header, in the order of `headers`, joined by
 * a line feed. The optional headers are signed if and only if the request carries them; nothing else is.
 */

export const ALWAYS_SIGNED = ['digest', 'x-request-id'] as const;
export const SIGNED_IF_PRESENT = ['psu-id', 'psu-corporate-id', 'tpp-redirect-uri'] as const;

export interface SigningCredentials {
  key: KeyObject;
  certificate: X509Certificate;
}

export function digestHeader(body: string | Uint8Array): string {
  return `SHA-256=${createHash('sha256').update(body).digest('base64')}`;
}

/** The serial in hexadecimal, upper case, without leading zeros. */
export function serialHex(certificate: X509Certificate): string {
  return certificate.serialNumber.toUpperCase().replace(/^0+(?=.)/, '');
}

/**
 * The issuer's distinguished name as in the guidelines' example (`CN=D-TRUST%20CA%202-1%202015,O=D-Trust%20GmbH,C=DE`):
 * most specific attribute first, comma separated, each value percent-encoded.
 */
export function issuerDn(certificate: X509Certificate): string {
  return certificate.issuer
    .split('\n')
    .filter(Boolean)
    .reverse()
    .map((part) => {
      const equals = part.indexOf('=');
      return `${part.slice(0, equals)}=${encodeURIComponent(part.slice(equals + 1))}`;
    })
    .join(',');
}

export function keyIdFor(certificate: X509Certificate): string {
  return `SN=${serialHex(certificate)},CA=${issuerDn(certificate)}`;
}

export function signedHeaderNames(headers: Headers): string[] {
  return [...ALWAYS_SIGNED, ...SIGNED_IF_PRESENT.filter((name) => headers.has(name))];
}

export function signingString(headers: Headers, names: readonly string[]): string {
  return names.map((name) => `${name}: ${headers.get(name) ?? ''}`).join('\n');
}

/** Sets Digest, Signature and TPP-Signature-Certificate on `headers` for a request with `body`. */
export function signRequest(
  headers: Headers,
  body: string | Uint8Array,
  credentials: SigningCredentials,
): void {
  if (credentials.key.asymmetricKeyType !== 'rsa')
    throw new SettingsError('The signing key must be an RSA key: the bank expects algorithm rsa-sha256');
  if (!headers.has('x-request-id')) throw new Error('A signed request needs its X-Request-ID first');
  headers.set('Digest', digestHeader(body));
  const names = signedHeaderNames(headers);
  const signature = sign('sha256', Buffer.from(signingString(headers, names), 'utf8'), credentials.key);
  headers.set(
    'Signature',
    `keyId="${keyIdFor(credentials.certificate)}",algorithm="rsa-sha256",headers="${names.join(' ')}",signature="${signature.toString('base64')}"`,
  );
  headers.set('TPP-Signature-Certificate', credentials.certificate.raw.toString('base64'));
}

let cached: { for: Settings; credentials: SigningCredentials } | undefined;

/** The signing key and certificate from the settings: BANK_SIGNING_*, else the client certificate's. */
export function signingCredentials(current: Settings = settings()): SigningCredentials {
  if (cached?.for === current) return cached.credentials;
  const certValue = current.BANK_SIGNING_CERT ?? current.BANK_CLIENT_CERT;
  const keyValue = current.BANK_SIGNING_KEY ?? current.BANK_CLIENT_KEY;
  if (!certValue || !keyValue)
    throw new SettingsError(
      'BANK_SIGN_REQUESTS=true needs a certificate and key: set BANK_SIGNING_CERT and BANK_SIGNING_KEY, or BANK_CLIENT_CERT and BANK_CLIENT_KEY',
    );
  const ownKey = current.BANK_SIGNING_KEY !== undefined;
  const pair = loadKeyPair(
    certValue,
    keyValue,
    ownKey ? current.BANK_SIGNING_KEY_PASSPHRASE : current.BANK_CLIENT_KEY_PASSPHRASE,
    {
      cert: current.BANK_SIGNING_CERT ? 'BANK_SIGNING_CERT' : 'BANK_CLIENT_CERT',
      key: ownKey ? 'BANK_SIGNING_KEY' : 'BANK_CLIENT_KEY',
    },
  );
  const credentials = { key: pair.key, certificate: pair.certificate.leaf };
  cached = { for: current, credentials };
  return credentials;
}

/**
 * Reads every certificate and key the bank settings name, throwing the SettingsError of the first that
 * cannot be used; for a start-up check, so that a wrong path or passphrase stops the app at once
 * instead of failing its first payment.
 */
export function checkBankCredentials(current: Settings = settings()): void {
  bankTlsMaterial(current, 'payments');
  bankTlsMaterial(current, 'business');
  if (current.BANK_SIGN_REQUESTS) signingCredentials(current);
}
