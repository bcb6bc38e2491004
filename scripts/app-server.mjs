// The app's HTTP server, used by `npm start`, the end-to-end tests and the benchmarks instead of
// `next start`: Next.js's own request handler behind a plain node:http server that first makes the
// forwarding headers trustworthy and refuses oversized bodies.
//
//   PORT=3000 node scripts/app-server.mjs            (HOSTNAME=127.0.0.1 to listen on one address only)
//
// Next.js fills `X-Forwarded-For` from the socket only when a request arrives without one, so a
// client could name any address it liked. With no trusted proxy in front (TRUSTED_PROXY_COUNT=0),
// this server writes the socket's address over whatever the client sent, and drops the other
// forwarding headers; behind trusted proxies it leaves them to the proxies, which append.
import { createServer } from 'node:http';
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

/** Whether the declared body is over the limit; answered with 413 at once, before it is read. */
export function refuseOversized(request, response, maxBodyBytes) {
  const length = Number(request.headers['content-length'] ?? 0);
  if (!(length > maxBodyBytes)) return false;
  response.writeHead(413, {
    'content-type': 'application/json',
    connection: 'close',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify({ error: 'body_too_large', maxBytes: maxBodyBytes }));
  request.resume();
  return true;
}

/**
 * HSTS on every response when the app is served over https, static files and refusals included: a
 * browser ignores it over http, and a localhost demo must not pin https.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/** A node:http server in front of `handle` (Next.js's request handler, or any other). */
export function createAppServer(
  handle,
  { trustedProxyCount = 0, maxBodyBytes = 6 * 1024 * 1024, https = false } = {},
) {
  return createServer((request, response) => {
    if (https) response.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    stampClientAddress(request, trustedProxyCount);
    if (refuseOversized(request, response, maxBodyBytes)) return;
    handle(request, response);
  });
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
    maxBodyBytes: positive(process.env.APP_MAX_BODY_BYTES, 6 * 1024 * 1024),
    https: (process.env.APP_BASE_URL ?? '').startsWith('https://'),
  });
  // As `next start` does: stop taking connections, let the requests in flight finish, then exit;
  // the app's own stop (lib/server/start.ts) holds the exit until its jobs and database are closed.
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.once(signal, () => server.close(() => process.exit(0)));
  }
  server.listen(port, hostname, () => console.log(`App listening on port ${port}`));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
