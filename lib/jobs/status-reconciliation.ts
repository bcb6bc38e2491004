import { and, eq, gt, inArray, isNull, ne, notInArray, or } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { bankJobConcurrency } from '@/lib/config';
import { getDb } from '@/lib/db';
import { databaseNowMinus } from '@/lib/db/clock';
import { endDateColumn } from '@/lib/db/queries/payments';
import { payments } from '@/lib/db/schema';
import { type JobQueueDeclaration, keysInHand } from '@/lib/jobs/queue';
import { logger } from '@/lib/log';
import { IDEMPOTENCY_WINDOW_HOURS, resendUnsentPayment } from '@/lib/payments/initiation';
import {
  type PaymentNotificationJob,
  paymentNotificationQueue,
  processPaymentNotification,
} from '@/lib/payments/notifications';
import { sendingDecided } from '@/lib/payments/sending-outcome';
import {
  debitedFollowUpSeconds,
  finalStatusList,
  isSettledForPsu,
  standingOrderEndList,
  statusClass,
} from '@/lib/payments/status';
import {
  resendQueue,
  type StatusJob,
  scheduleResend,
  scheduleStatusCheck,
  statusQueue,
} from '@/lib/payments/status-checks';
import { needsSync, syncPaymentStatus } from '@/lib/payments/sync';

/**
 * One reading, then the next as the schedule of the status's class says (lib/payments/status.ts): a
 * final status ends the readings, a new class starts its own schedule, and a schedule that has run
 * out leaves the payment to notifications, the PSU's visits and the start-up sweep.
 */
async function reconcile(boss: PgBoss, job: StatusJob): Promise<void> {
  const db = await getDb();
  const [payment] = await db.select().from(payments).where(eq(payments.id, job.paymentId));
  if (!payment || !needsSync(payment)) return;
  logger.debug({ paymentId: payment.id, statusClass: job.statusClass, check: job.check }, 'status check');
  const { status } = await syncPaymentStatus(db, payment, 'poll');
  const now = statusClass(status, payment);
  // A job queued before jobs carried their class has none, and starts the schedule afresh.
  const check = now === job.statusClass ? job.check + 1 : 0;
  await scheduleStatusCheck(boss, { paymentId: payment.id, statusClass: now, check });
}

/**
 * Every payment the bank has whose status is not final gets a status check: after a restart, nothing
 * stays stale. An ACSC or PART payment whose follow-up has run its course is left alone.
 */
export async function sweepUnsettledPayments(boss: PgBoss): Promise<number> {
  const db = await getDb();
  const unsettled = await db
    .select({
      id: payments.id,
      transactionStatus: payments.transactionStatus,
      service: payments.service,
      // A standing order's last day, after which its execution's settlement is its end (lib/payments/status.ts).
      endDate: endDateColumn,
    })
    .from(payments)
    .where(
      and(
        eq(payments.phase, 'initiated'),
        or(
          isNull(payments.transactionStatus),
          and(
            ne(payments.service, 'periodic-payments'),
            notInArray(payments.transactionStatus, [...finalStatusList]),
          ),
          // A standing order stands until it is rejected or cancelled, whatever its executions' settlement.
          and(
            eq(payments.service, 'periodic-payments'),
            notInArray(payments.transactionStatus, [...standingOrderEndList]),
          ),
        ),
        or(
          isNull(payments.transactionStatus),
          notInArray(payments.transactionStatus, ['ACSC', 'PART']),
          eq(payments.service, 'periodic-payments'),
          gt(payments.updatedAt, databaseNowMinus(debitedFollowUpSeconds, 'secs')),
        ),
      ),
    );
  // A payment whose check waits or is under way, here or in another instance, keeps it (keysInHand).
  const inHand = await keysInHand(boss, statusQueue);
  for (const payment of unsettled) {
    if (inHand.has(payment.id)) continue;
    const subject = { service: payment.service, body: { endDate: payment.endDate } };
    // A standing order that ended with its last execution settled is read no more.
    if (payment.service === 'periodic-payments' && isSettledForPsu(payment.transactionStatus, subject))
      continue;
    await scheduleStatusCheck(boss, {
      paymentId: payment.id,
      statusClass: statusClass(payment.transactionStatus, subject),
      check: 0,
    });
  }
  return unsettled.length;
}

