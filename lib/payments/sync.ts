import { BankError, BankUnavailableError } from '@/lib/bank/errors';
import { readPaymentStatus } from '@/lib/bank/payments';
import { inBank } from '@/lib/bank/scope';
import type { Db } from '@/lib/db';
import type { Payment } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { recordStatus } from './history';
import { scaStateOf, syncScaStatus } from './sca';
import { isFinalStatus, type StatusSource } from './status';

/**
 * Reads the payment's current status from the bank and records it if it changed. Notifications,
 * returns from the bank and polling all end here: the bank's answer is the truth.
 */
export async function syncPaymentStatus(
  db: Db,
  payment: Payment,
  source: StatusSource,
  /** The PSU's address when they caused the read; none for the app's own (polls, notifications). */
  psuIpAddress?: string,
): Promise<{ changed: boolean; status: string | null }> {
  if (!payment.bankPaymentId) return { changed: false, status: payment.transactionStatus };
  const ref = {
    service: payment.service,
    product: payment.product,
    paymentId: payment.bankPaymentId,
    links: scaStateOf(payment)?.initiationLinks,
  };
  try {
    // At the payment's own bank, with that bank's token: never another's.
    const status = await inBank(payment.bankId, () => readPaymentStatus(ref, psuIpAddress));
    const changed = await recordStatus(db, payment.id, status, source);
    return { changed, status };
  } catch (error) {
    if (!(error instanceof BankError || error instanceof BankUnavailableError)) throw error;
    logger.warn(
      { paymentId: payment.id, requestId: error.requestId, err: error.message },
      'status read failed',
    );
    return { changed: false, status: payment.transactionStatus };
  }
}

export function needsSync(payment: Payment): boolean {
  return payment.phase === 'initiated' && !isFinalStatus(payment.transactionStatus);
}

/**
 * Reads both what the PSU's authorisation and the payment stand at: the scaStatus first (a decoupled
 * approval in the bank's app shows there before the payment moves), then the transaction status.
 */
export async function refreshFromBank(db: Db, payment: Payment, source: StatusSource, psuIpAddress: string) {
  try {
    await syncScaStatus(db, payment, source, psuIpAddress);
  } catch (error) {
    if (!(error instanceof BankError || error instanceof BankUnavailableError)) throw error;
    logger.warn({ paymentId: payment.id, err: error.message }, 'scaStatus read failed');
  }
  return syncPaymentStatus(db, payment, source, psuIpAddress);
}
