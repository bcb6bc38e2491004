import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

// A stand-in for the bank's HTTP server: answers busy a given number of times, then 200.
let server: Server;
let base: string;
let busyLeft = 0;
/** Connections to drop without an answer, as a bank drops a kept-alive connection it has just closed. */
let dropLeft = 0;
let busyStatus = 503;
let retryAfter: string | undefined;
const seen: { method: string; requestId: string | undefined }[] = [];

beforeAll(async () => {
  process.env.AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  server = createServer((request, response) => {
    seen.push({
      method: request.method ?? '',
      requestId: request.headers['x-request-id'] as string | undefined,
    });
    if (dropLeft > 0) {
      dropLeft--;
      request.socket.destroy();
      return;
    }
    if (busyLeft > 0) {
      busyLeft--;
      response.writeHead(busyStatus, retryAfter ? { 'Retry-After': retryAfter } : {});
      response.end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen.length = 0;
  busyStatus = 503;
  retryAfter = '0';
});

const { bankFetchWithRetry } = await import('@/lib/bank/retry');
const { BankError, BankUnavailableError } = await import('@/lib/bank/errors');

const postWithIdempotencyKey = () =>
  bankFetchWithRetry({
    method: 'POST',
    url: `${base}/pay`,
    json: {},
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });

describe('retrying a busy bank', () => {
  it('repeats a read after 503 and 429, each time with a new X-Request-ID', async () => {
    busyLeft = 2;
    busyStatus = 429;
    const response = await bankFetchWithRetry({ method: 'GET', url: `${base}/status` });
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((call) => call.requestId)).size).toBe(3);
  });

  it('repeats a POST only when it carries an Idempotency-Key', async () => {
    busyLeft = 1;
    await expect(bankFetchWithRetry({ method: 'POST', url: `${base}/pay`, json: {} })).rejects.toBeInstanceOf(
      BankError,
    );
    expect(seen).toHaveLength(1);

    seen.length = 0;
    busyLeft = 1;
    expect((await postWithIdempotencyKey()).status).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it('gives up after two retries, and at once when Retry-After asks for longer than the PSU should wait', async () => {
    busyLeft = 5;
    await expect(bankFetchWithRetry({ method: 'GET', url: `${base}/status` })).rejects.toMatchObject({
      status: 503,
    });
    expect(seen).toHaveLength(3);

    seen.length = 0;
    busyLeft = 1;
    retryAfter = '120';
    await expect(bankFetchWithRetry({ method: 'GET', url: `${base}/held?x=1` })).rejects.toMatchObject({
      status: 503,
      retryAfterSeconds: 120,
    });
    expect(seen).toHaveLength(1);
    busyLeft = 0;
    // Asked again within those two minutes (the open page, every few seconds): the bank's answer stands, and
    // nothing is sent; another of its resources is called as before.
    for (let ask = 0; ask < 5; ask++)
      await expect(bankFetchWithRetry({ method: 'GET', url: `${base}/held?x=1` })).rejects.toMatchObject({
        status: 503,
        retryAfterSeconds: expect.any(Number),
      });
    expect(seen).toHaveLength(1);
    await expect(bankFetchWithRetry({ method: 'GET', url: `${base}/other` })).resolves.toMatchObject({
      status: 200,
    });
    expect(seen).toHaveLength(2);
    // A call that makes something is never held: the initiation endpoint is every PSU's.
    busyLeft = 1;
    retryAfter = '900';
    await expect(postWithIdempotencyKey()).rejects.toMatchObject({ status: 503, retryAfterSeconds: 900 });
    await expect(postWithIdempotencyKey()).resolves.toMatchObject({ status: 200 });
    expect(seen).toHaveLength(4);
  });

  it('holds a read for its own query only: one payor’s claims list held leaves another payor’s to be asked', async () => {
    busyLeft = 1;
    busyStatus = 429;
    retryAfter = '600';
    const claimsOf = (payorId: string) =>
      bankFetchWithRetry({ method: 'GET', url: `${base}/claims?payorId=${payorId}&page=1` });
    await expect(claimsOf('1203892039')).rejects.toMatchObject({ status: 429, retryAfterSeconds: 600 });
    expect(seen).toHaveLength(1);
    // The same list asked again is held: nothing is sent.
    await expect(claimsOf('1203892039')).rejects.toMatchObject({ status: 429 });
    expect(seen).toHaveLength(1);
    // Another payor's list is another resource: it is asked, and answered.
    await expect(claimsOf('0101302989')).resolves.toMatchObject({ status: 200 });
    expect(seen).toHaveLength(2);
  });

  it('repeats 408 where safe, and 409 only for a call with an Idempotency-Key (ÍST TS 316: still in progress)', async () => {
    busyLeft = 1;
    busyStatus = 408;
    expect((await bankFetchWithRetry({ method: 'GET', url: `${base}/status` })).status).toBe(200);
    expect(seen).toHaveLength(2);

    seen.length = 0;
    busyLeft = 1;
    busyStatus = 409;
    await expect(bankFetchWithRetry({ method: 'GET', url: `${base}/status` })).rejects.toMatchObject({
      status: 409,
    });
    expect(seen).toHaveLength(1);

    seen.length = 0;
    busyLeft = 1;
    expect((await postWithIdempotencyKey()).status).toBe(200);
    expect(seen).toHaveLength(2);
    busyLeft = 0;
  });

  it('does not repeat a refusal', async () => {
    busyLeft = 1;
    busyStatus = 500;
    await expect(bankFetchWithRetry({ method: 'GET', url: `${base}/status` })).rejects.toMatchObject({
      status: 500,
    });
    expect(seen).toHaveLength(1);
    busyLeft = 0;
  });
});

describe('a connection lost before any answer', () => {
  it('is tried again where the call may be repeated: a read, a POST with an Idempotency-Key', async () => {
    dropLeft = 1;
    expect((await bankFetchWithRetry({ method: 'GET', url: `${base}/status` })).status).toBe(200);
    expect(seen).toHaveLength(2);

    seen.length = 0;
    dropLeft = 1;
    expect((await postWithIdempotencyKey()).status).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it('is not tried again for a plain POST, which the bank may have made: the PSU is told', async () => {
    dropLeft = 1;
    const plain = bankFetchWithRetry({ method: 'POST', url: `${base}/pay`, json: {} });
    await expect(plain).rejects.toBeInstanceOf(BankUnavailableError);
    await expect(plain).rejects.toMatchObject({ reason: 'network' });
    expect(seen).toHaveLength(1);
  });

  it('gives up after two retries when the bank cannot be reached at all', async () => {
    dropLeft = 5;
    await expect(bankFetchWithRetry({ method: 'GET', url: `${base}/status` })).rejects.toMatchObject({
      reason: 'network',
    });
    expect(seen).toHaveLength(3);
    dropLeft = 0;
  });
});
