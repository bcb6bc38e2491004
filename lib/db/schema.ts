import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const psus = pgTable('psus', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  displayName: text('display_name').notNull(),
  kennitala: text('kennitala'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A payment as this app knows it. The row is written before the bank is called, so that a crash,
 * a timeout or a double submit always finds it again by `(psuId, submissionId)` and re-sends with the
 * same `idempotencyKey` instead of creating a second payment at the bank.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    psuId: uuid('psu_id')
      .notNull()
      .references(() => psus.id),
    submissionId: uuid('submission_id').notNull(),
    idempotencyKey: uuid('idempotency_key').notNull().unique(),
    service: text('service').notNull(),
    product: text('product').notNull(),
    body: jsonb('body').notNull(),
    scaLanguage: text('sca_language').notNull(),
    uiLocale: text('ui_locale').notNull(),
    /** Our own phase around the bank's transactionStatus: new → initiated | refused. */
    phase: text('phase').notNull().default('new'),
    transactionStatus: text('transaction_status'),
    bankPaymentId: text('bank_payment_id').unique(),
    scaRedirect: text('sca_redirect'),
    /** While `phase` is `sending`: until when the sender holds the payment; after that another may resend. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    failureCode: text('failure_code'),
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    creditorName: text('creditor_name'),
    creditorAccount: text('creditor_account').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_psu_submission_idx').on(table.psuId, table.submissionId),
    index('payments_psu_created_idx').on(table.psuId, table.createdAt.desc(), table.id.desc()),
  ],
);

/** Every status the bank reported for a payment, with where we learnt it. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    transactionStatus: text('transaction_status'),
    scaStatus: text('sca_status'),
    source: text('source').notNull(),
    detail: jsonb('detail'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index('payment_events_payment_idx').on(table.paymentId, table.id)],
);

export type Psu = typeof psus.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type PaymentEvent = typeof paymentEvents.$inferSelect;
