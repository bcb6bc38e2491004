// The app's HTTP server, used by `npm start`, the end-to-end tests and the benchmarks instead of
// `next start`: Next.js's own request handler behind a plain node:http server that first makes the
// forwarding headers trustworthy, refuses oversized bodies and broken paths, sends HSTS over https, and
// answers a browser's request for a page that is not there with the not-found page drawn by the server.
//
//   PORT=3000 node scripts/app-server.mjs            (HOSTNAME=127.0.0.1 to listen on one address only)
//
// Next.js fills `X-Forwarded-For` from the socket only when a request arrives without one, so a
// client could name any address it liked. With no trusted proxy in front (TRUSTED_PROXY_COUNT=0),
// this server writes the socket's address over whatever the client sent, and drops the other
// forwarding headers; behind trusted proxies it leaves them to the proxies, which append.
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const FORWARDING_HEADERS = [
  'x-real-ip',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'forwarded',
];

/** Replaces what a client may have written about its own address with what the socket says. */
export function stampClientAddress(request, trustedProxyCount) {
  if (trustedProxyCount > 0) return;
  for (const name of FORWARDING_HEADERS) delete request.headers[name];
  request.headers['x-forwarded-for'] = request.socket.remoteAddress ?? '';
}

/** Answers at once; what the client still sends is read and dropped, never kept. */
function refuse(request, response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
  request.resume();
  return true;
}

/**
 * A declared body over the limit is answered 413 at once, before it is read. A page (a server
 * action) must declare its body's length, as browsers do, so that this limit, below Next.js's own
 * `bodySizeLimit`, always answers first: Next.js answers an oversized action 500.
 */
export function refuseOversized(request, response, maxBodyBytes) {
  const declared = request.headers['content-length'];
  if (declared === undefined) {
    const page = !(request.url ?? '/').startsWith('/api/');
    return page && request.headers['transfer-encoding'] !== undefined
      ? refuse(request, response, 411, { error: 'length_required' })
      : false;
  }
  if (!(Number(declared) > maxBodyBytes)) return false;
  return refuse(request, response, 413, { error: 'body_too_large', maxBytes: maxBodyBytes });
}

/**
 * A path whose percent-encoding is broken (`%ZZ`, a cut-off `%E0%A4%A`, an overlong `%C0%AF`) names
 * no page: answered 400 here, where Next.js would fail to decode it and answer 500. Next.js decodes
 * a dynamic segment once more when it reads it as a parameter, so the path must survive two
 * decodings; no page of the app has a literal `%` in its path.
 */
