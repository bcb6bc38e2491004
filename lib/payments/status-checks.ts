import type { PgBoss } from 'pg-boss';
import { settings } from '@/lib/config';
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

/**
 * How long one reading may be under way: a few calls to the bank (its token, the status, the payment's
 * details or a bulk's results), each within the bank timeout. A check under way longer than this was
 * left by an instance that died, and pg-boss gives it to another.
 */
const readingSeconds = () => 4 * Math.ceil(settings().BANK_TIMEOUT_MS / 1000) + 30;

/** Schedules the next reading as the class's schedule says; false when the schedule has ended. */
export async function scheduleStatusCheck(boss: PgBoss, job: StatusJob): Promise<boolean> {
  const seconds = nextCheckSeconds(job.statusClass, job.check);
  if (seconds === undefined) return false;
  await boss.send(statusQueue, job satisfies StatusJob, {
    singletonKey: job.paymentId,
    startAfter: seconds,
    expireInSeconds: readingSeconds(),
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

/** The queue of resends: a payment saved but not known to have reached its bank, sent again with its own key. */
export const resendQueue = 'payment-resend';

/** The longest wait between two resends of one payment while its bank stays down. */
export const RESEND_DELAY_MAX_SECONDS = 300;

/**
 * Schedules a resend of a payment, with its own Idempotency-Key: the bank answers with the payment it may
 * already have made, or makes it once. `afterSeconds`: not before then (the bank's trouble may last a moment).
 */
export async function scheduleResend(boss: PgBoss, paymentId: string, afterSeconds = 0): Promise<void> {
  await boss.send(
    resendQueue,
    { paymentId },
    {
      singletonKey: paymentId,
      startAfter: afterSeconds,
      // A dead sender's claim lapses after the bank timeout + 10 s: retries outlast it. While the bank stays
      // down they go on, at most 5 minutes apart, for as long as it keeps the payment's Idempotency-Key
      // (IDEMPOTENCY_WINDOW_HOURS): a payment saved is sent, once, whenever the bank is back within it.
      retryLimit: 300,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: RESEND_DELAY_MAX_SECONDS,
    },
  );
}

/**
 * The bank's answer to an initiation was lost (timeout, 5xx, 429, 408, 409 to a key sent before): the payment
 * is sent again by a job soon, so that its outcome is known while the PSU looks, not only when they send the
 * form again.
 */
export async function afterUnknownOutcome(
  paymentId: string,
  /** The bank's Retry-After, where it gave one: the resend waits for it. */
  retryAfterSeconds = 0,
): Promise<void> {
  const starting = startingJobQueue();
  if (!starting) return;
  try {
    await scheduleResend(
      await starting,
      paymentId,
      Math.max(settings().RESEND_AFTER_SECONDS, retryAfterSeconds),
    );
  } catch (error) {
    // The payment stays unsent; the PSU's resubmission or the sweep at start-up sends it.
    logger.warn({ paymentId, err: error }, 'could not schedule a resend');
  }
}
