import type { PgBoss } from 'pg-boss';
import { startingJobQueue } from '@/lib/jobs/queue';
import { logger } from '@/lib/log';
import { nextCheckSeconds, type StatusClass } from './status';

/** The queue of status checks: one reading of a payment's status from the bank per job. */
export const statusQueue = 'payment-status';

/**
 * One reading of a payment. `check` counts the readings made in the payment's current class (lib/
 * payments/status.ts): a change of class starts that class's schedule from its beginning.
 */
export interface StatusJob {
  paymentId: string;
  statusClass: StatusClass;
  check: number;
}

/** Schedules the next reading as the class's schedule says; false when the schedule has ended. */
export async function scheduleStatusCheck(boss: PgBoss, job: StatusJob): Promise<boolean> {
  const seconds = nextCheckSeconds(job.statusClass, job.check);
  if (seconds === undefined) return false;
  await boss.send(statusQueue, job satisfies StatusJob, {
    singletonKey: job.paymentId,
    startAfter: seconds,
    retryLimit: 3,
    retryDelay: 10,
    retryBackoff: true,
  });
  return true;
}

/** Schedules the first status check of a payment the bank has just accepted. */
export async function afterInitiation(paymentId: string, statusClass: StatusClass): Promise<void> {
  const starting = startingJobQueue();
  if (!starting) return;
  try {
    await scheduleStatusCheck(await starting, { paymentId, statusClass, check: 0 });
  } catch (error) {
    // The payment is at the bank and recorded; the next sweep schedules its check instead.
    logger.warn({ paymentId, err: error }, 'could not schedule a status check');
  }
}
