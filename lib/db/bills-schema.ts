import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A claim (bill) of the claimant on a PSU, as we last learnt it: from the bank's claims list when the
 * PSU opens their bills, and from a `claim.paid` event after the job read the claim by its `self`
 * link. `paidEventId` names the event that told us it was paid; amounts are whole krónur as text.
 */
export const bills = pgTable(
  'bills',
  {
    /** The directory's id of the bank whose claims interface holds the claim; `default` for rows made before. */
    bankId: text('bank_id').notNull().default('default'),
    claimId: text('claim_id').notNull(),
    payorId: text('payor_id').notNull(),
    claimantName: text('claimant_name').notNull(),
    status: text('status').notNull(),
    amount: text('amount').notNull(),
    /** What is left to pay; null where part was paid and the bank did not say what is left (lib/bank/claims.ts). */
    totalAmountDue: text('total_amount_due'),
    currency: text('currency').notNull(),
    /** The discount the bank says is offered (IOBWS-Claims 3.1 `discountAmountOffered`), shown, never taken off. */
    discountOffered: text('discount_offered'),
    dueDate: text('due_date').notNull(),
    /** The claim's final due date (eindagi, IOBWS-Claims 3.1 `finalDueDate`), where the bank gave one. */
    finalDueDate: text('final_due_date'),
    reference: text('reference'),
    depositIban: text('deposit_iban').notNull(),
    isPartialPaymentAllowed: boolean('is_partial_payment_allowed').notNull().default(false),
    isPartiallyPaid: boolean('is_partially_paid').notNull().default(false),
    paidEventId: uuid('paid_event_id'),
    paidEventAt: timestamp('paid_event_at', { withTimezone: true }),
    /**
     * Since when the bank has answered the claim in a shape the app cannot read (lib/bank/claims.ts): the bill is kept
     * as last read, and not paid here until the bank answers it readably again; null while it reads.
     */
    unreadableSince: timestamp('unreadable_since', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.bankId, table.claimId] }),
    index('bills_payor_idx').on(table.payorId, table.dueDate),
  ],
);

export type Bill = typeof bills.$inferSelect;
