import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentService } from '@/lib/bank/payments';
import { closeDatabase, type Db, getDb } from '@/lib/db';
import { paymentNotifications } from '@/lib/db/notification-schema';
import { type Payment, paymentEvents, payments } from '@/lib/db/schema';
import { startJobs, stopJobs } from '@/lib/jobs';
import { keysInHand } from '@/lib/jobs/queue';
import { recordStatus } from '@/lib/payments/history';
import { acceptPaymentNotification, issueNotificationUri } from '@/lib/payments/notifications';
import type { StatusJob } from '@/lib/payments/status-checks';
import { toPaymentView } from '@/lib/payments/view';
import { freshAppDatabase } from '../support/app-database';
import { insertInitiatedPayment, insertPsu } from '../support/app-rows';
import { type FakeBank, startFakeBank, waitFor } from '../webhooks/support';

/**
 * The status model applied (lib/payments/status.ts; payment spec part 3, BG IG 4.14.1): which payments
 * the reconciliation polls and how soon, what a notification does for a final payment, and what the
 * history keeps. The bank is a stand-in on loopback that answers each payment's status as the test sets.
 */

let db: Db;
let bank: FakeBank;
let boss: PgBoss;
let psuId: string;
/** The status the bank answers, by its payment id. */
const atBank = new Map<string, string>();
const day = 24 * 3600;

beforeAll(async () => {
  bank = await startFakeBank((method, path) => {
    const read = path.match(/^\/psd2\/api\/v1\/[a-z-]+\/credit-transfers\/([^/]+)\/status$/);
    const status = read && atBank.get(read[1] ?? '');
    return method === 'GET' && status ? { status: 200, body: { transactionStatus: status } } : undefined;
  });
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'status-polling-secret-0123456789abcdefghij',
    SEED_DEMO_PSU: 'false',
    APP_BASE_URL: 'https://app.example',
    BANK_BASE_URL: `${bank.url}/psd2`,
    BANK_AUTH_URL: bank.url,
  });
  db = await getDb();
  psuId = await insertPsu(db);
});

afterAll(async () => {
  await stopJobs();
  await closeDatabase();
  await bank.close();
});

async function paymentAt(
  status: string,
  service: PaymentService = 'payments',
  options: { changedDaysAgo?: number } = {},
): Promise<Payment> {
  const payment = await insertInitiatedPayment(db, psuId, {
    transactionStatus: status,
    service,
    changedAt: new Date(Date.now() - (options.changedDaysAgo ?? 0) * day * 1000),
  });
  atBank.set(payment.bankPaymentId ?? '', status);
  return payment;
}

async function queuedCheck(paymentId: string) {
  const [job] = await boss.findJobs<StatusJob>('payment-status', { key: paymentId, queued: true });
  if (!job) return undefined;
  return {
    data: job.data,
    afterSeconds: Math.round((job.startAfter.getTime() - job.createdOn.getTime()) / 1000),
  };
}

const readsOf = (payment: Payment) =>
  bank.requests.filter((request) => request.path.includes(`${payment.bankPaymentId}/status`)).length;

