import { afterEach, describe, expect, it } from 'vitest';
import { paymentLive } from '@/components/payments/payment-query';
import { BACKGROUND_READ_HEADER } from '@/lib/auth/background-read';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('a payment page’s own reads of its status', () => {
  it('say they are background reads, which keep no session alive (lib/auth/sessions.ts)', async () => {
    const asked: Headers[] = [];
    globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(new Headers(init?.headers));
      return new Response(JSON.stringify({ id: 'p' }), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    await paymentLive('p').read();
    expect(asked.map((headers) => headers.get(BACKGROUND_READ_HEADER))).toEqual(['1']);
  });
});
