import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { payments } from './schema';

/** A payment's status notifications (Berlin Group Lean Push): where the bank may post them, and what it posted. */

/**
 * Secrets in the `TPP-Notification-URI` of a payment: the URI carries a random token, and only its
 * SHA-256 is kept. A payment may hold more than one, as a resend of the initiation issues another.
 */
export const paymentNotificationTokens = pgTable(
  'payment_notification_tokens',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.paymentId, table.tokenHash] })],
);

/** Status notifications the bank posted for a payment (Berlin Group Lean Push), as received. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    body: jsonb('body'),
    requestId: text('request_id'),
    /** received, then processed (status re-read from the bank), already_final or payment_not_at_bank. */
    status: text('status').notNull().default('received'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [index('payment_notifications_payment_idx').on(table.paymentId, table.id)],
);
