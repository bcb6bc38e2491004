import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '@/lib/i18n/routing';
import { payments, psus } from './schema';

/**
 * Where a change of a standing order stands (lib/payments/standing-order-change.ts). The spec has no
 * amend: the old order is cancelled at the bank first, and only once the bank reports it cancelled is
 * the new one sent.
 * - `cancelling`: the bank was asked to cancel the old order and awaits the PSU's confirmation there;
 * - `cancelRefused`: the bank did not cancel it (refused, or the PSU declined); nothing new was sent;
 * - `sending`: the old order is cancelled and the new one is being sent;
 * - `newFailed`: the old order is cancelled, the bank did not take the new one; it may be sent again;
 * - `sent`: the bank took the new order (`newPaymentId`), which then awaits the PSU's authorisation.
 */
export type StandingOrderChangeState = 'cancelling' | 'cancelRefused' | 'sending' | 'newFailed' | 'sent';

/** The new order as the PSU confirmed it on the change form: sent once the old one is cancelled. */
export interface ChangedOrder {
  submissionId: string;
  scaLanguage: Locale;
  uiLocale: Locale;
  /** The form's payment (spec 2.2 body), as validated by the periodic form's schema. */
  payment: Record<string, unknown>;
  label: string | null;
  creditorName: string | null;
}

/**
 * What the bank made of one of a change's asks to cancel the old order: cancelled it there and then, or opened an
 * authorisation for the PSU to confirm (its `scaStatus` link, null where the bank gave none), `decoupled` where the
 * PSU approves it in the bank's own app rather than on a page of the bank we send them to.
 */
export type ChangeCancelAnswer = { cancelled: true } | { scaStatusUrl: string | null; decoupled?: true };

/**
 * One change per old standing order: a second form for the same order finds this row, so that two
 * forms never both send a new order for one old one.
 */
export const standingOrderChanges = pgTable(
  'standing_order_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    psuId: uuid('psu_id')
      .notNull()
      .references(() => psus.id),
    oldPaymentId: uuid('old_payment_id')
      .notNull()
      .references(() => payments.id),
    state: text('state').$type<StandingOrderChangeState>().notNull(),
    changed: jsonb('changed').$type<ChangedOrder>().notNull(),
    newPaymentId: uuid('new_payment_id').references(() => payments.id),
    /**
     * How many of this attempt's asks of the bank to cancel the old order are under way: counted before each ask and
     * no longer once the bank answered it (back to none when the change is sent again after the bank did not cancel
     * it). Where the old order ended and none of `cancelAnswers` ended it, one under way still may.
     */
    cancelAsks: integer('cancel_asks').notNull().default(0),
    /**
     * The bank's answers to the change's asks to cancel the old order, every attempt's, as the bank gave them: where
     * the order ended, it was the change that ended it only if one of them did (cancelled at once, or an authorisation
     * the PSU confirmed there, as its `scaStatus` says); otherwise the PSU stopped it elsewhere (their own online bank).
     */
    cancelAnswers: jsonb('cancel_answers').$type<ChangeCancelAnswer[]>().notNull().default([]),
    /** The message key of what the bank answered, for the change page to say again. */
    messageKey: text('message_key'),
    /** The fields the bank's refusal of the new order named, to show on the form again. */
    fieldErrors: jsonb('field_errors').$type<Record<string, string[]>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('standing_order_changes_old_idx').on(table.oldPaymentId),
    index('standing_order_changes_psu_idx').on(table.psuId),
  ],
);

export type StandingOrderChange = typeof standingOrderChanges.$inferSelect;
