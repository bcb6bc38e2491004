import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { SandboxContext } from '../context.js';
import { findAccountByReference } from '../db/queries/accounts.js';
import { debtorIbanOfAuthorisation } from '../db/queries/authorisations.js';
import { findPayment } from '../db/queries/payments.js';
import { type FaultRule, faultStore, psuIdentifiers } from './rules.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Default hold for a `timeout` rule: longer than the TPP app's bank client waits. */
export const DEFAULT_HOLD_MS = 35_000;

/** The Node request behind a Hono context, when served by @hono/node-server. */
export function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

const PAYMENT_PATH = /^\/psd2\/api\/v1\/[^/]+\/[^/]+\/([^/]+)/;
const INITIATION_PATH = /^\/psd2\/api\/v1\/[^/]+\/[^/]+\/?$/;
const SCA_PATH = /^\/sca\/([^/]+)/;

/** Which PSU a request is about: the debtor of the payment it names, or of the payment it initiates. */
async function requestPsu(ctx: SandboxContext, c: Context): Promise<string[]> {
  const db = await ctx.db();
  const path = c.req.path;
  if (c.req.method === 'POST' && INITIATION_PATH.test(path)) {
    // Read as text: Hono caches it, so the route (which checks the Digest over the raw text) reads the same.
    try {
      const body = JSON.parse(await c.req.text()) as { debtorAccount?: { iban?: unknown; bban?: unknown } };
      const iban = body.debtorAccount?.iban;
      const bban = body.debtorAccount?.bban;
      if (typeof iban === 'string') return psuIdentifiers(db, iban);
      if (typeof bban === 'string')
        return psuIdentifiers(db, (await findAccountByReference(db, { bban }))?.iban);
    } catch {
      // Not JSON: the route answers that; no PSU to match.
    }
    return [];
  }
  const payment = PAYMENT_PATH.exec(path)?.[1];
  if (payment) return psuIdentifiers(db, (await findPayment(db, payment))?.debtor_iban);
  const authorisation = SCA_PATH.exec(path)?.[1];
  if (authorisation) return psuIdentifiers(db, await debtorIbanOfAuthorisation(db, authorisation));
  return [];
}

/** Holds the connection, then drops it without an answer (the client sees a timeout or a reset). */
async function hangUp(c: Context, rule: FaultRule): Promise<Response> {
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
export function faultMiddleware(ctx: SandboxContext): MiddlewareHandler {
  const store = faultStore(ctx);
  return async (c, next) => {
    const path = c.req.path;
    if (
      path === '/sandbox' ||
      path.startsWith('/sandbox/') ||
      path === '/docs' ||
      path.startsWith('/docs/')
    ) {
      return next();
    }
    const rule = await store.take({
      target: 'request',
      method: c.req.method,
      path,
      psu: () => requestPsu(ctx, c),
    });
    if (!rule) return next();
    c.header('Sandbox-Fault', rule.id);
    if (rule.latencyMs) await sleep(rule.latencyMs);
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
  };
}
