import { timingSafeEqual } from 'node:crypto';
import { isIPv4 } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { BANK_CALL_HEADER } from '../../shared/outbound.js';
import type { SandboxEnv } from '../env.js';
import { incomingOf } from '../incoming.js';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

function keyMatches(sent: string | undefined, expected: string): boolean {
  if (sent === undefined) return false;
  const a = Buffer.from(sent, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether the Host header names this machine's loopback (localhost or a name under .localhost, RFC 6761 6.3;
 * 127.0.0.0/8; [::1]) or the sandbox's configured public URL: a name nobody else can point at loopback.
 */
export function isLoopbackHost(host: string | undefined, publicUrl: string | undefined): boolean {
  if (!host) return false;
  if (publicUrl !== undefined && host === new URL(publicUrl).host) return true;
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '[::1]' ||
    (isIPv4(name) && isLoopbackAddress(name))
  );
}

/**
 * Who may use /sandbox: anyone connecting over loopback (the socket's peer address; forwarding headers are
 * not trusted) who names it by a loopback name, and others only with `X-Sandbox-Admin-Key` equal to
 * `SANDBOX_ADMIN_KEY`. Without a key set, the admin surface answers only loopback. The name is checked because a
 * web page can rebind its own host name to 127.0.0.1 (DNS rebinding): the developer's browser then calls the
 * sandbox over loopback as that page's own origin, which the Origin checks below cannot tell from the sandbox's.
 */
export const adminAccess: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  if (c.req.header(BANK_CALL_HEADER) !== undefined) {
    return c.json(
      { error: 'The sandbox admin surface takes no calls the bank makes to a TPP address.' },
      403,
    );
  }
  const { adminKey: key, publicUrl } = c.get('config');
  const allowed =
    (isLoopbackAddress(incomingOf(c)?.socket.remoteAddress) &&
      isLoopbackHost(c.req.header('Host'), publicUrl)) ||
    (key !== undefined && keyMatches(c.req.header('X-Sandbox-Admin-Key'), key));
  if (!allowed) {
    return c.json(
      { error: 'The sandbox admin surface needs X-Sandbox-Admin-Key when not called over loopback.' },
      403,
    );
  }
  return next();
};

/** JSON, with or without parameters (`application/json; charset=utf-8`). */
function isJson(contentType: string): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType.trim());
}

function hasBody(c: Parameters<MiddlewareHandler<SandboxEnv>>[0]): boolean {
  const length = c.req.header('Content-Length');
  return (length !== undefined && length !== '0') || c.req.header('Transfer-Encoding') !== undefined;
}

/** The request's Origin is the sandbox's own: the host it was called at, or its public URL's. */
function isOwnOrigin(c: Parameters<MiddlewareHandler<SandboxEnv>>[0], origin: string): boolean {
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false; // `null` (a sandboxed frame, a file), or anything that is no origin
  }
  const publicUrl = c.get('config').publicUrl;
  return host === c.req.header('Host') || (publicUrl !== undefined && host === new URL(publicUrl).host);
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What a web page of another origin can make a browser send is refused (a sandbox extra, README "The admin
 * surface"): a page the developer opens could otherwise move the sandbox clock, plant fault rules or approve a
 * decoupled payment through their browser, which is on loopback. A request whose `Origin` is not the
 * sandbox's own, or that the browser marks `Sec-Fetch-Site` cross-site or same-site (another port of the
 * same host), is refused with 403; a state-changing call with a body that is not `application/json` (the
 * types a form or a no-cors `fetch` sends without a CORS preflight) with 415. Tools (curl, tests) send
 * neither header, and JSON.
 */
export const adminRequestOrigin: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  const origin = c.req.header('Origin');
  const site = c.req.header('Sec-Fetch-Site');
  if ((origin !== undefined && !isOwnOrigin(c, origin)) || site === 'cross-site' || site === 'same-site') {
    return c.json({ error: 'The sandbox admin surface takes no requests from another origin.' }, 403);
  }
  if (stateChanging.has(c.req.method)) {
    const type = c.req.header('Content-Type');
    if (type !== undefined ? !isJson(type) : hasBody(c)) {
      return c.json(
        { error: 'The sandbox admin surface takes JSON bodies only (Content-Type: application/json).' },
        415,
      );
    }
  }
  return next();
};
