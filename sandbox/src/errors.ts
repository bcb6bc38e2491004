import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ALLOWED_CODES } from '../../contract/error-codes.js';
import { preferredFormat, toXml } from './pis/respond.js';

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
