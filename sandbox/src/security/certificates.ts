import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { CertificatePolicy, SandboxConfig } from '../config.js';
import { fail } from '../errors.js';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** PEM text as given, or the contents of the file it names. */
export function pemOrFile(value: string): string {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  if (!existsSync(value)) throw new Error(`No such PEM file: ${value}`);
  return readFileSync(value, 'utf8');
}

export function certificatesIn(value: string): X509Certificate[] {
  return (pemOrFile(value).match(PEM_CERTIFICATE) ?? []).map((pem) => new X509Certificate(pem));
}

/** Serial as hex, upper case, no `0x`, leading zeros or colons. */
export function normaliseSerial(serial: string): string {
  return serial
    .replace(/[:\s]/g, '')
    .replace(/^0x/i, '')
    .toUpperCase()
    .replace(/^0+(?=.)/, '');
}

export function fingerprintOf(certificate: X509Certificate): string {
  return createHash('sha256').update(certificate.raw).digest('hex');
}

function normaliseFingerprint(value: string): string {
  return value.replace(/[:\s]/g, '').toLowerCase();
}

/** What the security checks need from the settings, read once at start. */
export interface CertificateRegistry {
  trusted: X509Certificate[];
  blocked: Set<string>;
  revoked: Set<string>;
}

export function certificateRegistry(
  config: Pick<SandboxConfig, 'tls' | 'certificates'>,
): CertificateRegistry {
  const policy: CertificatePolicy = config.certificates ?? {};
  const cas = [...(config.tls?.ca ? [config.tls.ca] : []), ...(policy.trustedCas ?? [])];
  return {
    trusted: cas.flatMap(certificatesIn),
    blocked: new Set((policy.blockedSerials ?? []).map(normaliseSerial)),
    revoked: new Set((policy.revokedSerials ?? []).map(normaliseSerial)),
  };
}

/** A `TPP-Signature-Certificate` value: base64 of the DER (as the guidelines say), or PEM. */
export function parseCertificateHeader(value: string): X509Certificate | undefined {
  try {
    if (value.includes('-----BEGIN')) return new X509Certificate(value);
    const compact = value.replace(/\s/g, '');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return undefined;
    return new X509Certificate(Buffer.from(compact, 'base64'));
  } catch {
    return undefined;
  }
}

function issuedByTrustedCa(
  certificate: X509Certificate,
  registry: CertificateRegistry,
  now: number,
): boolean {
  return registry.trusted.some(
    (ca) =>
      certificate.checkIssued(ca) &&
      certificate.verify(ca.publicKey) &&
      Date.parse(ca.validFrom) <= now &&
      now <= Date.parse(ca.validTo),
  );
}

/**
 * The checks of one TPP certificate (TLS client or signing), in the order a bank would make them, on the
 * sandbox clock `now`: one of the `registered` fingerprints when any are (else issued by a trusted CA), in its
 * validity period, neither revoked nor blocked. `path` names where the certificate came from in the error.
 */
export function checkCertificate(
  certificate: X509Certificate,
  registered: readonly string[] | undefined,
  registry: CertificateRegistry,
  now: number,
  path: string,
): void {
  const pinned = (registered ?? []).map(normaliseFingerprint);
  if (pinned.length > 0) {
    if (!pinned.includes(fingerprintOf(certificate)))
      fail(401, 'CERTIFICATE_INVALID', path, 'This certificate is not registered for this TPP.');
  } else if (!issuedByTrustedCa(certificate, registry, now)) {
    fail(401, 'CERTIFICATE_INVALID', path, 'The certificate is not issued by a CA the bank trusts.');
  }
  if (now > Date.parse(certificate.validTo))
    fail(401, 'CERTIFICATE_EXPIRED', path, `The certificate expired on ${certificate.validTo}.`);
  if (now < Date.parse(certificate.validFrom))
    fail(401, 'CERTIFICATE_INVALID', path, `The certificate is not valid before ${certificate.validFrom}.`);
  const serial = normaliseSerial(certificate.serialNumber);
  if (registry.revoked.has(serial))
    fail(
      401,
      'CERTIFICATE_REVOKE',
      path,
      `The certificate with serial ${serial} has been revoked by its CA.`,
    );
  if (registry.blocked.has(serial))
    fail(401, 'CERTIFICATE_BLOCKED', path, `The certificate with serial ${serial} is blocked by the bank.`);
}
