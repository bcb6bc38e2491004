import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '@/lib/db';
import { encryptEnvelope } from '@/lib/webhooks/encryption';
import { signPayload } from '@/lib/webhooks/signature';
import { callbackUrlFor, newSubscriptionId, saveSubscription } from '@/lib/webhooks/subscriptions';

export const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function createSubscription(db: Db, secret = newSecret()) {
  const id = newSubscriptionId();
  await saveSubscription(db, {
    id,
    bankId: 'default',
    bankSubscriptionId: randomUUID(),
    callbackUrl: callbackUrlFor(id),
    eventTypes: ['Claim'],
    description: 'test',
    signingSecret: secret,
  });
  return { id, secret };
}

export function claimEnvelope(overrides: Record<string, unknown> = {}) {
  return {
    eventId: randomUUID(),
    eventType: 'claim.paid',
    schemaVersion: '1.0',
    occurredAt: new Date().toISOString(),
    links: [{ rel: 'self', href: 'http://127.0.0.1:4010/business/claims/v1/claims/c-1', method: 'GET' }],
    ...overrides,
  };
}

/**
 * A Paid claim as a bank's claims interface answers it (IOBWS-Claims 3.1 claimDetails, with the sandbox's
 * claimId): one the app reads as a claim (lib/bank/claims.ts), where a claim.paid event's self link leads.
 */
export function paidClaim(claimId: string) {
  return {
    claimId,
    claimKey: { claimantId: '5501692829', account: '015966000001', dueDate: '2026-04-15' },
    payorId: '0101302989',
    claimStatus: 'Paid',
    currency: 'ISK',
    amount: 12500,
    totalAmountDue: 0,
  };
}

/** What the bank sends: the JWE, and its signature header. */
export async function sealedDelivery(
  envelope: unknown,
  secret: string,
  options: { timestamp?: number; encryptWith?: string } = {},
) {
  const rawBody = await encryptEnvelope(envelope, options.encryptWith ?? secret);
  return { rawBody, signatureHeader: signPayload(secret, rawBody, options.timestamp ?? nowSeconds()) };
}

export interface FakeBank {
  url: string;
  requests: { method: string; path: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

/**
 * A stand-in for the bank (which we do not own) on 127.0.0.1: a token endpoint, and whatever
 * `route` answers for other paths.
 */
export async function startFakeBank(
  route: (method: string, path: string) => { status: number; body?: unknown } | undefined,
): Promise<FakeBank> {
  const requests: FakeBank['requests'] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers });
      const answer =
        path === '/oauth/v2/oauth-token'
          ? { status: 200, body: { access_token: 'bank-token', token_type: 'Bearer', expires_in: 3600 } }
          : (route(req.method ?? 'GET', path) ?? { status: 404, body: {} });
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
