import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { databaseNow } from '@/lib/db/clock';
import { type Payment, payments } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { cancelAtItsBank } from './cancellation';
import { type CostsDecision, costsStepOf } from './costs-step';
import { firstScaDestination } from './sca-destination';
import { syncPaymentStatus } from './sync';

/**
 * Records the PSU's choice once (`from` null): a second click, or the other button after it, changes nothing.
 * With `from`, a recorded choice becomes another (a stop the bank then cancelled).
 */
async function decide(
  db: Db,
  paymentId: string,
  decision: CostsDecision,
  from: CostsDecision | null = null,
): Promise<boolean> {
  const updated = await db
    .update(payments)
    .set({ costsDecision: decision, updatedAt: databaseNow() })
    .where(
      and(
        eq(payments.id, paymentId),
        from === null ? isNull(payments.costsDecision) : eq(payments.costsDecision, from),
      ),
    )
    .returning({ id: payments.id });
  return updated.length === 1;
}

/** The choice recorded for a payment, as it is now (another tab may have made it). */
async function decisionOf(db: Db, paymentId: string): Promise<CostsDecision | null> {
  const [row] = await db
    .select({ costsDecision: payments.costsDecision })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row?.costsDecision ?? null;
}

/** On to the bank's SCA, where the costs were shown and the PSU continues. */
export async function continueAfterCosts(db: Db, payment: Payment, psuIpAddress: string): Promise<string> {
  if (costsStepOf(payment) === 'pending') await decide(db, payment.id, 'continued');
  return firstScaDestination(db, payment.id, psuIpAddress);
}

/**
 * The PSU stops at the costs: the payment is cancelled at the bank (DELETE on the payment resource;
 * a payment not yet authorised is cancelled without SCA where the bank allows it), and where the bank
 * does not cancel it (refused, not offered, or asking for an authorisation of the cancellation), it is
 * left unauthorised, which the bank does not carry out, and marked so here.
 *
 * The stop is recorded before the bank is asked: a "Continue" pressed meanwhile (another tab) finds it and
 * leads to the payment's page, not the bank's SCA. Where "Continue" was recorded first, nothing is stopped
 * and the bank is asked nothing (`continued`).
 */
export async function stopAtCosts(db: Db, payment: Payment, psuIpAddress: string): Promise<CostsDecision> {
  if (costsStepOf(payment) !== 'pending' || !payment.bankPaymentId) return payment.costsDecision ?? 'stopped';
  if (!(await decide(db, payment.id, 'stopped'))) return (await decisionOf(db, payment.id)) ?? 'stopped';
  let cancelled = false;
  try {
    const outcome = await cancelAtItsBank(db, payment, payment.bankPaymentId, psuIpAddress);
    cancelled = outcome.kind === 'cancelled';
  } catch (error) {
    logger.warn(
      { paymentId: payment.id, err: error instanceof Error ? error.message : error },
      'the bank did not cancel a payment stopped at its costs; it is left unauthorised',
    );
  }
  if (!cancelled) return 'stopped';
  await decide(db, payment.id, 'cancelled', 'stopped');
  await syncPaymentStatus(db, payment, 'cancellation', psuIpAddress);
  return 'cancelled';
}
