import { createHash, type X509Certificate } from 'node:crypto';
import type { Context } from 'hono';
import { fail } from '../errors.js';
import { inCertificateDomain } from '../notifications/content.js';
import type { InitiationHeaders } from '../pis/initiate.js';
import { type Language, psuLanguage } from '../shared/language.js';
import { isUuid } from '../shared/uuid.js';
import type { SandboxContext } from './env.js';

const IPV4 =
  /^(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}$/;
const GEO = /^GEO:-?[0-9]{1,2}\.[0-9]{6};-?[0-9]{1,3}\.[0-9]{6}$/;
const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const DIGEST = /^(SHA-256|SHA-512)=([A-Za-z0-9+/]+={0,2})$/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** X-Request-ID: required on every call, a UUID. */
export function requireRequestId(c: Context): string {
  const requestId = c.req.header('X-Request-ID');
  if (!requestId) fail(400, 'FORMAT_ERROR', 'X-Request-ID', 'The X-Request-ID header is required.');
  if (!isUuid(requestId)) fail(400, 'FORMAT_ERROR', 'X-Request-ID', 'X-Request-ID must be a UUID.');
  return requestId;
}

function booleanHeader(c: Context, name: string) {
  const value = c.req.header(name);
  if (value !== undefined && value !== 'true' && value !== 'false') {
    fail(400, 'FORMAT_ERROR', name, `${name} must be true or false.`);
  }
}

/** Headers of the optional PSU context, checked wherever they are sent. */
export function checkPsuHeaders(c: Context, options: { ipRequired: boolean }): { language: Language } {
  const ip = c.req.header('PSU-IP-Address');
  if (ip === undefined && options.ipRequired) {
    fail(400, 'FORMAT_ERROR', 'PSU-IP-Address', 'The PSU-IP-Address header is required.');
  }
  if (ip !== undefined && !IPV4.test(ip))
    fail(400, 'FORMAT_ERROR', 'PSU-IP-Address', 'PSU-IP-Address must be an IPv4 address.');
  const geo = c.req.header('PSU-Geo-Location');
  if (geo !== undefined && !GEO.test(geo)) {
    fail(
      400,
      'FORMAT_ERROR',
      'PSU-Geo-Location',
      'PSU-Geo-Location must look like GEO:64.146582;-21.942635.',
    );
  }
  const device = c.req.header('PSU-Device-ID');
  if (device !== undefined && !isUuid(device))
    fail(400, 'FORMAT_ERROR', 'PSU-Device-ID', 'PSU-Device-ID must be a UUID.');
  const method = c.req.header('PSU-Http-Method');
  if (method !== undefined && !HTTP_METHODS.has(method)) {
    fail(400, 'FORMAT_ERROR', 'PSU-Http-Method', 'PSU-Http-Method must be GET, POST, PUT, PATCH or DELETE.');
  }
  return { language: psuLanguage(c.req.header('PSU-Accept-Language')) };
}

/**
 * Digest if and only if Signature; a certificate with every signature. The sandbox checks that a Digest matches
 * the body but does not verify the signature itself.
 */
export function checkSignatureHeaders(c: Context, rawBody: string) {
  const digest = c.req.header('Digest');
  const signature = c.req.header('Signature');
  if (signature !== undefined && digest === undefined) {
    fail(400, 'FORMAT_ERROR', 'Digest', 'Digest is required when Signature is present.');
  }
  if (digest !== undefined && signature === undefined) {
    fail(400, 'FORMAT_ERROR', 'Signature', 'Digest may only be sent together with Signature.');
  }
  if (signature !== undefined && !c.req.header('TPP-Signature-Certificate')) {
    fail(
      401,
      'CERTIFICATE_MISSING',
      'TPP-Signature-Certificate',
      'TPP-Signature-Certificate is required with a Signature.',
    );
  }
  if (digest !== undefined) {
    const match = DIGEST.exec(digest);
    if (!match?.[1] || !match[2])
      fail(400, 'FORMAT_ERROR', 'Digest', 'Digest must be SHA-256=<base64> or SHA-512=<base64>.');
    const expected = createHash(match[1] === 'SHA-256' ? 'sha256' : 'sha512')
      .update(rawBody)
      .digest('base64');
    if (expected !== match[2])
      fail(401, 'SIGNATURE_INVALID', 'Digest', 'Digest does not match the request body.');
  }
}

/**
 * Idempotency-Key, 1 to 255 characters. At our bank any value (payment spec 4.1: "idempotency value for the
 * operation"). At a bank that speaks IOBWS 3.2 a UUID: ÍST TS 316, "Idempotency": "The idempotent key MUST be a
 * valid UUID." (IOBWS3.2.yaml types it a string; its example `paym-init-001` is none), else 400 FORMAT_ERROR.
 */
