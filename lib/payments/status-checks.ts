import type { PgBoss } from 'pg-boss';
import { startingJobQueue } from '@/lib/jobs/queue';
import { logger } from '@/lib/log';

/** The queue of status checks: one reading of a payment's status from the bank per job. */
export const statusQueue = 'payment-status';

export interface StatusJob {
  paymentId: string;
  attempt: number;
}

// Seconds until the next reading: quick while the PSU is likely still at the bank, then slower, so
// a lost notification costs minutes at most and a forgotten payment costs the bank little.
const backoffSeconds = [2, 5, 10, 30, 60, 120, 300, 600, 900];

function nextDelaySeconds(attempt: number): number {
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

/** Schedules the first status check of a payment the bank has just accepted. */
export async function afterInitiation(paymentId: string): Promise<void> {
  const starting = startingJobQueue();
  if (!starting) return;
  try {
    await scheduleStatusCheck(await starting, paymentId);
  } catch (error) {
    // The payment is at the bank and recorded; the next sweep schedules its check instead.
    logger.warn({ paymentId, err: error }, 'could not schedule a status check');
  }
}
