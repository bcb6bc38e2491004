import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';

/** A callback endpoint on 127.0.0.1 that records every delivery and answers as told. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

export type Answer = number | 'hang';

export class Receiver {
  readonly received: Received[] = [];
  answer: Answer = 200;
  private server: Server | undefined;
  private hanging = new Set<() => void>();
  url = '';

  async start(path = '/hooks/bank'): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.received.push({
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        });
        if (this.answer === 'hang') {
          const release = () => res.destroy();
          this.hanging.add(release);
          return;
        }
        res.writeHead(this.answer).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}${path}`;
    return this;
  }

  async close() {
    for (const release of this.hanging) release();
    await new Promise<void>((resolve) => {
      this.server?.close(() => resolve());
      this.server?.closeAllConnections();
    });
  }
}

export const B2B_USER = { username: 'greidsla-ehf', password: 'sandbox-b2b' };
export const SUBSCRIPTION_KEY = 'demo-subscription-key';

export async function b2bToken(base: string, user = B2B_USER): Promise<string> {
  const response = await fetch(`${base}/oauth/v2/oauth-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/plain' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: user.username,
      client_secret: user.password,
      scope: 'openid b2b',
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface Reply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test convenience
  json: any;
}

/** A client of the webhooks service and the business interfaces. */
export class BusinessClient {
  /** With `user`, an expired token (the tests move the sandbox clock by days) is replaced and the call repeated. */
  constructor(
    readonly base: string,
    public token: string,
    readonly user?: { username: string; password: string },
  ) {}

  static async signIn(base: string, user = B2B_USER): Promise<BusinessClient> {
    return new BusinessClient(base, await b2bToken(base, user), user);
  }

  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string | undefined> = {},
  ): Promise<Reply> {
    const all: Record<string, string | undefined> = {
      'X-Request-ID': randomUUID(),
      'Ocp-Apim-Subscription-Key': SUBSCRIPTION_KEY,
      Authorization: `Bearer ${this.token}`,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    };
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: Object.fromEntries(
        Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined),
      ),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = text ? JSON.parse(text) : null;
    if (response.status === 401 && json?.code === 'TOKEN_EXPIRED' && this.user && !headers.Authorization) {
      this.token = await b2bToken(this.base, this.user);
      return this.call(method, path, body, headers);
    }
    return { status: response.status, headers: response.headers, json };
  }

  subscriptions = '/events/api/v1/subscriptions';

  create(body: Record<string, unknown>) {
    return this.call('POST', this.subscriptions, { description: 'test', subjectScope: 'Self', ...body });
  }

  verify(id: string, eventType = 'Claim') {
    return this.call('POST', `${this.subscriptions}/${id}/verify?eventType=${encodeURIComponent(eventType)}`);
  }

  deliveries(id: string) {
    return this.call('GET', `${this.subscriptions}/${id}/deliveries`);
  }
}

/** Raises a claim.paid event for a client through the sandbox's admin surface. */
export async function emitEvent(base: string, username = B2B_USER.username, resourcePath?: string) {
  const response = await fetch(`${base}/sandbox/webhooks/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, eventType: 'claim.paid', resourcePath }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { eventId: string }).eventId;
}

export async function sandboxNowMs(base: string): Promise<number> {
  const response = await fetch(`${base}/sandbox/clock`);
  return Date.parse(((await response.json()) as { now: string }).now);
}
