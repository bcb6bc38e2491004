import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { TlsListenerConfig } from '../config.js';
import { tlsServerOptions } from '../security/tls.js';

type Listener = ReturnType<typeof serve>;

/**
 * Idle keep-alive connections stay open a minute, longer than a client keeps one idle before reusing it:
 * Node's default of 5 s closes sockets that clients (the app's fetch, a test's request context) are
 * about to reuse, and the request sent on one that the bank just closed fails with ECONNRESET. For the
 * bank's listeners, and for what the tests put in front of it (a proxy) or in the app's place.
 */
export function keepConnectionsAlive<T extends object>(listener: T): T {
  const server = listener as unknown as { keepAliveTimeout: number; headersTimeout: number };
  server.keepAliveTimeout = 61_000;
  server.headersTimeout = 62_000;
  return listener;
}

export interface Listening {
  url: string;
  /** https://<host>:<port> of the TLS listener, when one was asked for. */
  tlsUrl?: string;
  close(): Promise<void>;
}

function origin(scheme: 'http' | 'https', host: string, listener: Listener): string {
  const port = (listener.address() as AddressInfo).port;
  return `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Serves `fetch` over HTTP on `port`, and over HTTPS with client-certificate requests when `tls` is given.
 * Rejects (leaving nothing open) when a port cannot be taken.
 */
export async function listen(
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
  options: { port: number; host: string; tls?: TlsListenerConfig | undefined },
): Promise<Listening> {
  const { host, tls } = options;
  const server = await new Promise<Listener>((resolve, reject) => {
    const s = serve({ fetch, port: options.port, hostname: host }, () => resolve(keepConnectionsAlive(s)));
    s.once('error', reject);
  });
  let tlsServer: Listener | undefined;
  if (tls) {
    tlsServer = await new Promise<Listener>((resolve, reject) => {
      const s = serve(
        {
          fetch,
          port: tls.port,
          hostname: host,
          createServer: createHttpsServer,
          serverOptions: tlsServerOptions(tls),
        },
        () => resolve(keepConnectionsAlive(s)),
      );
      s.once('error', (error) => {
        server.close();
        reject(error);
      });
    });
  }
  return {
    url: origin('http', host, server),
    tlsUrl: tlsServer ? origin('https', host, tlsServer) : undefined,
    async close() {
      await Promise.all([server, tlsServer].map((listener) => listener && closeGracefully(listener)));
    },
  };
}

/** How long a closing listener lets the requests it is answering finish before it closes their connections. */
const CLOSE_GRACE_MS = 2_000;

/**
 * Takes no new connection, lets each request being answered finish (at most CLOSE_GRACE_MS), and closes each
 * connection as soon as it is idle (keep-alive connections would hold `close` open a minute). A bank closes its
 * databases after this: a request still being answered then would meet a closed pool, and its client a connection
 * cut without an answer.
 */
function closeGracefully(listener: Listener): Promise<void> {
  const connections = listener as unknown as { closeIdleConnections(): void; closeAllConnections(): void };
  return new Promise<void>((resolve) => {
    const idle = setInterval(() => connections.closeIdleConnections(), 20);
    const bound = setTimeout(() => connections.closeAllConnections(), CLOSE_GRACE_MS);
    listener.close(() => {
      clearInterval(idle);
      clearTimeout(bound);
      resolve();
    });
    connections.closeIdleConnections();
  });
}