export function idempotencyKeyOf(c: SandboxContext): string | null {
  const idempotencyKey = c.req.header('Idempotency-Key') ?? null;
  if (idempotencyKey === null) return null;
  if (idempotencyKey.length === 0 || idempotencyKey.length > 255) {
    fail(400, 'FORMAT_ERROR', 'Idempotency-Key', 'Idempotency-Key must be 1 to 255 characters.');
  }
  if (c.get('bank').profile.dialect === 'iobws-3.2' && !isUuid(idempotencyKey))
    fail(400, 'FORMAT_ERROR', 'Idempotency-Key', 'Idempotency-Key must be a UUID.');
  return idempotencyKey;
}

/** The headers of part 4.1 for a payment initiation, from a TPP that presented `certificate` (or none). */
export function checkInitiationHeaders(
  c: SandboxContext,
  certificate: X509Certificate | undefined,
): InitiationHeaders {
  const requestId = requireRequestId(c);
  const { language } = checkPsuHeaders(c, { ipRequired: true });
  // Consent-ID names an account-information consent of a combined session. This bank holds no such consents
  // (it offers no account-information service here), so no Consent-ID can be matched: 400 CONSENT_UNKNOWN, the
  // code BG IG 14.11 gives a Consent-ID in a header that the ASPSP cannot match.
  if (c.req.header('Consent-ID') !== undefined) {
    fail(400, 'CONSENT_UNKNOWN', 'Consent-ID', 'No consent with this Consent-ID exists for this TPP.');
  }
  booleanHeader(c, 'TPP-Redirect-Preferred');
  booleanHeader(c, 'TPP-Explicit-Authorisation-Preferred');
  booleanHeader(c, 'TPP-Rejection-No-Funds-Preferred');
  // Mandated for the redirect approach: initiation checks its presence once the approach is known. "Specifically
  // when TPP-Redirect-Preferred equals true" (spec 4.1, BG IG 5.3): then it is required whatever the approach.
  const redirectUri = c.req.header('TPP-Redirect-URI') ?? null;
  if (redirectUri !== null && !isHttpUrl(redirectUri))
    fail(400, 'FORMAT_ERROR', 'TPP-Redirect-URI', 'TPP-Redirect-URI must be an absolute http(s) URL.');
  if (redirectUri === null && c.req.header('TPP-Redirect-Preferred') === 'true') {
    fail(
      400,
      'FORMAT_ERROR',
      'TPP-Redirect-URI',
      'TPP-Redirect-URI is required when TPP-Redirect-Preferred is true.',
    );
  }
  const nokRedirectUri = c.req.header('TPP-Nok-Redirect-URI') ?? null;
  if (nokRedirectUri !== null && !isHttpUrl(nokRedirectUri)) {
    fail(
      400,
      'FORMAT_ERROR',
      'TPP-Nok-Redirect-URI',
      'TPP-Nok-Redirect-URI must be an absolute http(s) URL.',
    );
  }
  const notificationUri = c.req.header('TPP-Notification-URI') ?? null;
  if (notificationUri !== null && !isHttpUrl(notificationUri)) {
    fail(
      400,
      'FORMAT_ERROR',
      'TPP-Notification-URI',
      'TPP-Notification-URI must be an absolute http(s) URL.',
    );
  }
  const notificationContentPreferred = c.req.header('TPP-Notification-Content-Preferred') ?? null;
  if (notificationContentPreferred !== null) {
    const match = /^status=(.+)$/.exec(notificationContentPreferred.trim());
    const values = match?.[1]?.split(',').map((v) => v.trim()) ?? [];
    const allowed = values.every((v) => v === 'SCA' || v === 'PROCESS' || v === 'LAST');
    if (!match || values.length === 0 || !allowed || new Set(values).size !== values.length) {
      fail(
        400,
        'FORMAT_ERROR',
        'TPP-Notification-Content-Preferred',
        'TPP-Notification-Content-Preferred must be status=X1,...,Xn with each of SCA, PROCESS, LAST at most once.',
      );
    }
  }
  const idempotencyKey = idempotencyKeyOf(c);
  return {
    requestId,
    language,
    psuIpAddress: c.req.header('PSU-IP-Address') ?? '',
    redirectUri,
    nokRedirectUri,
    rejectionNoFundsPreferred:
      c.req.header('TPP-Rejection-No-Funds-Preferred') === 'true'
        ? true
        : c.req.header('TPP-Rejection-No-Funds-Preferred') === 'false'
          ? false
          : null,
    // Outside the domain of the TPP's certificate the URI is ignored (ASPSP-Notification-Support: false).
    notificationUri:
      notificationUri !== null && inCertificateDomain(notificationUri, certificate) ? notificationUri : null,
    notificationContentPreferred,
    idempotencyKey,
  };
}
