/**
 * Error body of the webhooks service and the business interfaces (the specification does not show one).
 * RFC 7807 fields, as IOBWS-Claims uses for its own errors, plus a stable `code`:
 * `{"type":"about:blank","title":"Bad Request","status":400,"code":"EVENT_TYPE_UNKNOWN","detail":"…"}`.
 */
export type ProblemStatus = 400 | 401 | 403 | 404 | 405 | 409 | 415 | 502 | 504;

export interface Problem {
  status: ProblemStatus;
  code: string;
  detail: string;
  /** Extra members, e.g. `callbackStatus` on a verify 502. */
  extra?: Record<string, unknown>;
}

const TITLES: Record<ProblemStatus, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  502: 'Bad Gateway',
  504: 'Gateway Timeout',
};

export class ProblemException extends Error {
  constructor(readonly problem: Problem) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
  }
}

export function problem(
  status: ProblemStatus,
  code: string,
  detail: string,
  extra?: Record<string, unknown>,
): never {
  throw new ProblemException({ status, code, detail, extra });
}

export function problemBody(p: Problem) {
  return {
    type: 'about:blank',
    title: TITLES[p.status],
    status: p.status,
    code: p.code,
    detail: p.detail,
    ...p.extra,
  };
}
