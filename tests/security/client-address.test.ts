import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddress } from '@/lib/security/client-address';
import { createAppServer, STRICT_TRANSPORT_SECURITY } from '@/scripts/app-server.mjs';

// The app's server in front of a handler that answers what the app would take as the client's
// address; real HTTP requests, with forwarding headers a client forged.

let server: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(options: {
  trustedProxyCount: number;
  maxBodyBytes?: number;
  https?: boolean;
}): Promise<string> {
  const listening = createAppServer((request, response) => {
    const headers = new Headers(request.headers as Record<string, string>);
    response.end(
      JSON.stringify({
        address: clientAddress(headers, options.trustedProxyCount),
        host: headers.get('x-forwarded-host'),
        realIp: headers.get('x-real-ip'),
      }),
    );
  }, options);
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}

describe("the client's address", () => {
  it('is the socket’s with no trusted proxy, whatever X-Forwarded-For and X-Real-IP say', async () => {
    const url = await serve({ trustedProxyCount: 0 });
    for (const forged of ['203.0.113.77', '203.0.113.77, 198.51.100.1', '::1', 'unknown']) {
      const answer = await (
        await fetch(url, {
          headers: {
            'x-forwarded-for': forged,
            'x-real-ip': '203.0.113.78',
            'x-forwarded-host': 'evil.test',
          },
        })
      ).json();
      expect(answer).toEqual({ address: '127.0.0.1', host: null, realIp: null });
    }
  });

  it('behind one trusted proxy, is the entry that proxy appended, never one further left', async () => {
    const url = await serve({ trustedProxyCount: 1 });
    const answer = await (
      await fetch(url, { headers: { 'x-forwarded-for': '203.0.113.77, 198.51.100.23' } })
    ).json();
    expect(answer.address).toBe('198.51.100.23');
  });
});

describe('the body size limit', () => {
  it('answers a declared body over the limit with 413 before reading it', async () => {
    const url = await serve({ trustedProxyCount: 0, maxBodyBytes: 1000 });
    const over = await fetch(url, { method: 'POST', body: 'x'.repeat(1001) });
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ error: 'body_too_large', maxBytes: 1000 });
    expect((await fetch(url, { method: 'POST', body: 'x'.repeat(1000) })).status).toBe(200);
  });

  it('wants the length of a body posted to a page declared; a route handler may stream one', async () => {
    const url = await serve({ trustedProxyCount: 0, maxBodyBytes: 1000 });
    const streamed = () =>
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('x'.repeat(10)));
          controller.close();
        },
      });
    const post = (path: string) =>
      fetch(`${url}${path}`, { method: 'POST', body: streamed(), duplex: 'half' } as RequestInit);
    expect((await post('/en/payments')).status).toBe(411);
    expect((await post('/api/webhooks/bank-events/x')).status).toBe(200);
  });
});

describe('a broken path', () => {
  it('is answered 400 before any page sees it; a well-formed one goes on', async () => {
    const url = await serve({ trustedProxyCount: 0 });
    for (const path of [
      '/api/auth/%ZZ',
      '/en/payments/%',
      '/api/payments/%E0%A4%A/return',
      '/en/bills/%C0%AF/pay',
    ]) {
      const answer = await fetch(`${url}${path}`);
      expect(answer.status, path).toBe(400);
      expect(await answer.json()).toEqual({ error: 'malformed_path' });
    }
    expect((await fetch(`${url}/en/bills/%C4%80/pay?q=%ZZ`)).status).toBe(200);
  });
});

describe('HSTS', () => {
  it('is on every response when the app is served over https, a refusal included, and never over http', async () => {
    const https = await serve({ trustedProxyCount: 0, maxBodyBytes: 10, https: true });
    expect((await fetch(https)).headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    const refused = await fetch(https, { method: 'POST', body: 'x'.repeat(11) });
    expect(refused.status).toBe(413);
    expect(refused.headers.get('strict-transport-security')).toMatch(/^max-age=63072000; includeSubDomains$/);
    server?.close();
    const http = await serve({ trustedProxyCount: 0 });
    expect((await fetch(http)).headers.get('strict-transport-security')).toBeNull();
  });
});
