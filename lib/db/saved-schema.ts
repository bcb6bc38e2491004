import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PaymentProduct, PaymentService } from '@/lib/bank/payments';
import { psus } from './schema';

// What a PSU keeps to pay again: their own accounts, their payees and their bulk templates.

/**
 * A PSU's own paying account, with the name they gave it. An account is kept here once the bank
 * accepted a payment from it (lib/payments/saved/my-accounts.ts), never merely because it was typed;
 * the PSU renames or removes it on the accounts page.
 */
export const psuAccounts = pgTable(
  'psu_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    psuId: uuid('psu_id')
      .notNull()
      .references(() => psus.id),
    iban: text('iban').notNull(),
    /** The PSU's name for it; empty until they give one. */
    name: text('name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('psu_accounts_psu_iban_idx').on(table.psuId, table.iban)],
);

/** What a payee is paid to: an account by its IBAN, or a card by its masked PAN. */
export type PayeeAccountKind = 'iban' | 'maskedPan';

/** A recipient the PSU saved: found by typing in a form's recipient field. */
export const payees = pgTable(
  'payees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    psuId: uuid('psu_id')
      .notNull()
      .references(() => psus.id),
    name: text('name').notNull(),
    accountKind: text('account_kind').$type<PayeeAccountKind>().notNull(),
    account: text('account').notNull(),
    /** The payee's kennitala, ten digits, where the PSU gave one. */
    kennitala: text('kennitala'),
    /** Marked by the PSU: listed first on the payees page and in a form's search. */
    favourite: boolean('favourite').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payees_psu_idx').on(table.psuId, table.name)],
);

/** What a template keeps beside the bank body: the names the bank body of a standing order has no place for. */
export interface TemplateDetails {
  /** The recipient's name, for a standing order (a single payment keeps it in its body, `creditorName`). */
  creditorName?: string;
  /** The name the payment made from it is given (lib/db/schema.ts, payments.label). */
  label?: string;
}

/**
 * A payment kept to start the next one from, by name: the service, the product and the body as sent
 * (without what names one payment only). Bulk templates came first, hence the table's name.
 */
export const bulkTemplates = pgTable(
  'bulk_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    psuId: uuid('psu_id')
      .notNull()
      .references(() => psus.id),
    name: text('name').notNull(),
    /** payments, periodic-payments or bulk-payments; rows from before other services had templates are bulks. */
    service: text('service').$type<PaymentService>().notNull().default('bulk-payments'),
    product: text('product').$type<PaymentProduct>().notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    details: jsonb('details').$type<TemplateDetails>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bulk_templates_psu_idx').on(table.psuId, table.createdAt)],
);

export type PsuAccount = typeof psuAccounts.$inferSelect;
export type Payee = typeof payees.$inferSelect;
export type BulkTemplate = typeof bulkTemplates.$inferSelect;
