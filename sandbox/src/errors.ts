import type { ALLOWED_CODES } from '../../contract/error-codes.js';

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

/** Thrown by the bank's checks and turned into an error response by the HTTP layer (http/errors.ts). */
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
