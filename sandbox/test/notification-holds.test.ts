import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.js';
import { advanceClock } from '../src/db/queries/clock.js';
import { FaultStore } from '../src/faults/rules.js';
import { NotificationWorker } from '../src/notifications/worker.js';
import { openTestBankDatabase } from './helpers.js';

/**
 * A notification held back by a `reorder` rule, pass by pass (the worker's passes are run by the test, never by
 * a timer), so that the sandbox clock can be moved between two passes: the moment a test moves it while the
 * worker is busy, which no timing can arrange on purpose.
 */

const HOLD_MS = 3_000;

let db: Db;
let receiver: Server;
let receiverUrl = '';
const received: string[] = [];

beforeAll(async () => {
  db = await openTestBankDatabase();
  receiver = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push(String(JSON.parse(raw).transactionStatus));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await db.close();
});

beforeEach(() => {
  received.length = 0;
});

/** A payment whose status goes through `statuses`, each change written to the outbox by the database. */
async function paymentThrough(statuses: string[]): Promise<void> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO payments (id, client_id, payment_service, payment_product, body, transaction_status, request_hash,
       response, psu_accept_language, tpp_notification_uri, tpp_notification_content_preferred, x_request_id,
       created_at, updated_at)
     VALUES ($1, 'holds', 'payments', 'sepa-credit-transfers', '{}', 'RCVD', 'h', '{}', 'en', $2, 'status=PROCESS',
       'x', 0, 0)`,
    [id, receiverUrl],
  );
  for (const status of statuses)
    await db.query('UPDATE payments SET transaction_status = $2 WHERE id = $1', [id, status]);
}

async function workerWithReorderRule() {
  const faults = new FaultStore(async () => db);
  await faults.clear();
  await faults.add({ target: 'notification', notification: 'reorder', count: 1 });
  return new NotificationWorker(
    async () => db,
    faults,
    { timeoutMs: 5_000, retryDelaysSeconds: [1], reorderHoldMs: HOLD_MS, intervalMs: 60_000 },
    (error) => {
      throw error;
    },
  );
}

describe('a notification held back by a reorder rule', () => {
  it('goes out after the next one, even when the clock has passed its hold meanwhile', async () => {
    await paymentThrough(['ACTC', 'ACSP']);
    const worker = await workerWithReorderRule();
    await worker.pass(); // ACTC held
    expect(received).toEqual([]);
    await advanceClock(db, 60);
    await worker.pass();
    await worker.pass();
    expect(received).toEqual(['ACSP', 'ACTC']);
  });

  it('goes out when its hold runs out with no later notification to wait for', async () => {
    await paymentThrough(['ACTC']);
    const worker = await workerWithReorderRule();
    await worker.pass();
    expect(await worker.pass()).toBe(0);
    expect(received).toEqual([]);
    await advanceClock(db, HOLD_MS / 1000);
    await worker.pass();
    expect(received).toEqual(['ACTC']);
  });
});
