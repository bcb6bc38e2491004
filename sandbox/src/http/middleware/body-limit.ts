import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { PaymentService } from '../../db/queries/payments.js';
import { tppError } from '../../errors.js';
import { IDP_PATH } from '../../identity/discovery.js';
import { LARGEST_INITIATION_BODY } from '../../pis/largest-body.js';
import type { SandboxContext, SandboxEnv } from '../env.js';
import { sendError, sendProblem } from '../errors.js';

/** Every body that is not a payment initiation: forms, PSU data, tokens, subscriptions, claims, admin. */
export const OTHER_BODY_BYTES = 64 * 1024;

const INITIATION = /^\/psd2\/api\/v1\/(payments|bulk-payments|periodic-payments)\/[^/]+\/?$/;
const TOKEN_ENDPOINTS = new Set(['/oauth/v2/oauth-token', `${IDP_PATH}/token`]);

/** The most bytes a request to this method and path may carry, never above the `ceiling` setting. */
export function bodyLimitFor(method: string, path: string, ceiling: number | undefined): number {
  const service = method === 'POST' ? (INITIATION.exec(path)?.[1] as PaymentService | undefined) : undefined;
  const own = service ? LARGEST_INITIATION_BODY[service] : OTHER_BODY_BYTES;
  return Math.min(own, ceiling ?? LARGEST_INITIATION_BODY['bulk-payments']);
}

/**
 * The answer to a body over its limit, in the terms of the interface it was sent to. The payment interface's
 * status list (spec 4.1) and the Berlin Group's (IG 4.12) have no 413; IG 4.12 gives 400 for "malformed syntax
 * in request or incorrect data in payload", and part 7 allows FORMAT_ERROR with it. The business interfaces
 * answer 400 BODY_INVALID as for any body they cannot take, the token endpoints RFC 6749's invalid_request, and
 * the pages and the operator surface HTTP's own 413 (RFC 9110 15.5.14) without a body.
 */
function tooLarge(c: SandboxContext, limit: number): Response {
  const text = `The request body is larger than the ${limit} bytes this bank accepts here.`;
  // The rest of the body may still be on its way: this connection ends with the answer, so that no client
  // sends its next request after a body the server stopped reading.
  c.header('Connection', 'close');
  const path = c.req.path;
  if (path.startsWith('/psd2/')) return sendError(c, tppError(400, 'FORMAT_ERROR', null, text));
  if (path.startsWith('/events/') || path.startsWith('/business/')) {
    return sendProblem(c, { status: 400, code: 'BODY_INVALID', detail: text });
  }
  if (TOKEN_ENDPOINTS.has(path)) return c.json({ error: 'invalid_request', error_description: text }, 400);
  return c.body(null, 413);
}

/**
 * A limit on the body of every request, decided from the method and path before anything reads the body: a
 * declared `Content-Length` over the limit is answered at once, unread; a body without one is counted as it
 * arrives and refused as soon as it passes the limit (Hono's bodyLimit). What the client still sends is then
 * discarded by the server, never held or parsed, so one oversized request costs others nothing.
 */
export const requestBodyLimit: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  const limit = bodyLimitFor(c.req.method, c.req.path, c.get('config').maxBodyBytes);
  // A declared length is decided from the headers alone. Asking the request for its body stream would make the
  // server build a web stream for every request and read every body through it, which costs more than the
  // checks of a payment initiation; the counting below is kept for bodies without a declared length.
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const declared = c.req.header('Content-Length');
  if (declared !== undefined && c.req.header('Transfer-Encoding') === undefined) {
    return Number.parseInt(declared, 10) > limit ? tooLarge(c, limit) : next();
  }
  return bodyLimit({ maxSize: limit, onError: (context) => tooLarge(context as SandboxContext, limit) })(
    c,
    next,
  );
};
