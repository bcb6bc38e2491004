import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type Problem, ProblemException, problemBody } from '../business/errors.js';
import { errorBody, type TppError } from '../errors.js';
import { preferredFormat, toXml } from './respond.js';

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

/**
 * An error as problem details (RFC 9457), as IOBWS 3.2 lets a bank give one (Error400_PIS and the others,
 * `application/problem+json`): `type` `about:blank`, the status's `title` and the `status`, the `code`, its `detail`, and any
 * further errors in `additionalErrors`. No bank of the sandbox answers so by itself: a fault rule asks for it.
 */
export function sendProblemDetails(
  c: Context,
  p: Problem & { additionalErrors?: { code: string; title?: string; detail?: string }[] },
): Response {
  const { additionalErrors, ...first } = p;
  const body = { ...problemBody(first), ...(additionalErrors && { additionalErrors }) };
  return c.body(JSON.stringify(body), p.status, {
    'Content-Type': 'application/problem+json',
  });
}

/** The problem body of the webhooks service and the business interfaces (X-Request-ID: middleware/request-id.ts). */
export function sendProblem(c: Context, p: Problem): Response {
  return c.json(problemBody(p), p.status);
}

/** The error handler of the business interfaces' route groups: a thrown problem becomes its answer. */
export function answerProblem(error: Error, c: Context): Response {
  if (error instanceof ProblemException) return sendProblem(c, error.problem);
  throw error;
}
