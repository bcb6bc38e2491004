import { bigint, boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { payments, psus } from './schema';

/**
 * What a PSU is told about their payments: the last status change they have seen in the app (a
 * `payment_events.id`; changes after it are news), and whether they asked for an e-mail when a
 * payment ends. A PSU without a row has seen nothing and asked for no e-mail.
 */
export const psuNoticeSettings = pgTable('psu_notice_settings', {
  psuId: uuid('psu_id')
    .primaryKey()
    .references(() => psus.id),
  statusSeenThrough: bigint('status_seen_through', { mode: 'number' }).notNull().default(0),
  mailOnPaymentEnd: boolean('mail_on_payment_end').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per payment whose end (paid, rejected, cancelled) was e-mailed, written before the
 * message is sent: the primary key lets one sender through however many notifications, polls and
 * later final statuses (ACSC, then ACCC) arrive.
 */
export const paymentEndMails = pgTable('payment_end_mails', {
  paymentId: uuid('payment_id')
    .primaryKey()
    .references(() => payments.id),
  transactionStatus: text('transaction_status').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