/**
 * Payments saved but never confirmed sent (the process died between saving and the bank's answer,
 * or the bank's answer was unknown and the PSU did not retry) are resent by a job with their own
 * Idempotency-Key (resendUnsentPayment): none is lost, none doubled.
 */
export async function sweepUnsentPayments(boss: PgBoss): Promise<number> {
  const db = await getDb();
  const unsent = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        inArray(payments.phase, ['new', 'sending']),
        // Not older than the bank keeps its key (IDEMPOTENCY_WINDOW_HOURS): the PSU sees such a one unsent.
        gt(payments.createdAt, databaseNowMinus(IDEMPOTENCY_WINDOW_HOURS, 'hours')),
      ),
    );
  for (const { id } of unsent) await scheduleResend(boss, id);
  return unsent.length;
}

async function resend(paymentId: string): Promise<void> {
  const outcome = await resendUnsentPayment(paymentId);
  if (!outcome || outcome.ok) return;
  // Busy, or the outcome is unknown again (timeout, 5xx, 429, 408, 409 to the key sent before): the job's retry
  // tries later. A refusal for good, by the class of the bank's answer (any other 4xx, lib/payments/initiation.ts
  // send), is recorded on the payment (sendingDecided), which is never sent again, and ends the job, whatever
  // words it is told in.
  if ('busy' in outcome || !(await sendingDecided(await getDb(), paymentId)))
    throw new Error(`payment ${paymentId} not sent yet: ${'busy' in outcome ? 'busy' : outcome.messageKey}`);
}

export const statusReconciliationQueues: JobQueueDeclaration[] = [
  [statusQueue, { policy: 'stately' }],
  [paymentNotificationQueue],
  [resendQueue, { policy: 'stately' }],
];

/** The workers for status checks, the bank's notifications and resends; then the sweeps of what was left undone. */
export async function workStatusReconciliation(boss: PgBoss): Promise<void> {
  // Polling every half second: otherwise delayed jobs and retries wait for a 30 s backstop poll. One job per
  // fetch, so that a job is under way only while its own reading is, which its expiry measures; up to
  // BANK_JOB_CONCURRENCY such fetches at once, so that a backlog after a bank's outage drains that many times
  // faster. Two readings of one payment never run at once: a stately queue has at most one job of a key
  // under way, in any instance (pg-boss's unique index on its active jobs), and so do resends.
  const bankJobs = {
    batchSize: 1,
    localConcurrency: bankJobConcurrency(),
    pollingIntervalSeconds: 0.5,
    notifyPollingIntervalSeconds: 0.5,
  };
  await boss.work<StatusJob>(statusQueue, bankJobs, async (jobs) => {
    for (const job of jobs) await reconcile(boss, job.data);
  });
  // A status notification from the bank is a signal: its job re-reads the payment's status.
  await boss.work<PaymentNotificationJob>(
    paymentNotificationQueue,
    { batchSize: 5, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 },
    async (jobs) => {
      const db = await getDb();
      for (const job of jobs) await processPaymentNotification(db, job.data.notificationId);
    },
  );
  // A resend also claims its payment before it calls the bank (lib/payments/initiation.ts claim): one sent by
  // the PSU's own retry meanwhile is `busy`, and waits for its retry.
  await boss.work<{ paymentId: string }>(resendQueue, bankJobs, async (jobs) => {
    for (const job of jobs) await resend(job.data.paymentId);
  });
  const swept = await sweepUnsettledPayments(boss);
  if (swept) logger.info({ swept }, 'status checks scheduled for unsettled payments');
  const unsent = await sweepUnsentPayments(boss);
  if (unsent) logger.info({ unsent }, 'payments whose sending did not finish are sent again');
}
