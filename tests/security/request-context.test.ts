import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logOptions } from '@/lib/log';
import { currentRequestId, runInRequest, withRequestId } from '@/lib/security/request-context';

function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ ...logOptions, level: 'info' }, sink), lines };
}

const idOf = (value: string) => new Headers({ 'x-request-id': value });

describe('log lines carry the X-Request-ID of the request being served', () => {
  it('binds the id inside a request, deep in awaited work, and nothing outside one', async () => {
    const { log, lines } = capturedLogger();
    const id = '2f1d3c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b';
    log.info('before');
    await runInRequest(idOf(id), async () => {
      await sleep(1);
      await Promise.resolve().then(() => log.info({ paymentId: 'p1' }, 'inside'));
    });
    log.info('after');
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ['before', undefined],
      ['inside', id],
      ['after', undefined],
    ]);
    expect(lines[1]?.paymentId).toBe('p1');
  });

  it('keeps the request’s id on a line that names another (a bank call’s is its bankRequestId)', async () => {
    const { log, lines } = capturedLogger();
    const id = '3a2b1c0d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    await runInRequest(idOf(id), async () => log.warn({ requestId: 'bank-side-id' }, 'bank call failed'));
    expect(lines[0]?.requestId).toBe(id);
  });

  it('keeps concurrent requests apart', async () => {
    const { log, lines } = capturedLogger();
    const ids = Array.from({ length: 20 }, () => crypto.randomUUID());
    await Promise.all(
      ids.map((id, index) =>
        runInRequest(idOf(id), async () => {
          await sleep(20 - index);
          log.info({ index }, 'work');
        }),
      ),
    );
    expect(lines).toHaveLength(ids.length);
    for (const line of lines) expect(line.requestId).toBe(ids[line.index as number]);
  });

  it('gives a request without a usable id a new UUID instead of logging what the caller sent', async () => {
    for (const sent of [null, 'not-a-uuid {"level":60}', '']) {
      const headers = new Headers(sent === null ? {} : { 'x-request-id': sent });
      const id = await runInRequest(headers, async () => currentRequestId());
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('wraps a route handler: the same arguments and answer, under the request id', async () => {
    const id = '9e8d7c6b-5a49-4382-9160-5f4e3d2c1b0a';
    const handler = withRequestId(async (request: Request, context: { params: string }) => ({
      url: request.url,
      params: context.params,
      requestId: currentRequestId(),
    }));
    const answer = await handler(new Request('http://app.test/x', { headers: idOf(id) }), { params: 'p' });
    expect(answer).toEqual({ url: 'http://app.test/x', params: 'p', requestId: id });
    expect(currentRequestId()).toBeUndefined();
  });
});
