import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betweenRequests, fetchingBetweenRequests, requestsInFlight } from '@/lib/jobs/between-requests';
import { createAppServer } from '@/scripts/app-server.mjs';

// On the embedded database every statement runs on the thread that answers the PSU, one at a time: the job
// queue's workers look for work between the requests the app's server is answering (real sockets on
// loopback, a real pg-boss on an in-memory PGlite).

const answers: (() => void)[] = [];
const server = createAppServer((_request, response) => {
  answers.push(() => response.end('ok'));
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await pause(25);
  expect(condition()).toBe(true);
}

/** A request the server holds until `answer` is called. */
async function heldRequest(): Promise<{ answer: () => void; answered: Promise<Response> }> {
  const before = answers.length;
  const answered = fetch(base);
  await until(() => answers.length > before);
  return { answer: () => answers[before]?.(), answered };
}

describe('requests in flight', () => {
  it('are counted from their arrival until they are answered, or their connection closes unanswered', async () => {
    expect(requestsInFlight().count).toBe(0);
    const first = await heldRequest();
    const aborted = new AbortController();
    const second = fetch(base, { signal: aborted.signal }).catch(() => undefined);
    await until(() => requestsInFlight().count === 2);
    first.answer();
    await first.answered;
    await until(() => requestsInFlight().count === 1);
    aborted.abort();
    await second;
    await until(() => requestsInFlight().count === 0);
  });

  it('are waited out between them, for at most the bound under one that lingers', async () => {
    await expect(
      Promise.race([betweenRequests(60_000), pause(0).then(() => 'waited')]),
    ).resolves.toBeUndefined();
    const lingering = await heldRequest();
    let resolved = false;
    const waited = betweenRequests(300).then(() => {
      resolved = true;
    });
    await pause(50);
    expect(resolved).toBe(false);
    await waited;
    // The bound let it go while the request still was being answered.
    expect(requestsInFlight().count).toBe(1);
    expect(requestsInFlight().idle.size).toBe(0);
    lingering.answer();
    await lingering.answered;
  });
});

describe('the job queue on the embedded database', () => {
  const client = new PGlite();
  const boss = new PgBoss({ db: fetchingBetweenRequests(fromPglite(client), 60_000), schema: 'pgboss' });
  const started: number[] = [];

  beforeAll(async () => {
    await boss.start();
    await boss.createQueue('between-requests');
    await boss.work('between-requests', { pollingIntervalSeconds: 0.5 }, async () => {
      started.push(Date.now());
    });
  }, 60_000);

  afterAll(async () => {
    await boss.stop({ graceful: false, timeout: 5_000 });
    await client.close();
  });

  it('starts a job sent while a request is answered once it is answered, not beside it', async () => {
    const request = await heldRequest();
    await boss.send('between-requests', {});
    // Three of the worker's polls: without the wait it would have found the job at the first.
    await pause(1_500);
    expect(started).toEqual([]);
    const answeredAt = Date.now();
    request.answer();
    await request.answered;
    await until(() => started.length === 1);
    expect(started[0]).toBeGreaterThanOrEqual(answeredAt);
  });

  it('starts one at once between requests', async () => {
    await boss.send('between-requests', {});
    await until(() => started.length === 2);
  });
});