export function refuseMalformedPath(request, response) {
  const target = request.url ?? '/';
  const end = target.search(/[?#]/);
  try {
    decodeURIComponent(decodeURIComponent(end === -1 ? target : target.slice(0, end)));
    return false;
  } catch {
    return refuse(request, response, 400, { error: 'malformed_path' });
  }
}

/**
 * HSTS on every response when the app is served over https, static files and refusals included: a
 * browser ignores it over http, and a localhost demo must not pin https.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/**
 * The per-request record of the bank's time that lib/server/server-timing.ts adds each bank call to;
 * one store per process, under the name processGlobal gives it there.
 */
function serverTimingStorage() {
  const key = Symbol.for('greidsla.serverTiming');
  globalThis[key] ??= new AsyncLocalStorage();
  return globalThis[key];
}

/**
 * `handle` with a `Server-Timing` header on every response (SERVER_TIMING=1, for the benchmarks): the
 * time the request's calls to the bank took, summed (`bank`), the time its database statements were
 * under way (`db`, part of the app's), and the rest of the time until the headers were sent (`app`).
 * A streamed page sends its headers when its first part is ready, so what it does after that is in
 * none of them. The record's fields are lib/server/server-timing.ts's `RequestTime`.
 */
export function withServerTiming(handle) {
  const storage = serverTimingStorage();
  return (request, response) => {
    const started = performance.now();
    const record = { bankMs: 0, bankCalls: 0, dbMs: 0, dbStatements: 0, dbOpen: 0, dbSince: 0 };
    const writeHead = response.writeHead;
    response.writeHead = function writeHeadWithTiming(...args) {
      if (!this.headersSent) {
        const now = performance.now();
        const appMs = Math.max(0, now - started - record.bankMs);
        const dbMs = record.dbMs + (record.dbOpen > 0 ? now - record.dbSince : 0);
        this.appendHeader(
          'Server-Timing',
          `bank;dur=${record.bankMs.toFixed(1)};desc="${record.bankCalls} calls", db;dur=${dbMs.toFixed(1)};desc="${record.dbStatements} statements", app;dur=${appMs.toFixed(1)}`,
        );
      }
      return writeHead.apply(this, args);
    };
    storage.run(record, () => handle(request, response));
  };
}

/**
 * Whether a path is one of the build's pages (not a route handler): `/is/payments/42` is, `/is/404` and
 * `/api/payments/42` are not. Read from the build's manifests in `distDir`.
 */
export function pageMatcher(distDir) {
  const read = (name) => JSON.parse(readFileSync(path.join(distDir, name), 'utf8'));
  const pages = new Set(
    Object.entries(read('app-path-routes-manifest.json'))
      .filter(([entry]) => entry.endsWith('/page'))
      .map(([, route]) => route),
  );
  const { staticRoutes, dynamicRoutes } = read('routes-manifest.json');
  const ours = ({ page }) => pages.has(page) && !page.startsWith('/_');
  const patternsOf = (pick) =>
    [...staticRoutes, ...dynamicRoutes].filter(pick).map(({ regex }) => new RegExp(regex));
  const pagePatterns = patternsOf(ours);
  // A route handler's or the framework's own page's static segments win over a page's dynamic ones:
  // /api/payments/42 is not /[locale]/payments/[id], nor /_not-found /[locale].
  const otherPatterns = patternsOf((route) => !ours(route));
  return (pathname) =>
    !otherPatterns.some((pattern) => pattern.test(pathname)) &&
    pagePatterns.some((pattern) => pattern.test(pathname));
}

/** A browser asking for a page to show (not the router's data of one, not a prefetch). */
function asksForDocument(request) {
  return (
    request.method === 'GET' &&
    request.headers.rsc === undefined &&
    request.headers['next-router-prefetch'] === undefined &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** The response headers a relayed answer does not carry over: the connection's and the body's encoding. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-encoding',
  'content-length',
]);

/**
 * `handle` with a page's 404 to a browser drawn by the server. Next.js 16 answers a notFound() called by a
 * page (another PSU's payment, an id that names nothing) with a document whose body is empty
 * (`<html id="__next_error__">`), which the page's scripts fill in once they have run: a browser without them
 * shows nothing, and a phone shows a blank page until they have loaded and run (vercel/next.js#62228). An
 * address no route matches is answered with the not-found page drawn in full. So such a 404 is answered with
 * what `origin()` draws for `/{first segment}/404`, an address no route matches, in the same language and for
 * the same PSU (its cookies): the same words in the site's frame, status 404, at the address that was asked
 * for; the app's own answer is sent as it was when that one cannot be had. `isPage` is `pageMatcher`'s.
 */
export function withServerDrawnNotFound(handle, { isPage, origin }) {
  return (request, response) => {
    if (!asksForDocument(request)) return handle(request, response);
    const { pathname } = new URL(request.url ?? '/', 'http://app');
    if (!isPage(pathname)) return handle(request, response);
    // The node:http methods, called directly: what Next.js wraps around these (its compression) stays in place,
    // and what it writes through them is held or passed on here, beneath it.
    const { writeHead, write, end } = response;
    // The app's own 404, held (its head and body) to be sent as it is if no other can be had; null once the
    // answer is known to be something else, which passes through.
    let held;
    const holds = (status) => {
      held ??= status === 404 ? { head: [404], body: [] } : null;
      return held !== null;
    };
    const keep = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      held.body.push(
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
          : Buffer.from(chunk),
      );
    };
    const callbackOf = (...args) => args.find((arg) => typeof arg === 'function');
    response.writeHead = function holdHead(status, ...rest) {
      if (!holds(status)) return writeHead.call(this, status, ...rest);
      held.head = [status, ...rest];
      return this;
    };
    response.write = function holdWrite(chunk, encoding, callback) {
      if (!holds(this.statusCode)) return write.call(this, chunk, encoding, callback);
      keep(chunk, encoding);
      const done = callbackOf(encoding, callback);
      if (done) queueMicrotask(done);
      return true;
    };
    response.end = function holdEnd(chunk, encoding, callback) {
      if (!holds(this.statusCode)) return end.call(this, chunk, encoding, callback);
      keep(chunk, encoding);
      const done = callbackOf(chunk, encoding, callback);
      drawnNotFound(request, pathname, origin()).then(
        (drawn) => {
          for (const name of this.getHeaderNames())
            if (name !== 'set-cookie' && name !== 'strict-transport-security') this.removeHeader(name);
          for (const [name, value] of drawn.headers)
            if (!HOP_BY_HOP.has(name) && name !== 'set-cookie') this.setHeader(name, value);
          writeHead.call(this, 404);
          end.call(this, drawn.body, done);
        },
        () => {
          writeHead.apply(this, held.head);
          end.call(this, Buffer.concat(held.body), done);
        },
      );
      return this;
    };
    return handle(request, response);
  };
}

/** The not-found page the app draws at `origin` for an address no route matches, beside `pathname`. */
async function drawnNotFound(request, pathname, origin) {
  const [, first = ''] = pathname.split('/');
  const headers = {};
  for (const name of ['cookie', 'accept', 'accept-language', 'user-agent'])
    if (request.headers[name] !== undefined) headers[name] = String(request.headers[name]);
  const answer = await fetch(`${origin}/${encodeURIComponent(first)}/404`, { headers, redirect: 'manual' });
  const body = Buffer.from(await answer.arrayBuffer());
  if (answer.status !== 404 || !(answer.headers.get('content-type') ?? '').includes('text/html'))
    throw new Error(`the not-found page answered ${answer.status}`);
  return { headers: answer.headers, body };
}

/**
 * How long an idle keep-alive connection stays open: a minute, longer than a client (a browser, a
 * script's request context, a load balancer with the usual 60 s idle timeout) keeps one idle before
 * reusing it. Node's default of 5 s closes sockets that clients are about to reuse, and a request sent
 * on a socket the server has just closed fails with ECONNRESET. The sandbox bank's listener does the same.
 */
export const KEEP_ALIVE_MS = 61_000;

/**
 * The requests this process's servers are answering, on a process-wide record (lib/jobs/between-requests.ts
 * `requestsInFlight`): `idle` is woken when the count falls to none. On the embedded database the job queue
 * looks for work between requests.
 */
function requestsInFlight() {
  const key = Symbol.for('greidsla.requests-in-flight');
  globalThis[key] ??= { count: 0, idle: new Set() };
  return globalThis[key];
}

/** Counts `response`'s request as in flight until it is answered or its connection closes. */
function countInFlight(response) {
  const requests = requestsInFlight();
  requests.count += 1;
  response.once('close', () => {
    requests.count -= 1;
    if (requests.count === 0) for (const wake of requests.idle) wake();
  });
}

/** A node:http server in front of `handle` (Next.js's request handler, or any other). */
export function createAppServer(
  handle,
  { trustedProxyCount = 0, maxBodyBytes = 5 * 1024 * 1024, https = false, serverTiming = false } = {},
) {
  const serve = serverTiming ? withServerTiming(handle) : handle;
  const server = createServer((request, response) => {
    countInFlight(response);
    // Once the server is stopping, a connection is closed when its response is sent, not kept idle.
    response.once('finish', () => {
      if (!server.listening) server.closeIdleConnections();
    });
    if (https) response.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    stampClientAddress(request, trustedProxyCount);
    if (refuseOversized(request, response, maxBodyBytes) || refuseMalformedPath(request, response)) return;
    serve(request, response);
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}

/** A whole number from the environment; anything else is the default (lib/config refuses it at start). */
function positive(value, fallback) {
  const number = Number(value);
  return value && Number.isSafeInteger(number) && number >= 0 ? number : fallback;
}

/** Where this process's server is reached from itself: its own address, loopback when it listens on every one. */
function selfOrigin({ address, port }) {
  const host =
    address === '::' || address === '0.0.0.0'
      ? '127.0.0.1'
      : address.includes(':')
        ? `[${address}]`
        : address;
  return `http://${host}:${port}`;
}

async function main() {
  const { default: next } = await import('next');
  const port = Number(process.env.PORT ?? 3000);
  // Unset: every interface, IPv4 and IPv6, as `next start` listens.
  const hostname = process.env.HOSTNAME || undefined;
  const app = next({ dev: false, dir: process.cwd(), hostname: hostname ?? 'localhost', port });
  await app.prepare();
  const handle = withServerDrawnNotFound(app.getRequestHandler(), {
    isPage: pageMatcher(path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next')),
    origin: () => selfOrigin(server.address()),
  });
  const server = createAppServer(handle, {
    trustedProxyCount: positive(process.env.TRUSTED_PROXY_COUNT, 0),
    maxBodyBytes: positive(process.env.APP_MAX_BODY_BYTES, 5 * 1024 * 1024),
    https: (process.env.APP_BASE_URL ?? '').startsWith('https://'),
    serverTiming: process.env.SERVER_TIMING === '1',
  });
  // As `next start` does: stop taking connections, let the requests in flight finish, then exit;
  // the app's own stop (lib/server/start.ts) holds the exit until its jobs and database are closed.
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.once(signal, () => server.close(() => process.exit(0)));
  }
  server.listen(port, hostname, () => console.log(`App listening on port ${port}`));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
