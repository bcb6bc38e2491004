import { describe, expect, it } from 'vitest';
import { textUpTo } from '@/lib/security/capped-body';

/** A request whose body arrives in `chunks`, without a Content-Length (chunked); counts the chunks pulled. */
function streamed(chunks: Uint8Array[]) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[pulled++];
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  const request = new Request('http://localhost/api/webhooks/bank-events/x', {
    method: 'POST',
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, pulled: () => pulled };
}

describe('textUpTo: a callback body read up to a limit', () => {
  it('reads a body within the limit, a character split across chunks whole', async () => {
    const bytes = new TextEncoder().encode('{"status":"ACSC","name":"Þórður"}');
    const { request } = streamed([bytes.slice(0, 27), bytes.slice(27)]);
    expect(await textUpTo(request, 64)).toBe('{"status":"ACSC","name":"Þórður"}');
  });

  it('stops reading a stream that runs past the limit', async () => {
    const kilobyte = new Uint8Array(1024).fill(0x61);
    const { request, pulled } = streamed(Array.from({ length: 1000 }, () => kilobyte));
    expect(await textUpTo(request, 16 * 1024)).toBeUndefined();
    expect(pulled()).toBeLessThan(20);
  });

  it('refuses a body whose Content-Length is over the limit without reading it', async () => {
    const request = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'content-length': '100' },
      body: 'x'.repeat(100),
    });
    expect(await textUpTo(request, 99)).toBeUndefined();
    expect(request.bodyUsed).toBe(false);
    expect(
      await textUpTo(new Request('http://localhost/x', { method: 'POST', body: 'x'.repeat(99) }), 99),
    ).toBe('x'.repeat(99));
  });

  it('reads a request without a body as empty', async () => {
    expect(await textUpTo(new Request('http://localhost/x', { method: 'POST' }), 10)).toBe('');
  });
});
