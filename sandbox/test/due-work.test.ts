import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.js';
import { advanceClock, clockOffset } from '../src/db/queries/clock.js';
import { nextNotificationAt, nextStepOrDeliveryAt } from '../src/db/queries/due-work.js';
import { leaseDueDeliveries } from '../src/db/queries/webhook-deliveries.js';
import { openTestBankDatabase } from './helpers.js';

/**
 * When the bank's workers next have work (db/queries/due-work.ts), in real time: what their timers wait for. The
 * sandbox clock's times less its offset, and a delivery's lease (a real-time stamp) when it runs out later.
 */

let db: Db;
let paymentId: string;

beforeAll(async () => {
  db = await openTestBankDatabase();
  paymentId = randomUUID();
  await db.query(
    `INSERT INTO payments (id, client_id, payment_service, payment_product, body, transaction_status, request_hash,
       response, psu_accept_language, x_request_id, created_at, updated_at)
     VALUES ($1, 'due', 'payments', 'sepa-credit-transfers', '{}', 'ACTC', 'h', '{}', 'en', 'x', 0, 0)`,
    [paymentId],
  );
  await db.query(
    `INSERT INTO webhook_subscriptions (id, owner, callback_url, event_types, description, subject_scope,
       signing_secret, delivery_enabled, created_at, updated_at)
     VALUES ('sub', 'due', 'http://127.0.0.1:9/hook', '[]', '', 'all', 's', true, 0, 0)`,
  );
  await db.query(
    `INSERT INTO webhook_events (id, owner, event_type, occurred_at, resource_path, kind, created_at)
     VALUES ('event', 'due', 'claim.paid', 0, '/claims/1', 'claim', 0)`,
  );
});
afterAll(() => db.close());

beforeEach(async () => {
  await db.query('DELETE FROM scheduled_transitions');
  await db.query('DELETE FROM webhook_deliveries');
  await db.query('DELETE FROM notification_outbox');
  await db.query('UPDATE clock SET offset_ms = 0');
});

async function step(dueAt: number, done = false) {
  await db.query(
    'INSERT INTO scheduled_transitions (payment_id, to_status, due_at, done) VALUES ($1, $2, $3, $4)',
    [paymentId, 'ACSC', dueAt, done],
  );
}

async function delivery(status: string, nextAttemptAt: number | null, leasedUntil: number | null = null) {
  await db.query(
    `INSERT INTO webhook_deliveries (id, subscription_id, event_id, kind, status, next_attempt_at, leased_until, created_at)
     VALUES ($1, 'sub', 'event', 'event', $2, $3, $4, 0)`,
    [randomUUID(), status, nextAttemptAt, leasedUntil],
  );
}

async function notification(state: string, nextAttemptAt: number) {
  await db.query(
    `INSERT INTO notification_outbox (payment_id, kind, status, state, next_attempt_at, created_at, updated_at)
     VALUES ($1, 'transaction', 'ACSC', $2, $3, 0, 0)`,
    [paymentId, state, nextAttemptAt],
  );
}

describe('the next step or webhook delivery', () => {
  it('is none when nothing waits', async () => {
    await step(1_000, true);
    await delivery('delivered', null);
    await delivery('given_up', null);
    expect(await nextStepOrDeliveryAt(db)).toBeNull();
  });

  it('is the earliest step not done, or pending delivery, less the clock offset', async () => {
    await step(5_000);
    await step(3_000, true);
    await delivery('pending', 7_000);
    expect(await nextStepOrDeliveryAt(db)).toBe(5_000);
    await delivery('pending', 4_000);
    expect(await nextStepOrDeliveryAt(db)).toBe(4_000);
    await advanceClock(db, 60);
    expect(await nextStepOrDeliveryAt(db)).toBe(4_000 - 60_000);
  });

  it('is when a leased delivery’s lease runs out, where that is later than its attempt', async () => {
    const now = Date.now();
    const offset = await clockOffset(db);
    await delivery('pending', now + offset - 1_000, now + 60_000);
    expect(await leaseDueDeliveries(db, now + offset, 10, () => now + 120_000)).toEqual([]);
    expect(await nextStepOrDeliveryAt(db)).toBe(now + 60_001);
  });
});

describe('the next notification', () => {
  it('is none when every notification is settled', async () => {
    await notification('sent', 1_000);
    await notification('skipped', 1_000);
    expect(await nextNotificationAt(db)).toBeNull();
  });

  it('is the earliest pending or held one, less the clock offset', async () => {
    await notification('held', 9_000);
    await notification('pending', 8_000);
    await notification('sent', 1_000);
    expect(await nextNotificationAt(db)).toBe(8_000);
    await advanceClock(db, 1);
    expect(await nextNotificationAt(db)).toBe(7_000);
  });
});
