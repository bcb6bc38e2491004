import { eq } from 'drizzle-orm';
import { readScaStatus } from '@/lib/bank/authorisations';
import type { Db } from '@/lib/db';
import { type Payment, type PaymentEvent, paymentEvents, payments } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { paymentTimeline } from './history';
import { cancellationAskedDetail, cancellationOf, cancellationStepDetail } from './history-order';
import { inPaymentBank } from './payment-bank';
import { isFinalScaStatus } from './sca-record';
import type { StatusSource } from './status';

/**
 * A cancellation the PSU is to confirm at the bank (its page, or its app), told on the payment's timeline: the
 * request, and each step of its authorisation as its scaStatus is read, apart from the payment's own approval.
 */

/**
 * Records that the PSU asked the bank to cancel the payment, and where the cancellation's authorisation is read;
 * `forChange`: to change the standing order, whose new order follows once this one is cancelled.
 */
export async function recordCancellationAsked(
  db: Db,
  paymentId: string,
  scaStatusUrl: string | null,
  forChange: boolean,
): Promise<void> {
  await db
    .insert(paymentEvents)
    .values({ paymentId, source: 'cancellation', detail: cancellationAskedDetail(scaStatusUrl, forChange) });
}

/**
 * The latest cancellation asked for while its authorisation is open: its scaStatus link and the last step read of
 * it; undefined where there is none, the bank gave no link, or the step last read was final.
 */
function openCancellation(
  events: readonly PaymentEvent[],
): { link: string; last: string | null } | undefined {
  let last: string | null = null;
  for (const event of events.toReversed()) {
    const kind = cancellationOf(event);
    if (kind === 'confirmation') last ??= event.scaStatus;
    if (kind !== 'asked') continue;
    const link = event.detail?.scaStatusUrl;
    return typeof link === 'string' && !isFinalScaStatus(last ?? undefined) ? { link, last } : undefined;
  }
  return undefined;
}

/**
 * Reads the scaStatus of the payment's open cancellation authorisation, and records it where it is another step
 * than the last one read: judged again with the payment's row held, so that two readings at once record it once.
 * A reading the bank does not give now is logged and left for the next; the payment's own status is read apart.
 */
export async function syncCancellationSteps(
  db: Db,
  payment: Payment,
  source: StatusSource,
  /** The PSU's address when they caused the read; none for the app's own (the status job, a notification). */
  psuIpAddress?: string,
): Promise<void> {
  const open = openCancellation(await paymentTimeline(db, payment.id));
  if (!open) return;
  let scaStatus: string;
  try {
    scaStatus = await inPaymentBank(payment, () => readScaStatus(open.link, psuIpAddress));
  } catch (error) {
    logger.warn(
      { paymentId: payment.id, err: error instanceof Error ? error.message : error },
      "a cancellation's authorisation could not be read",
    );
    return;
  }
  await db.transaction(async (tx) => {
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, payment.id)).for('update');
    const now = openCancellation(await paymentTimeline(tx, payment.id));
    if (now?.link !== open.link || now.last === scaStatus) return;
    await tx
      .insert(paymentEvents)
      .values({ paymentId: payment.id, scaStatus, source, detail: { ...cancellationStepDetail } });
  });
}
