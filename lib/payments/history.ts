import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { databaseNow } from '@/lib/db/clock';
import { isUuid } from '@/lib/db/ids';
import { paymentEvents, payments } from '@/lib/db/schema';
import { countStatusRecorded } from './payment-metrics';
import { keepAccountWhenAccepted } from './saved/my-accounts';
import { awaitsAuthorisation } from './sca';
import { mayReplace, type StatusSource } from './status';

/**
 * Records a status reading. A reading that repeats the current status adds nothing, so polling
 * leaves the timeline clean; a new status updates the payment and adds one event, atomically.
 * A reading that would take a final status back, or a settled one to before settlement, is a stale
 * answer and is dropped (`mayReplace`, lib/payments/status.ts).
 * An accepted status keeps the paying account among the PSU's accounts.
 */
export async function recordStatus(
  db: Db,
  paymentId: string,
  transactionStatus: string,
  source: StatusSource,
  detail?: Record<string, unknown>,
): Promise<boolean> {
  const recorded = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        transactionStatus: payments.transactionStatus,
        sca: payments.sca,
        service: payments.service,
        body: payments.body,
      })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    if (
      !current ||
      !mayReplace(current.transactionStatus, transactionStatus, {
        subject: current,
        awaitingPsu: awaitsAuthorisation(current),
      })
    )
      return undefined;
    const [changed] = await tx
      .update(payments)
      .set({ transactionStatus, updatedAt: databaseNow() })
      .where(eq(payments.id, paymentId))
      .returning({ bankId: payments.bankId, service: payments.service, product: payments.product });
    await tx.insert(paymentEvents).values({ paymentId, transactionStatus, source, detail });
    await keepAccountWhenAccepted(tx, paymentId, transactionStatus);
    return changed;
  });
  if (recorded) countStatusRecorded(recorded, transactionStatus);
  return recorded !== undefined;
}

/** One payment of one PSU; another PSU's payment is as absent as one that does not exist. */
export async function findOwnPayment(db: Db, psuId: string, paymentId: string) {
  if (!isUuid(paymentId)) return undefined;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.psuId, psuId)))
    .limit(1);
  return payment;
}

export async function paymentTimeline(db: Db, paymentId: string) {
  return db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(asc(paymentEvents.id));
}
