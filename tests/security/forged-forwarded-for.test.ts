import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAppDatabase } from '@/tests/support/app-database';

// An attacker who writes a new X-Forwarded-For on every request, against the app's own server
// (scripts/app-server.mjs) with no trusted proxy (TRUSTED_PROXY_COUNT=0, the default): the sign-in
// limit per client address, the flood guard on the bank's public callbacks (lib/proxy) and the
// PSU-IP-Address sent to the bank all see the socket's address, never the one the client wrote.
// Real HTTP requests; behind the server, the app's own functions on the headers it passes on.
let app: {
  credentials: typeof import('@/lib/auth/credentials');
  psuRequest: typeof import('@/lib/payments/psu-request');
  proxy: typeof import('@/proxy').default;
  db: typeof import('@/lib/db');
};
let server: Server;
let url: string;

/** What the app would do with this request, by the path: a sign-in, the PSU-IP-Address, or a callback. */
async function answer(path: string, headers: Headers, attempt: string): Promise<string> {
  if (path === '/sign-in') {
    const email = `guess.${attempt}@example.is`;
    return app.credentials.verifyPsuCredentials({ email, password: 'a wrong guess' }, headers).then(
      () => 'checked',
      (error: { code?: string }) => error.code ?? 'error',
    );
  }
  if (path === '/psu-ip-address') return app.psuRequest.psuIpAddress(headers);
  const response = await app.proxy(new NextRequest(`http://127.0.0.1${path}`, { method: 'POST', headers }));
  return String(response.status);
}

beforeAll(async () => {
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-forged',
    SEED_DEMO_PSU: 'false',
    TRUSTED_PROXY_COUNT: '0',
    TPP_PUBLIC_IP: '198.51.100.20',
    RATE_LIMIT_SIGN_IN_PER_EMAIL: '100',
    RATE_LIMIT_SIGN_IN_PER_IP: '3',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '3',
  });
  const [credentials, psuRequest, proxy, db, { createAppServer }] = await Promise.all([
    import('@/lib/auth/credentials'),
    import('@/lib/payments/psu-request'),
    import('@/proxy'),
    import('@/lib/db'),
    import('@/scripts/app-server.mjs'),
  ]);
  app = { credentials, psuRequest, proxy: proxy.default, db };
  server = createAppServer(
    (request, response) => {
      const headers = new Headers(request.headers as Record<string, string>);
      const attempt = request.headers['x-attempt'] as string;
      answer(request.url ?? '/', headers, attempt).then(
        (text) => response.end(text),
        (error: unknown) => response.end(`error: ${error}`),
      );
    },
    { trustedProxyCount: 0 },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await app?.db.closeDatabase();
});

/** `count` requests in a row, each from a different forged address. */
async function rotating(path: string, count: number): Promise<string[]> {
  const answers: string[] = [];
  for (let i = 0; i < count; i++) {
    const forged = `203.0.113.${10 + i}`;
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'x-forwarded-for': forged, 'x-real-ip': forged, 'x-attempt': String(i) },
    });
    answers.push(await response.text());
  }
  return answers;
}

describe('a forged X-Forwarded-For, new on every request', () => {
  it('does not reset the sign-in limit per client address: past 3 failures, every attempt is refused unchecked', async () => {
    expect(await rotating('/sign-in', 5)).toEqual([
      'checked',
      'checked',
      'checked',
      'throttled',
      'throttled',
    ]);
  });

  it("does not reset the flood guard on the bank's callbacks: past 3 a minute, 429", async () => {
    expect(await rotating('/api/webhooks/bank-events/x', 5)).toEqual(['200', '200', '200', '429', '429']);
  });

  it('is never the PSU-IP-Address sent to the bank: that is the socket’s', async () => {
    expect(await rotating('/psu-ip-address', 2)).toEqual(['127.0.0.1', '127.0.0.1']);
  });
});
