import { and, desc, eq, notInArray, or, sql } from 'drizzle-orm';
import { finalStatusList, standingOrderEndList } from '@/lib/payments/status';
import { payments } from '../schema';
import type { Db } from '../types';
import { listedColumns } from './payments';

// Final statuses and ACSC (settled for the PSU): nothing is waiting to be paid any more; a standing order goes on
// paying on its dates until it is rejected or cancelled (lib/payments/status.ts).
const settled = [...finalStatusList, 'ACSC', 'PART'];

/** The PSU's payments that reached the bank (initiated here). */
const initiatedBy = (psuId: string) => and(eq(payments.psuId, psuId), eq(payments.phase, 'initiated'));

/**
 * The PSU's payments at the bank that may still be paid on a day to come: standing orders, and single
 * or bulk payments with a requested execution date, neither settled nor ended. Which of them really
 * lie ahead is decided by lib/payments/waiting.ts.
 */
export async function paymentsThatMayWait(db: Db, psuId: string, limit = 500) {
  return db
    .select(listedColumns)
    .from(payments)
    .where(
      and(
        initiatedBy(psuId),
        or(
          sql`${payments.transactionStatus} is null`,
          notInArray(payments.transactionStatus, settled),
          and(
            eq(payments.service, 'periodic-payments'),
            notInArray(payments.transactionStatus, [...standingOrderEndList]),
          ),
        ),
        or(
          eq(payments.service, 'periodic-payments'),
          sql`${payments.body} ->> 'requestedExecutionDate' is not null`,
        ),
      ),
    )
    .limit(limit);
}

/**
 * The PSU's payments of the last `minutes` that the bank holds for their confirmation (RCVD, initiated here), newest
 * first: what a PSU who came back from the bank's page without confirming may be about to send again.
 */
export async function paymentsAwaitingConfirmation(db: Db, psuId: string, minutes = 60, limit = 10) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        initiatedBy(psuId),
        eq(payments.transactionStatus, 'RCVD'),
        sql`${payments.createdAt} > now() - make_interval(mins => ${minutes})`,
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}
