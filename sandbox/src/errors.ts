import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { preferredFormat, toXml } from './pis/respond.js';

/** Part 7 of the specification: the message codes allowed for each error status. */
export const ALLOWED_CODES = {
  400: [
    'FORMAT_ERROR',
    'PARAMETER_NOT_CONSISTENT',
    'PARAMETER_NOT_SUPPORTED',
    'SERVICE_INVALID',
    'RESOURCE_UNKNOWN',
    'RESOURCE_EXPIRED',
    'RESOURCE_BLOCKED',
    'TIMESTAMP_INVALID',
    'PERIOD_INVALID',
    'SCA_METHOD_UNKNOWN',
    'SCA_INVALID',
    'CONSENT_UNKNOWN',
    'PAYMENT_FAILED',
    'EXECUTION_DATE_INVALID',
    'DEBTOR_ACCOUNT_NOT_FOUND',
    'CREDITOR_ACCOUNT_NOT_FOUND',
    'CLAIM_NOT_FOUND',
    'CLAIM_ALREADY_PAID',
    'INSUFFICIENT_FUNDS',
    'CARD_NOT_FOUND',
    'RECIPIENT_INFO_INSUFFICIENT',
    'MARKETS_CLOSED',
    'RECIPIENT_COUNTRY_IS_IBAN_ONLY',
  ],
  401: [
    'CERTIFICATE_INVALID',
    'ROLE_INVALID',
    'CERTIFICATE_EXPIRED',
    'CERTIFICATE_BLOCKED',
    'CERTIFICATE_REVOKE',
    'CERTIFICATE_MISSING',
    'SIGNATURE_INVALID',
    'SIGNATURE_MISSING',
    'CORPORATE_ID_INVALID',
    'PSU_CREDENTIALS_INVALID',
    'CONSENT_INVALID',
    'CONSENT_EXPIRED',
    'TOKEN_UNKNOWN',
    'TOKEN_INVALID',
    'TOKEN_EXPIRED',
    'REQUIRED_KID_MISSING',
  ],
  403: [
    'CONSENT_UNKNOWN',
    'SERVICE_BLOCKED',
    'RESOURCE_UNKNOWN',
    'RESOURCE_EXPIRED',
    'PRODUCT_INVALID',
    'ACCOUNT_INVALID_FOR_CONSENT',
  ],
  404: ['RESOURCE_UNKNOWN', 'PRODUCT_UNKNOWN'],
  405: ['SERVICE_INVALID'],
  409: ['STATUS_INVALID'],
} as const;

export type ErrorStatus = keyof typeof ALLOWED_CODES;
export type CodeFor<S extends ErrorStatus> = (typeof ALLOWED_CODES)[S][number];

export interface TppError {
  status: ErrorStatus;
  code: string;
  path: string | null;
  text: string;
}

/** Builds an error whose code is checked against part 7 at compile time. */
export function tppError<S extends ErrorStatus>(
  status: S,
  code: CodeFor<S>,
  path: string | null,
  text: string,
): TppError {
  return { status, code, path, text: text.slice(0, 500) };
}

export function errorBody(error: TppError) {
  return {
    tppMessages: [{ category: 'ERROR' as const, code: error.code, path: error.path, text: error.text }],
  };
}

/**
 * The error body of part 7, "JSON or XML" (4.1): XML (`<response><tppMessages><item>…`, as success answers)
 * when `Accept` prefers `application/xml`, JSON otherwise, also when `Accept` names neither: an error is
 * better delivered than replaced by 406.
 */
export function sendError(c: Context, error: TppError): Response {
  if (preferredFormat(c.req.header('Accept')) === 'xml') {
    return c.body(toXml(errorBody(error)), error.status as ContentfulStatusCode, {
      'Content-Type': 'application/xml; charset=UTF-8',
    });
  }
  return c.json(errorBody(error), error.status as ContentfulStatusCode);
}

/** Thrown inside handlers and turned into an error response by the PIS router. */
export class TppErrorException extends Error {
  constructor(readonly error: TppError) {
    super(`${error.status} ${error.code}: ${error.text}`);
  }
}

export function fail<S extends ErrorStatus>(
  status: S,
  code: CodeFor<S>,
  path: string | null,
  text: string,
): never {
  throw new TppErrorException(tppError(status, code, path, text));
}
