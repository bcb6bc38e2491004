import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { settings } from '@/lib/config';
import { type Db, getDb } from '@/lib/db';
import { databaseNow } from '@/lib/db/clock';
import { isUuid } from '@/lib/db/ids';
import { paymentNotifications, paymentNotificationTokens } from '@/lib/db/notification-schema';
import { payments } from '@/lib/db/schema';
import { sendJob } from '@/lib/jobs/queue';
import { logger } from '@/lib/log';
import { metrics } from '@/lib/observability/metrics';
import { isFinalStatus } from './status';
import { needsSync, syncPaymentStatus } from './sync';

/**
 * Status notifications (Berlin Group "Lean Push"): the bank POSTs to the `TPP-Notification-URI` we
 * gave at initiation. The URI carries a random token, so that only the bank, which was given it,
 * can make us act; only the token's SHA-256 is stored.
 */
/** What the bank is asked to notify, in the form of payment spec part 6: `status=X1, ..., Xn`. */
export const notificationContentPreferred = 'status=SCA, PROCESS, LAST';

function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/**
 * A new notification token: the random part of the URI, and the hash of it to store (hex). The caller
 * stores the hash with the payment before it gives the bank `notificationUri(paymentId, token)`.
 */
export function newNotificationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token).toString('hex') };
}

export function notificationUri(paymentId: string, token: string): string {
  return `${settings().APP_BASE_URL}/api/notifications/payments/${paymentId}/${token}`;
}

/** A fresh notification URI for a payment. Each call adds a token; earlier ones stay valid. */
export async function issueNotificationUri(paymentId: string, db?: Db): Promise<string> {
  const { token, hash } = newNotificationToken();
  await (db ?? (await getDb())).insert(paymentNotificationTokens).values({ paymentId, tokenHash: hash });
  return notificationUri(paymentId, token);
}

/**
 * The Lean Push body. The IG's table names the field `paymentId` and its example spells it
 * `payment-ID`; both are read. Everything is optional: the notification is a signal, and the status
 * is read from the bank either way.
 */
const leanPushSchema = z.looseObject({
  paymentId: z.string().max(200).optional(),
  'payment-ID': z.string().max(200).optional(),
  transactionStatus: z.string().max(10).optional(),
  scaStatus: z.string().max(40).optional(),
  authorisationId: z.string().max(200).optional(),
  cancellationId: z.string().max(200).optional(),
});

export type LeanPushBody = z.infer<typeof leanPushSchema>;

export function notifiedPaymentId(body: LeanPushBody): string | undefined {
  return body.paymentId ?? body['payment-ID'];
}

// A Lean Push body is a few ids and codes; more than this is not one and is not stored.
export const maxNotificationBytes = 16 * 1024;

