// The app's HTTP server, used by `npm start`, the end-to-end tests and the benchmarks instead of
// `next start`: Next.js's own request handler behind a plain node:http server that first makes the
// forwarding headers trustworthy, refuses oversized bodies and broken paths, and sends HSTS over https.
//
//   PORT=3000 node scripts/app-server.mjs            (HOSTNAME=127.0.0.1 to listen on one address only)
//
// Next.js fills `X-Forwarded-For` from the socket only when a request arrives without one, so a
// client could name any address it liked. With no trusted proxy in front (TRUSTED_PROXY_COUNT=0),
// this server writes the socket's address over whatever the client sent, and drops the other
// forwarding headers; behind trusted proxies it leaves them to the proxies, which append.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer } from 'node:http';
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

async function main() {
  const { default: next } = await import('next');
  const port = Number(process.env.PORT ?? 3000);
  // Unset: every interface, IPv4 and IPv6, as `next start` listens.
  const hostname = process.env.HOSTNAME || undefined;
  const app = next({ dev: false, dir: process.cwd(), hostname: hostname ?? 'localhost', port });
  const handle = app.getRequestHandler();
  await app.prepare();
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
