import { eq } from 'drizzle-orm';
import { BankError, BankProtocolError, BankUnavailableError } from '@/lib/bank/errors';
import { readPaymentStatus } from '@/lib/bank/payments';
import type { Db } from '@/lib/db';
import { databaseNow } from '@/lib/db/clock';
import { type Payment, payments } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { endsPayment, mailPaymentEnd } from '@/lib/notices/payment-end-mail';
import { bulkResultsDue, syncBulkResults } from './bulk-results';
import { syncCancellationSteps } from './cancellation-steps';
import { detailsDue, syncPaymentDetails } from './details';
import { findOwnPayment, paymentTimeline, recordStatus } from './history';
import { inPaymentBank } from './payment-bank';
import { bankRefOf, syncScaStatus } from './sca';
import { isFinalStatus, type StatusSource } from './status';

/** A reading the bank refused, did not answer, or answered with what is no reading: the app's own faults are not. */
function isFailedReading(error: unknown): error is BankError | BankUnavailableError | BankProtocolError {
  return (
    error instanceof BankError || error instanceof BankUnavailableError || error instanceof BankProtocolError
  );
}

/**
 * Reads the payment's current status from the bank and records it if it changed. Notifications,
 * returns from the bank and polling all end here: the bank's answer is the truth. Whether the reading
 * succeeded is kept on the payment (`statusReadFailedAt`), so that the PSU is never shown an old
 * status as if the bank had just said it.
 */
export async function syncPaymentStatus(
  db: Db,
  payment: Payment,
  source: StatusSource,
  /** The PSU's address when they caused the read; none for the app's own (polls, notifications). */
  psuIpAddress?: string,
  /** What is recorded before this status, read at the same time (the scaStatus, in `refreshFromBank`). */
  recordedFirst?: Promise<unknown>,
): Promise<{ changed: boolean; status: string | null }> {
  if (!payment.bankPaymentId) return { changed: false, status: payment.transactionStatus };
  const ref = bankRefOf(payment, payment.bankPaymentId);
  // The step of a cancellation the PSU is confirming, where one is open, read beside the status and told before the
  // status it led to (CANC), whichever way the status is read: the PSU's return, the status job, a notification.
  const told = Promise.all([recordedFirst, syncCancellationSteps(db, payment, source, psuIpAddress)]);
  // Awaited below, after the bank's answer: a failure before then is not one nobody handles (which ends the process).
  told.catch(() => undefined);
  try {
    // At the payment's own bank, with that bank's token: never another's.
    const {
      transactionStatus: status,
      psuMessage,
      fundsAvailable,
    } = await inPaymentBank(payment, () => readPaymentStatus(ref, psuIpAddress));
    // What the bank holds of an accepted payment is asked for while its status is recorded, not after
    // (the PSU back from the bank waits for both): the two write different columns, and a failed read of
    // the details is logged, never thrown (./details.ts).
    const details = detailsDue(payment, status) ? syncPaymentDetails(db, payment, status) : undefined;
    await told;
    const changed = await recordStatus(db, payment.id, status, source);
    await markStatusRead(db, payment.id, true);
    if (
      (psuMessage ?? null) !== payment.statusPsuMessage ||
      (fundsAvailable ?? null) !== payment.statusFundsAvailable
    )
      await keepStatusWords(db, payment.id, psuMessage, fundsAvailable);
    if (bulkResultsDue({ ...payment, transactionStatus: status })) await syncBulkResults(db, payment, status);
    await details;
    // Every reading of an ended status may send the e-mail; the database lets only one through.
    if (endsPayment(status, payment)) await mailPaymentEnd(db, payment.id);
    return { changed, status };
  } catch (error) {
    await told;
    if (!isFailedReading(error)) throw error;
    logger.warn(
      {
        paymentId: payment.id,
        bankRequestId: 'requestId' in error ? error.requestId : undefined,
        err: error.message,
      },
      'status read failed',
    );
    await markStatusRead(db, payment.id, false);
    return { changed: false, status: payment.transactionStatus };
  }
}

/**
 * What the bank said with the status just read (its words for the PSU, its funds check), in place of the last
 * read's (a read without them clears them).
 */
async function keepStatusWords(
  db: Db,
  paymentId: string,
  psuMessage: string | undefined,
  fundsAvailable: boolean | undefined,
): Promise<void> {
  await db
    .update(payments)
    .set({ statusPsuMessage: psuMessage ?? null, statusFundsAvailable: fundsAvailable ?? null })
    .where(eq(payments.id, paymentId));
}

/**
 * When a reading succeeded (`statusReadAt`, which the operators' list of stuck payments measures the app's
 * following of a payment by: lib/observability/stuck-payments.ts), or that the last one failed.
 */
async function markStatusRead(db: Db, paymentId: string, succeeded: boolean): Promise<void> {
  await db
    .update(payments)
    .set(
      succeeded
        ? { statusReadFailedAt: null, statusReadAt: databaseNow() }
        : { statusReadFailedAt: databaseNow() },
    )
    .where(eq(payments.id, paymentId));
}

/** A payment the bank may say more about: its status is not final, or a bulk's results are yet to be read. */
export function needsSync(payment: Payment): boolean {
  return (
    payment.phase === 'initiated' &&
    (!isFinalStatus(payment.transactionStatus, payment) || bulkResultsDue(payment))
  );
}

/**
 * Reads both what the PSU's authorisation and the payment stand at, at once (the PSU waits for one of the
 * bank's answers, not two in a row), and records the scaStatus first (a decoupled approval in the bank's
 * app shows there before the payment moves), then the transaction status (with the step of a cancellation the PSU
 * is confirming: syncPaymentStatus). A scaStatus the bank does not give is logged; the transaction status is what
 * the PSU is shown.
 */
export async function refreshFromBank(db: Db, payment: Payment, source: StatusSource, psuIpAddress: string) {
  const scaRecorded = syncScaStatus(db, payment, source, psuIpAddress).catch((error: unknown) => {
    if (!isFailedReading(error)) throw error;
    logger.warn({ paymentId: payment.id, err: error.message }, 'scaStatus read failed');
  });
  const [, synced] = await Promise.all([
    scaRecorded,
    syncPaymentStatus(db, payment, source, psuIpAddress, scaRecorded),
  ]);
  return synced;
}

/**
 * One of the PSU's payments with its timeline, its status read from the bank first while the bank
 * may still change it; undefined for a payment that does not exist or is another PSU's.
 */
export async function readOwnPaymentFromBank(db: Db, psuId: string, paymentId: string, psuIpAddress: string) {
  let payment = await findOwnPayment(db, psuId, paymentId);
  if (!payment) return undefined;
  if (needsSync(payment)) {
    await refreshFromBank(db, payment, 'poll', psuIpAddress);
    payment = (await findOwnPayment(db, psuId, paymentId)) ?? payment;
  }
  return { payment, events: await paymentTimeline(db, payment.id) };
}