function readBody(rawBody: string): Record<string, unknown> | null {
  if (Buffer.byteLength(rawBody, 'utf8') > maxNotificationBytes) return null;
  try {
    const parsed = leanPushSchema.safeParse(JSON.parse(rawBody));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface NotificationInput {
  paymentId: string;
  token: string;
  rawBody: string;
  requestId?: string | null;
}

/** The queue of notifications to act on: each job re-reads one notified payment's status. */
export const paymentNotificationQueue = 'payment-notification';

export interface PaymentNotificationJob {
  notificationId: number;
}

function enqueuePaymentNotification(notificationId: number): Promise<boolean> {
  return sendJob(
    paymentNotificationQueue,
    { notificationId } satisfies PaymentNotificationJob,
    { retryLimit: 3, retryDelay: 5, retryBackoff: true },
    { notificationId },
  );
}

export type NotificationOutcome =
  | { ok: true; notificationId: number; queued: boolean }
  | { ok: false; reason: 'not_found' };

async function tokenMatches(db: Db, paymentId: string, token: string): Promise<boolean> {
  const stored = await db
    .select({ tokenHash: paymentNotificationTokens.tokenHash })
    .from(paymentNotificationTokens)
    .where(eq(paymentNotificationTokens.paymentId, paymentId));
  const presented = tokenHash(token);
  let found = false;
  for (const row of stored) {
    const candidate = Buffer.from(row.tokenHash, 'hex');
    if (candidate.length === presented.length && timingSafeEqual(candidate, presented)) found = true;
  }
  return found;
}

/**
 * Records a notification and has the payment's status re-read from the bank after the answer. A
 * wrong token, or a payment we do not know, is `not_found` and changes nothing.
 */
export async function acceptPaymentNotification(input: NotificationInput): Promise<NotificationOutcome> {
  if (!isUuid(input.paymentId) || !/^[A-Za-z0-9_-]{43}$/.test(input.token)) {
    metrics().notificationsReceived.inc({ outcome: 'not_found' });
    return { ok: false, reason: 'not_found' };
  }
  const db = await getDb();
  if (!(await tokenMatches(db, input.paymentId, input.token))) {
    logger.warn({ paymentId: input.paymentId }, 'notification with a wrong token');
    metrics().notificationsReceived.inc({ outcome: 'not_found' });
    return { ok: false, reason: 'not_found' };
  }
  const body = readBody(input.rawBody);
  const [row] = await db
    .insert(paymentNotifications)
    .values({ paymentId: input.paymentId, body, requestId: input.requestId ?? null })
    .returning({ id: paymentNotifications.id });
  if (!row) throw new Error('A payment notification could not be recorded');
  metrics().notificationsReceived.inc({ outcome: 'accepted' });
  const queued = await enqueuePaymentNotification(row.id);
  if (!queued) {
    // No job queue in this process: re-read in the background, after the answer has gone. The
    // reconciliation sweep covers a crash in between.
    void processPaymentNotification(db, row.id).catch((error) =>
      logger.warn({ notificationId: row.id, err: error }, 'notification re-read failed'),
    );
  }
  return { ok: true, notificationId: row.id, queued };
}

/**
 * Re-reads the notified payment's status from the bank and records it (source `notification`),
 * unless the payment's status is final already. One reading answers every notification of the payment
 * received before it began: a bank that sends several at once (an SCA status, then a transaction status)
 * is asked once, and the jobs of the others find them settled. One received after the reading began may
 * say something newer, and gets a reading of its own.
 */
export async function processPaymentNotification(db: Db, notificationId: number): Promise<void> {
  const [notification] = await db
    .select()
    .from(paymentNotifications)
    .where(eq(paymentNotifications.id, notificationId));
  if (!notification || notification.processedAt) return;
  const [payment] = await db.select().from(payments).where(eq(payments.id, notification.paymentId));
  if (!payment) return;
  const reported = notification.body ? notifiedPaymentId(notification.body as LeanPushBody) : undefined;
  if (reported && payment.bankPaymentId && reported !== payment.bankPaymentId) {
    // The token names the payment; the body's id is only logged. The re-read uses our own record.
    logger.warn({ paymentId: payment.id, notificationId }, 'notification body names another payment id');
  }
  const answered = await db
    .select({ id: paymentNotifications.id })
    .from(paymentNotifications)
    .where(and(eq(paymentNotifications.paymentId, payment.id), isNull(paymentNotifications.processedAt)));
  // A final status is the bank's last word (lib/payments/status.ts): the notice changes nothing.
  const final = isFinalStatus(payment.transactionStatus, payment) && !needsSync(payment);
  const { status } = final
    ? { status: payment.transactionStatus }
    : await syncPaymentStatus(db, payment, 'notification');
  await db
    .update(paymentNotifications)
    .set({
      status: final ? 'already_final' : payment.bankPaymentId ? 'processed' : 'payment_not_at_bank',
      processedAt: databaseNow(),
    })
    .where(
      and(
        inArray(paymentNotifications.id, [notificationId, ...answered.map(({ id }) => id)]),
        isNull(paymentNotifications.processedAt),
      ),
    );
  logger.info(
    { paymentId: payment.id, notificationId, answered: answered.length, status },
    'payment notification processed',
  );
}
