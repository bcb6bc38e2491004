import type { MiddlewareHandler } from 'hono';
import type { FaultRule } from '../../faults/rules.js';
import { psuOfAuthorisation, psuOfDebtorAccount, psuOfPayment } from '../../faults/subjects.js';
import type { SandboxContext, SandboxEnv } from '../env.js';
import { sendError, sendProblemDetails } from '../errors.js';
import { incomingOf } from '../incoming.js';
import { allowBesides } from '../pis-resources.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Default hold for a `timeout` rule: longer than the TPP app's bank client waits. */
export const DEFAULT_HOLD_MS = 35_000;

const PAYMENT_PATH = /^\/psd2\/api\/v1\/[^/]+\/[^/]+\/([^/]+)/;
const INITIATION_PATH = /^\/psd2\/api\/v1\/[^/]+\/[^/]+\/?$/;
const SCA_PATH = /^\/sca\/([^/]+)/;

/** Which PSU a request is about: the debtor of the payment it names, or of the payment it initiates. */
async function requestPsu(c: SandboxContext): Promise<string[]> {
  const db = c.get('db');
  const path = c.req.path;
  if (c.req.method === 'POST' && INITIATION_PATH.test(path)) {
    // Read as text: Hono caches it, so the route (which checks the Digest over the raw text) reads the same.
    try {
      const body = JSON.parse(await c.req.text()) as { debtorAccount?: { iban?: unknown; bban?: unknown } };
      return await psuOfDebtorAccount(db, body.debtorAccount);
    } catch {
      // Not JSON: the route answers that; no PSU to match.
    }
    return [];
  }
  const payment = PAYMENT_PATH.exec(path)?.[1];
  if (payment) return psuOfPayment(db, payment);
  const authorisation = SCA_PATH.exec(path)?.[1];
  if (authorisation) return psuOfAuthorisation(db, authorisation);
  return [];
}

/** Holds the connection, then drops it without an answer (the client sees a timeout or a reset). */
async function hangUp(c: SandboxContext, rule: FaultRule): Promise<Response> {
  await sleep(rule.holdMs ?? DEFAULT_HOLD_MS);
  const incoming = incomingOf(c);
  incoming?.socket.destroy();
  // Nothing reaches the client; the status only shows in server-side logs.
  return new Response(null, { status: 504 });
}

/**
 * Applies request fault rules before the routes. `/sandbox/*` (the admin surface) and `/docs` are never
 * faulted, so that a test can always remove what it set up.
 */
export const faultMiddleware: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  const path = c.req.path;
  if (path === '/sandbox' || path.startsWith('/sandbox/') || path === '/docs' || path.startsWith('/docs/')) {
    return next();
  }
  const rule = await c.get('bank').faults.take({
    target: 'request',
    method: c.req.method,
    path,
    psu: () => requestPsu(c),
  });
  if (!rule) return next();
  c.header('Sandbox-Fault', rule.id);
  if (rule.latencyMs) await sleep(rule.latencyMs);
  if (rule.error) {
    const { status, code, path: field, text, form, additionalErrors } = rule.error;
    // RFC 9110 15.5.6: a 405 carries Allow, the methods the endpoint still offers.
    if (status === 405) c.header('Allow', allowBesides(path, c.req.method));
    const detail = text ?? `Fault rule ${rule.id}: ${code}.`;
    if (form === 'problem') return sendProblemDetails(c, { status, code, detail, additionalErrors });
    return sendError(c, { status, code, path: field ?? null, text: detail });
  }
  if (rule.status !== undefined) {
    const retryAfter = rule.retryAfterSeconds ?? (rule.status === 429 ? 1 : undefined);
    if (retryAfter !== undefined && (rule.status === 429 || rule.status === 503)) {
      c.header('Retry-After', String(retryAfter));
    }
    return c.body(null, rule.status as 500);
  }
  if (rule.timeout === 'before') {
    c.res = await hangUp(c, rule);
    return;
  }
  await next();
  if (rule.timeout === 'after') c.res = await hangUp(c, rule);
  if (rule.scaLinks) c.res = await withoutScaLinks(c.res, rule.scaLinks, c.req.method, path);
};

/**
 * A payment initiation's 201 with no SCA link the TPP can follow (rule `scaLinks`): only `self` and `status`, and
 * with `encrypted` the one start a TPP of this app does not take. Any other answer passes unchanged.
 */
async function withoutScaLinks(
  res: Response,
  kind: NonNullable<FaultRule['scaLinks']>,
  method: string,
  path: string,
): Promise<Response> {
  const json = (res.headers.get('Content-Type') ?? '').includes('json');
  if (method !== 'POST' || !INITIATION_PATH.test(path) || res.status !== 201 || !json) return res;
  const body = (await res.json()) as { _links?: Record<string, { href: string }> };
  const { self, status } = body._links ?? {};
  const links: Record<string, { href: string } | undefined> = { self, status };
  if (kind === 'encrypted' && self)
    links.startAuthorisationWithEncryptedPsuAuthentication = { href: `${self.href}/authorisations` };
  const headers = new Headers(res.headers);
  headers.delete('Content-Length');
  return new Response(JSON.stringify({ ...body, _links: links }), { status: 201, headers });
}
