import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The app's two public callback routes (the bank's status notifications and its webhook
 * deliveries) behind a plain `node:http` server on 127.0.0.1, without a Next build: each request is
 * turned into the `NextRequest` the route handler takes, and its `Response` written back. The route
 * modules are imported on the first request, so the caller sets `process.env` first.
 *
 * `failNext` makes the next n requests (under `pathPrefix`, if given) fail or wait before they reach
 * the route: the TPP endpoint down or slow, as the bank sees it. Without a status the request goes on
 * to the route after the delay.
 */
export interface RouteServer {
  url: string;
  /** Requests that reached a route handler, with its answer. */
  readonly handled: { path: string; status: number; ms: number }[];
  failNext(count: number, answer: Failure): void;
  close(): Promise<void>;
}

const notificationPath = /^\/api\/notifications\/payments\/([^/]+)\/([^/?]+)$/;
const webhookPath = /^\/api\/webhooks\/bank-events\/([^/?]+)$/;

export interface Failure {
  status?: number;
  delayMs?: number;
  retryAfterSeconds?: number;
  pathPrefix?: string;
}

type Routes = {
  notification: typeof import('@/app/api/notifications/payments/[paymentId]/[token]/route').POST;
  webhook: typeof import('@/app/api/webhooks/bank-events/[subscriptionId]/route').POST;
  NextRequest: typeof import('next/server').NextRequest;
};

let routes: Promise<Routes> | undefined;

function loadRoutes(): Promise<Routes> {
  routes ??= Promise.all([
    import('@/app/api/notifications/payments/[paymentId]/[token]/route'),
    import('@/app/api/webhooks/bank-events/[subscriptionId]/route'),
    import('next/server'),
  ]).then(([notification, webhook, next]) => ({
    notification: notification.POST,
    webhook: webhook.POST,
    NextRequest: next.NextRequest,
  }));
  return routes;
}

async function readBody(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startRouteServer(): Promise<RouteServer> {
  const handled: RouteServer['handled'] = [];
  const failures: Failure[] = [];
  let base = '';

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const started = performance.now();
    const body = await readBody(incoming);
    const path = (incoming.url ?? '/').split('?')[0] ?? '/';
    const index = failures.findIndex((f) => !f.pathPrefix || path.startsWith(f.pathPrefix));
    const failure = index >= 0 ? failures.splice(index, 1)[0] : undefined;
    if (failure?.delayMs) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
    if (failure?.status !== undefined) {
      if (outgoing.destroyed) return;
      outgoing.writeHead(failure.status ?? 503, {
        ...(failure.retryAfterSeconds !== undefined
          ? { 'Retry-After': String(failure.retryAfterSeconds) }
          : {}),
      });
      outgoing.end();
      return;
    }
    const notification = incoming.method === 'POST' ? notificationPath.exec(path) : null;
    const webhook = incoming.method === 'POST' ? webhookPath.exec(path) : null;
    if (!notification && !webhook) {
      outgoing.writeHead(404).end();
      return;
    }
    const { notification: notify, webhook: deliver, NextRequest } = await loadRoutes();
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    const request = new NextRequest(`${base}${incoming.url ?? '/'}`, {
      method: 'POST',
      headers,
      body: body.length ? new Uint8Array(body) : undefined,
    });
    const response = notification
      ? await notify(request, {
          params: Promise.resolve({
            paymentId: decodeURIComponent(notification[1] ?? ''),
            token: decodeURIComponent(notification[2] ?? ''),
          }),
        })
      : await deliver(request, {
          params: Promise.resolve({ subscriptionId: decodeURIComponent(webhook?.[1] ?? '') }),
        });
    const answer = Buffer.from(await response.arrayBuffer());
    handled.push({ path, status: response.status, ms: performance.now() - started });
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      out[name] = value;
    });
    outgoing.writeHead(response.status, out);
    outgoing.end(answer);
  }

  const server: Server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      handled.push({ path: incoming.url ?? '/', status: 500, ms: 0 });
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'Content-Type': 'text/plain' });
      outgoing.end(error instanceof Error ? error.message : 'error');
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    handled,
    failNext(count, answer) {
      for (let i = 0; i < count; i++) failures.push(answer);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
