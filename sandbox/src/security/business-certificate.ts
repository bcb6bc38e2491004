import type { X509Certificate } from 'node:crypto';
import type { BusinessCertificateSettings } from '../config.js';
import { TppErrorException } from '../errors.js';
import { type CertificateRegistry, checkCertificate } from './certificates.js';

/**
 * Business spec part 5, "Production": "a business certificate (client certificate on the TLS connection) ... is
 * required both for the token request and for every service request"; it is the one "uploaded to the developer
 * portal". With the setting on, the certificate presented on TLS must be there (none, or a request over plain
 * HTTP: CERTIFICATE_MISSING), registered (its fingerprint among the uploaded ones, or issued by a trusted CA when
 * none are listed: else CERTIFICATE_INVALID), in date on the sandbox clock (CERTIFICATE_EXPIRED), neither revoked
 * (CERTIFICATE_REVOKE) nor blocked (CERTIFICATE_BLOCKED). Returns why it is refused, or undefined.
 */
export function businessCertificateRefusal(
  presented: X509Certificate | undefined,
  settings: BusinessCertificateSettings | undefined,
  registry: CertificateRegistry,
  now: number,
): { code: string; detail: string } | undefined {
  if (!settings?.required) return undefined;
  if (!presented) {
    return {
      code: 'CERTIFICATE_MISSING',
      detail: 'Present the business certificate as the TLS client certificate (mutual TLS).',
    };
  }
  try {
    checkCertificate(presented, settings.fingerprints, registry, now, 'client certificate');
    return undefined;
  } catch (error) {
    if (error instanceof TppErrorException) return { code: error.error.code, detail: error.error.text };
    throw error;
  }
}
