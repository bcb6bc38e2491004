import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { databaseNow, databaseNowPlus } from '@/lib/db/clock';
import { type Payment, paymentEvents, paymentNotificationTokens, payments } from '@/lib/db/schema';

type NewPayment = typeof payments.$inferInsert;

/**
 * Saves a new payment already claimed for sending by the caller (phase `sending` for `claim.seconds`),
 * with the hash of its notification token where one is given, in one statement. Nothing when the PSU
 * has a payment with this submission id already (the unique (psu, submission id) settles races).
 */
export async function insertClaimedPayment(
  db: Db,
  values: Omit<NewPayment, 'phase' | 'claimedUntil'>,
  claim: { seconds: number; notificationTokenHash?: string },
): Promise<Payment | undefined> {
  const saved = db.$with('saved').as(
    db
      .insert(payments)
      .values({ ...values, phase: 'sending', claimedUntil: databaseNowPlus(claim.seconds) })
      .onConflictDoNothing({ target: [payments.psuId, payments.submissionId] })
      .returning(),
  );
  if (claim.notificationTokenHash === undefined) {
    const [row] = await db.with(saved).select().from(saved);
    return row;
  }
  const token = db.$with('token', { paymentId: sql<string>`payment_id` }).as(
    sql`insert into ${paymentNotificationTokens} (payment_id, token_hash)
      select id, ${claim.notificationTokenHash} from ${sql.identifier('saved')} returning payment_id`,
  );
  const [row] = await db.with(saved, token).select().from(saved);
  return row;
}

/**
 * Records what the bank answered to a payment's initiation (`changes`, claim released) and its first
 * status event from `source`, in one statement; the payment as it now is.
 */
export async function recordInitiation(
  db: Db,
  paymentId: string,
  changes: Partial<NewPayment>,
  event: { source: 'initiation'; detail: Record<string, unknown> },
): Promise<Payment | undefined> {
  const updated = db.$with('updated').as(
    db
      .update(payments)
      .set({ ...changes, claimedUntil: null, updatedAt: databaseNow() })
      .where(eq(payments.id, paymentId))
      .returning(),
  );
  const recorded = db.$with('event', { paymentId: sql<string>`payment_id` }).as(
    sql`insert into ${paymentEvents} (payment_id, transaction_status, source, detail)
      select id, transaction_status, ${event.source}, ${JSON.stringify(event.detail)}::jsonb
      from ${sql.identifier('updated')} returning payment_id`,
  );
  const [row] = await db.with(updated, recorded).select().from(updated);
  return row;
}

/** Whether the PSU's form (`submissionId`) has a payment already: its own, or a correction of it. */
export async function formHasPayment(db: Db, psuId: string, submissionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.psuId, psuId),
        or(eq(payments.submissionId, submissionId), eq(payments.correctionOf, submissionId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
