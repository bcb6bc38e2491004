import { and, eq, notInArray, or, sql } from 'drizzle-orm';
import { payments } from '../schema';
import type { Db } from '../types';

// Final statuses and ACSC (settled for the PSU): nothing is waiting to be paid any more.
const settled = ['ACCC', 'ACWP', 'PART', 'RJCT', 'CANC', 'ACSC'];

/**
 * The PSU's payments at the bank that may still be paid on a day to come: standing orders, and single
 * or bulk payments with a requested execution date, neither settled nor ended. Which of them really
 * lie ahead is decided by lib/payments/waiting.ts.
 */
export async function paymentsThatMayWait(db: Db, psuId: string, limit = 500) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.psuId, psuId),
        eq(payments.phase, 'initiated'),
        or(sql`${payments.transactionStatus} is null`, notInArray(payments.transactionStatus, settled)),
        or(
          eq(payments.service, 'periodic-payments'),
          sql`${payments.body} ->> 'requestedExecutionDate' is not null`,
        ),
      ),
    )
    .limit(limit);
}
