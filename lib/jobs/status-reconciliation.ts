import { and, eq, isNull, notInArray, or } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { getDb } from '@/lib/db';
import { payments } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { finalStatusList } from '@/lib/payments/status';
import { needsSync, syncPaymentStatus } from '@/lib/payments/sync';

export const statusQueue = 'payment-status';

interface StatusJob {
  paymentId: string;
  attempt: number;
}

// Seconds until the next reading: quick while the PSU is likely still at the bank, then slower, so
// a lost notification costs minutes at most and a forgotten payment costs the bank little.
const backoffSeconds = [2, 5, 10, 30, 60, 120, 300, 600, 900];
// After this many readings (about three days) the payment is left to notifications and the sweep.
const maxAttempts = 300;

export function nextDelaySeconds(attempt: number): number {
  return backoffSeconds[Math.min(attempt, backoffSeconds.length - 1)] ?? 900;
}

export async function scheduleStatusCheck(boss: PgBoss, paymentId: string, attempt = 0): Promise<void> {
  await boss.send(statusQueue, { paymentId, attempt } satisfies StatusJob, {
    singletonKey: paymentId,
    startAfter: nextDelaySeconds(attempt),
    retryLimit: 3,
    retryDelay: 10,
    retryBackoff: true,
  });
}

async function reconcile(boss: PgBoss, job: StatusJob): Promise<void> {
  const db = await getDb();
  const [payment] = await db.select().from(payments).where(eq(payments.id, job.paymentId));
  if (!payment || !needsSync(payment)) return;
  const { status } = await syncPaymentStatus(db, payment, 'poll');
  if (status && finalStatusList.includes(status)) return;
  if (job.attempt + 1 < maxAttempts) await scheduleStatusCheck(boss, payment.id, job.attempt + 1);
}

/** Every payment the bank has but that is not final gets a status check: after a restart, nothing stays stale. */
export async function sweepUnsettledPayments(boss: PgBoss): Promise<number> {
  const db = await getDb();
  const unsettled = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.phase, 'initiated'),
        or(isNull(payments.transactionStatus), notInArray(payments.transactionStatus, finalStatusList)),
      ),
    );
  for (const { id } of unsettled) await scheduleStatusCheck(boss, id);
  return unsettled.length;
}

export async function registerStatusReconciliation(boss: PgBoss): Promise<void> {
  await boss.createQueue(statusQueue, { policy: 'stately' });
  // Polling every half second: otherwise delayed jobs and retries wait for a 30 s backstop poll.
  await boss.work<StatusJob>(
    statusQueue,
    { batchSize: 5, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 },
    async (jobs) => {
      for (const job of jobs) await reconcile(boss, job.data);
    },
  );
  const swept = await sweepUnsettledPayments(boss);
  if (swept) logger.info({ swept }, 'status checks scheduled for unsettled payments');
}
