import { and, desc, eq, gt, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { paymentEndMails, psuNoticeSettings } from '@/lib/db/notice-schema';
import { newestFirst } from '@/lib/db/queries/payments';
import { paymentEvents, payments, psus } from '@/lib/db/schema';

type Body = Record<string, unknown>;

/** The queries of the PSU's notices (lib/payments/notices.ts) and payment-end e-mails. */

export async function noticeSettingsOf(db: Db, psuId: string) {
  const [row] = await db.select().from(psuNoticeSettings).where(eq(psuNoticeSettings.psuId, psuId));
  return { statusSeenThrough: row?.statusSeenThrough ?? 0, mailOnPaymentEnd: row?.mailOnPaymentEnd ?? false };
}

export async function setMailOnPaymentEnd(db: Db, psuId: string, on: boolean): Promise<void> {
  await db
    .insert(psuNoticeSettings)
    .values({ psuId, mailOnPaymentEnd: on })
    .onConflictDoUpdate({
      target: psuNoticeSettings.psuId,
      set: { mailOnPaymentEnd: on, updatedAt: sql`now()` },
    });
}

/**
 * The PSU's own payments whose status the bank changed after the last change they saw, newest change first,
 * each once: its latest status, when, how many steps it took since (`steps`), the id of its newest change
 * (`eventId`) and how many payments changed in all (`changedPayments`, however many `limit` lets through).
 * The status of a payment's initiation is left out: the PSU was there when it happened.
 */
export async function paymentsChangedSince(db: Db, psuId: string, seenThrough: number, limit: number) {
  const lastEventId = sql<number>`max(${paymentEvents.id})`.mapWith(Number);
  const changed = db
    .select({
      paymentId: paymentEvents.paymentId,
      lastEventId: lastEventId.as('last_event_id'),
      steps: sql<number>`count(*)`.mapWith(Number).as('steps'),
      changedPayments: sql<number>`count(*) over ()`.mapWith(Number).as('changed_payments'),
    })
    .from(paymentEvents)
    .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
    .where(
      and(
        eq(payments.psuId, psuId),
        gt(paymentEvents.id, seenThrough),
        isNotNull(paymentEvents.transactionStatus),
        // What the PSU did themselves, and saw: sending it, and the steps they took on our page.
        notInArray(paymentEvents.source, ['initiation', 'confirmation']),
      ),
    )
    .groupBy(paymentEvents.paymentId)
    .orderBy(desc(lastEventId))
    .limit(limit)
    .as('changed');
  return db
    .select({
      eventId: changed.lastEventId,
      steps: changed.steps,
      changedPayments: changed.changedPayments,
      paymentId: payments.id,
      transactionStatus: paymentEvents.transactionStatus,
      occurredAt: paymentEvents.occurredAt,
      service: payments.service,
      amount: payments.amount,
      currency: payments.currency,
      creditorName: payments.creditorName,
      creditorAccount: payments.creditorAccount,
      elementCount: payments.elementCount,
      // Who a bulk pays: its overview, or its payments where it was saved without one; no other body is read.
      listOverview: payments.listOverview,
      bulkBody: sql<Body | null>`case when ${payments.service} = 'bulk-payments' and ${payments.listOverview} is null then ${payments.body} end`,
      bulkResults: payments.bulkResults,
      // Where the PSU's authorisation stands: a rejection after a failed one is their decline, not the bank's.
      scaStatus: sql<string | null>`${payments.sca}->>'scaStatus'`,
    })
    .from(changed)
    .innerJoin(paymentEvents, eq(paymentEvents.id, changed.lastEventId))
    .innerJoin(payments, eq(payments.id, changed.paymentId))
    .orderBy(desc(changed.lastEventId));
}

/**
 * Marks the PSU's status changes up to `upTo` seen. The mark never goes back, and only ever names one
 * of the PSU's own events (the newest the page showed), whatever number the browser sent: any other
 * number changes nothing. Two primary-key lookups, however long the PSU's history.
 */
export async function markStatusSeen(db: Db, psuId: string, upTo: number): Promise<void> {
  const [own] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
    .where(and(eq(paymentEvents.id, upTo), eq(payments.psuId, psuId)));
  if (!own) return;
  await db
    .insert(psuNoticeSettings)
    .values({ psuId, statusSeenThrough: own.id })
    .onConflictDoUpdate({
      target: psuNoticeSettings.psuId,
      set: {
        statusSeenThrough: sql`greatest(${psuNoticeSettings.statusSeenThrough}, ${own.id})`,
        updatedAt: sql`now()`,
      },
    });
}

/** A payment with its PSU's address and e-mail choice, for the message that it has ended. */
export async function paymentEndRecipient(db: Db, paymentId: string) {
  const [row] = await db
    .select({
      payment: payments,
      email: psus.email,
      displayName: psus.displayName,
      emailVerifiedAt: psus.emailVerifiedAt,
      mailOnPaymentEnd: psuNoticeSettings.mailOnPaymentEnd,
    })
    .from(payments)
    .innerJoin(psus, eq(psus.id, payments.psuId))
    .leftJoin(psuNoticeSettings, eq(psuNoticeSettings.psuId, payments.psuId))
    .where(eq(payments.id, paymentId));
  return row;
}

/** Takes the one right to e-mail this payment's end: true for the first caller only. */
export async function claimPaymentEndMail(db: Db, paymentId: string, transactionStatus: string) {
  const claimed = await db
    .insert(paymentEndMails)
    .values({ paymentId, transactionStatus })
    .onConflictDoNothing()
    .returning({ paymentId: paymentEndMails.paymentId });
  return claimed.length === 1;
}

/** Gives the right back when the message could not be sent, so that a later reading may send it. */
export async function releasePaymentEndMail(db: Db, paymentId: string): Promise<void> {
  await db.delete(paymentEndMails).where(eq(paymentEndMails.paymentId, paymentId));
}

/** The PSU's standing orders, newest first (along the index, `newestFirst`). */
export async function standingOrdersOf(db: Db, psuId: string, limit = 200) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.psuId, psuId), eq(payments.service, 'periodic-payments')))
    .orderBy(...newestFirst)
    .limit(limit);
}