describe('reconciliation polling follows the status model', () => {
  let awaiting: Payment;
  let debited: Payment;
  let debitedLongAgo: Payment;
  let standing: Payment;
  let finals: Payment[];
  let partial: Payment;

  beforeAll(async () => {
    awaiting = await paymentAt('RCVD');
    debited = await paymentAt('ACSC');
    debitedLongAgo = await paymentAt('ACSC', 'payments', { changedDaysAgo: 3 });
    standing = await paymentAt('ACSP', 'periodic-payments');
    finals = await Promise.all(
      (['ACCC', 'ACWP', 'RJCT', 'CANC'] as const).map((status) => paymentAt(status)),
    );
    partial = await paymentAt('PART', 'bulk-payments');
    // The start-up sweep schedules a check for every payment whose status is not final.
    boss = await startJobs();
  });

  it('a payment awaiting the PSU is read within seconds', async () => {
    const check = await queuedCheck(awaiting.id);
    // Read already, or about to be: the first check of its class comes 2 s after the sweep.
    if (check) expect(check).toMatchObject({ data: { statusClass: 'awaiting-psu' }, afterSeconds: 2 });
    else expect(readsOf(awaiting)).toBeGreaterThan(0);
  });

  it('ACSC is not final: read again for ACCC, first after a minute (BG IG 4.14.1)', async () => {
    expect(await queuedCheck(debited.id)).toEqual({
      data: { paymentId: debited.id, statusClass: 'debited', check: 0 },
      afterSeconds: 60,
    });
  });

  it('ACSC whose follow-up for ACCC has run its course (about two days) is left alone', async () => {
    expect(await queuedCheck(debitedLongAgo.id)).toBeUndefined();
  });

  it('a standing order accepted for execution is read once a day', async () => {
    expect(await queuedCheck(standing.id)).toEqual({
      data: { paymentId: standing.id, statusClass: 'standing', check: 0 },
      afterSeconds: day,
    });
  });

  it('PART is not final (spec part 3: some accepted, others rejected): read again as after ACSC', async () => {
    expect(await queuedCheck(partial.id)).toEqual({
      data: { paymentId: partial.id, statusClass: 'partial', check: 0 },
      afterSeconds: 60,
    });
  });

  it('final statuses (ACCC, ACWP, RJCT, CANC) are not polled', async () => {
    for (const payment of finals)
      expect(await queuedCheck(payment.id), payment.transactionStatus ?? '').toBe(undefined);
  });

  it('a check waiting or under way in any instance is in hand, so that a sweep sends no twin; one done is not', async () => {
    const queue = 'in-hand-probe';
    await boss.createQueue(queue, { policy: 'stately' });
    const key = randomUUID();
    const other = randomUUID();
    await boss.send(queue, {}, { singletonKey: other });
    expect(await keysInHand(boss, queue)).toEqual(new Set([other]));
    await boss.send(queue, {}, { singletonKey: key });
    expect(await keysInHand(boss, queue)).toEqual(new Set([other, key]));
    const [job] = await boss.fetch(queue);
    expect(job).toBeDefined();
    expect(await keysInHand(boss, queue)).toEqual(new Set([other, key]));
    await boss.complete(queue, job?.id ?? '');
    const [next] = await boss.fetch(queue);
    await boss.complete(queue, next?.id ?? '');
    expect(await keysInHand(boss, queue)).toEqual(new Set());
  });

  it('a change of class starts that class\u2019s schedule: a payment that becomes ACSC is next read after a minute', async () => {
    const payment = await paymentAt('ACTC');
    atBank.set(payment.bankPaymentId ?? '', 'ACSC');
    await boss.send('payment-status', { paymentId: payment.id, statusClass: 'in-progress', check: 4 });
    const next = await waitFor(async () => {
      const check = await queuedCheck(payment.id);
      return check?.data.statusClass === 'debited' ? check : undefined;
    });
    expect(next).toEqual({
      data: { paymentId: payment.id, statusClass: 'debited', check: 0 },
      afterSeconds: 60,
    });
    expect(readsOf(payment)).toBe(1);
  });

  it('ACCC ends the readings', async () => {
    const payment = await paymentAt('ACSC');
    atBank.set(payment.bankPaymentId ?? '', 'ACCC');
    await boss.send('payment-status', { paymentId: payment.id, statusClass: 'debited', check: 2 });
    await waitFor(async () => (readsOf(payment) > 0 ? true : undefined));
    await waitFor(async () => {
      const [row] = await db.select().from(payments).where(eq(payments.id, payment.id));
      return row?.transactionStatus === 'ACCC' ? row : undefined;
    });
    // The job that read ACCC schedules nothing after it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await queuedCheck(payment.id)).toBeUndefined();
  });
});

describe('notifications follow the status model', () => {
  it('a notification for a payment whose status is final is recorded without reading the bank', async () => {
    const payment = await paymentAt('ACCC');
    const token = (await issueNotificationUri(payment.id)).split('/').pop() ?? '';
    const outcome = await acceptPaymentNotification({
      paymentId: payment.id,
      token,
      rawBody: JSON.stringify({ paymentId: payment.bankPaymentId, transactionStatus: 'ACCC' }),
    });
    expect(outcome).toMatchObject({ ok: true });
    const [notification] = await waitFor(async () => {
      const rows = await db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.paymentId, payment.id));
      return rows[0]?.processedAt ? rows : undefined;
    });
    expect(notification?.status).toBe('already_final');
    expect(readsOf(payment)).toBe(0);
  });

  it('a notification for an ACSC payment reads the bank, and records ACCC', async () => {
    const payment = await paymentAt('ACSC');
    atBank.set(payment.bankPaymentId ?? '', 'ACCC');
    const token = (await issueNotificationUri(payment.id)).split('/').pop() ?? '';
    await acceptPaymentNotification({ paymentId: payment.id, token, rawBody: '{}' });
    await waitFor(async () => {
      const [row] = await db.select().from(payments).where(eq(payments.id, payment.id));
      return row?.transactionStatus === 'ACCC' ? row : undefined;
    });
    expect(readsOf(payment)).toBe(1);
  });
});

describe('the history records what the bank says, newest last', () => {
  const timeline = async (payment: Payment) =>
    (await db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id))).map(
      (event) => event.transactionStatus,
    );

  it('ACSC goes on to ACCC; a late ACSC after ACCC, or a late ACSP after ACSC, is dropped', async () => {
    const payment = await paymentAt('ACSP');
    expect(await recordStatus(db, payment.id, 'ACSC', 'poll')).toBe(true);
    expect(await recordStatus(db, payment.id, 'ACSP', 'notification')).toBe(false);
    expect(await recordStatus(db, payment.id, 'ACCC', 'poll')).toBe(true);
    expect(await recordStatus(db, payment.id, 'ACSC', 'notification')).toBe(false);
    expect(await timeline(payment)).toEqual(['ACSC', 'ACCC']);
  });

  it('the payment\u2019s view says how often its page asks, and whether it may still be cancelled', async () => {
    const cases = [
      [await paymentAt('RCVD'), 2_000, true],
      [await paymentAt('ACSC'), 30_000, false],
      [await paymentAt('ACSP', 'periodic-payments'), false, true],
      [await paymentAt('ACWP'), false, false],
    ] as const;
    for (const [payment, refreshEveryMs, cancellable] of cases) {
      expect(toPaymentView(payment, []), payment.transactionStatus ?? '').toMatchObject({
        refreshEveryMs,
        cancellable,
      });
    }
  });
});
