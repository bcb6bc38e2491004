import { type SQL, sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BankNote } from '@/lib/bank/bank-text';
import type { BulkResults } from '@/lib/bank/bulk-results';
import type { PaymentCosts } from '@/lib/bank/costs';
import type { BankPaymentDetails } from '@/lib/bank/payment-details';
import type { PaymentProduct, PaymentService } from '@/lib/bank/payments';
import type { Locale } from '@/lib/i18n/routing';
import type { BulkOverview } from '@/lib/payments/bulk-overview';
import type { RefusedField } from '@/lib/payments/refusal-fields';
import {
  ANSWER_NOT_SAVED,
  type CostsDecision,
  OUTCOME_UNKNOWN,
  type PaymentPhase,
  type ScaState,
  type StatusSource,
  type StopAsked,
} from './payment-types';

export type { PaymentPhase, ScaState, StatusSource, StopAsked } from './payment-types';

export const psus = pgTable('psus', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  displayName: text('display_name').notNull(),
  /** When the PSU opened the link sent to `email`; until then the address grants nothing. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A signed-in browser. The session cookie names a row here, and every request and action checks
 * it: a row that has ended (sign-out, a password change, "sign out everywhere"), lain idle too long
 * or passed `expiresAt` signs that browser out at once, whatever its cookie says.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    psuId: uuid('psu_id')
      .notNull()
      .references(() => psus.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** signOut | passwordChanged | signOutEverywhere | newSignIn | rotated (lib/auth/sessions.ts) */
    endedReason: text('ended_reason'),
  },
  (table) => [index('sessions_psu_idx').on(table.psuId)],
);

/**
 * Rights beyond a PSU's own data, e.g. `operator` (the events page). Granted by a command
 * (`npm run grant-operator`) or, for a verified address in OPERATOR_EMAILS, by the app; `grantedBy`
 * says which, so that an address taken off the list loses what the list gave.
 */
export const psuRoles = pgTable(
  'psu_roles',
  {
    psuId: uuid('psu_id')
      .notNull()
      .references(() => psus.id),
    role: text('role').notNull(),
    /** command | OPERATOR_EMAILS */
    grantedBy: text('granted_by').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.psuId, table.role] })],
);

/**
 * A link sent to verify an e-mail address: only the SHA-256 of its token is kept. It verifies
 * `email` for `psuId` once, before `expiresAt`, and only while that is still the PSU's address.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    psuId: uuid('psu_id')
      .notNull()
      .references(() => psus.id),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_verifications_psu_idx').on(table.psuId)],
);

/**
 * A PSU's kennitala, as an identity provider vouched for it in a verified claim, and from which
 * sign-in (`issuer`, `subject`). One kennitala links to one account, and an account to one
 * kennitala; bills, PSU-ID and anything else keyed by kennitala read it from here only.
 */
export const kennitalaLinks = pgTable('kennitala_links', {
  kennitala: text('kennitala').primaryKey(),
  psuId: uuid('psu_id')
    .notNull()
    .unique()
    .references(() => psus.id),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The index that lets one payment of a bill at a time be in flight (see `payments`). */
export const BILL_IN_FLIGHT_INDEX = 'payments_bill_in_flight_idx';

/** The index that lets one payment of a bill not yet carried out be in flight, whatever is due (see `payments`). */
export const BILL_OPEN_INDEX = 'payments_bill_open_idx';

/**
 * The statuses of a single payment the bank has carried out (ACSC debited, ACCC credited): only such a payment of
 * part of a bill, after which the bank says less is due, leaves room for a payment of the rest.
 */
export const CARRIED_OUT_STATUSES = ['ACSC', 'ACCC'] as const;

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
    service: text('service').$type<PaymentService>().notNull(),
    product: text('product').$type<PaymentProduct>().notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    scaLanguage: text('sca_language').$type<Locale>().notNull(),
    uiLocale: text('ui_locale').$type<Locale>().notNull(),
    /** Our own phase around the bank's transactionStatus: new → initiated | refused. */
    phase: text('phase').$type<PaymentPhase>().notNull().default('new'),
    transactionStatus: text('transaction_status'),
    /**
     * The bank of the directory (lib/bank/directory.ts) the payment goes to, picked by its debtor account;
     * `default` is the bank of the BANK_* settings, which held every payment saved before the directory.
     */
    bankId: text('bank_id').notNull().default('default'),
    /** The bank's own paymentId, unique at that bank (two banks may hand out the same one). */
    bankPaymentId: text('bank_payment_id'),
    /**
     * For an `unfollowable` payment: the paymentId the bank answered with, which it had given another of
     * our payments at that bank already. Kept as the bank said it, and never used to call the bank.
     */
    clashingBankPaymentId: text('clashing_bank_payment_id'),
    scaRedirect: text('sca_redirect'),
    /** While `phase` is `sending`: until when the sender holds the payment; after that another may resend. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    failureCode: text('failure_code'),
    /** The fields the bank's refusal named (tppMessages[].path, spec part 7), shown on the form again. */
    refusedFields: jsonb('refused_fields').$type<RefusedField[]>(),
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    creditorName: text('creditor_name'),
    creditorAccount: text('creditor_account').notNull(),
    /** The PSU's own name for it ("Húsaleiga"), never sent: a standing order's body (spec 2.2) has no place for it. */
    label: text('label'),
    /** What the PSU wrote to identify the payment (remittance text or end-to-end id), for search. */
    reference: text('reference'),
    /** For a bulk payment: how many payments it holds, and what a list shows of it (null if saved before). */
    elementCount: integer('element_count'),
    listOverview: jsonb('list_overview').$type<BulkOverview>(),
    /** Where the bank's SCA stands: its latest links, methods, challenge and scaStatus (lib/payments/sca.ts). */
    sca: jsonb('sca').$type<ScaState>(),
    /** The PSU's IPv4 when they submitted, if known: a resend without them sends it as PSU-IP-Address. */
    psuIpAddress: text('psu_ip_address'),
    /**
     * SHA-256 of what was submitted (service, product, body, SCA language): a resubmission of the
     * form with the same content is this payment; null for payments saved before it was kept.
     */
    fingerprint: text('fingerprint'),
    /**
     * For a form sent again with other content after the bank refused it: the form's own
     * `submissionId` (this row's is derived from it and the new content), so that every attempt of
     * one form is found together (lib/payments/initiation.ts).
     */
    correctionOf: uuid('correction_of'),
    /**
     * Set when the last reading of the payment's status from the bank failed (unreachable, busy, an
     * answer we could not read), cleared by the next that succeeds: the PSU is then told that what
     * they see is what the bank said last, not what it says now.
     */
    statusReadFailedAt: timestamp('status_read_failed_at', { withTimezone: true }),
    /** When a reading of its status from the bank last succeeded (lib/payments/sync.ts); null before one did. */
    statusReadAt: timestamp('status_read_at', { withTimezone: true }),
    /** Fees and exchange rate as the bank's initiation answer gave them (spec 2.5); null before it. */
    costs: jsonb('costs').$type<PaymentCosts>(),
    /**
     * What the PSU chose where the bank's answer had costs to show before SCA (lib/payments/costs-step.ts):
     * on to the bank, or stop there (the payment then cancelled at the bank, or left unauthorised).
     */
    costsDecision: text('costs_decision').$type<CostsDecision>(),
    /** WARNING messages of the initiation answer (spec part 7), their texts bounded; shown to the PSU. */
    bankNotes: jsonb('bank_notes').$type<BankNote[]>(),
    /** For a bulk payment that has ended: each payment's result, from the payment information read (spec 2.6). */
    bulkResults: jsonb('bulk_results').$type<BulkResults>(),
    /**
     * For a payment of a bill (lib/bills/payment-of-bill.ts): the bank that holds the claim and the claim's id.
     * At most one payment of a bill may still succeed: see `payments_bill_in_flight_idx`.
     */
    billBankId: text('bill_bank_id'),
    billClaimId: text('bill_claim_id'),
    /**
     * What the bank said was due on the bill when the payment was saved (the claim's `totalAmountDue`): a payment
     * of part of a claim, carried out, leaves less due, and what is left is paid by one payment of its own.
     */
    billAmountDue: text('bill_amount_due'),
    /**
     * What the bank says of the payment when read back (spec 2.6: names, the date it pays on, fees, rate),
     * with the status it had then; read again when the status changes (lib/payments/details.ts).
     */
    bankDetails: jsonb('bank_details').$type<BankPaymentDetails>(),
    /** The bank's words for the PSU with the status it last read (a psuMessage; IOBWS 3.2 status response). */
    statusPsuMessage: text('status_psu_message'),
    /** What the bank's funds check found, where its last status read said (`fundsAvailable`); null otherwise. */
    statusFundsAvailable: boolean('status_funds_available'),
    /**
     * For a standing order: the PSU's last stop of it ("Cancel payment") that the bank left for them to confirm
     * there, with the address of that cancellation authorisation's scaStatus where the bank gave one. A change
     * of the order does not replace an order this stop ended (lib/payments/standing-order-change.ts).
     */
    stopAsked: jsonb('stop_asked').$type<StopAsked>(),
    /** The history's search: names, account and reference folded as Icelanders type (migration 0024). */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`greidsla_search_fold(coalesce(${payments.creditorName}, '') || '|' || coalesce(${payments.label}, '') || '|' || ${payments.creditorAccount} || '|' || coalesce(${payments.reference}, '') || '|' || case when ${payments.service} = 'bulk-payments' then coalesce(jsonb_path_query_array(${payments.body}, '$.payments[*].ultimateCreditor')::text, '') else '' end)`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_psu_submission_idx').on(table.psuId, table.submissionId),
    uniqueIndex('payments_bank_payment_idx').on(table.bankId, table.bankPaymentId),
    index('payments_psu_correction_idx').on(table.psuId, table.correctionOf),
    index('payments_psu_created_idx').on(table.psuId, table.createdAt.desc(), table.id.desc()),
    // The few payments whose bank answer was lost or not recorded, by content: every new payment is checked
    // against them before it is saved (lib/payments/submission-attempts.ts), so the check reads this small
    // index, not every payment of the PSU.
    index('payments_outcome_unknown_idx')
      .on(table.psuId, table.fingerprint)
      .where(sql.raw(`failure_code in ('${OUTCOME_UNKNOWN}', '${ANSWER_NOT_SAVED}')`)),
    // One payment of a bill that can still succeed, for what is due on it: saved and not yet answered, at the
    // bank, or carried out. One the bank refused, rejected (RJCT) or cancelled (CANC) leaves room for another;
    // so does one that paid part of a claim that may be paid in part, once carried out (and so out of
    // `payments_bill_open_idx`) and the bank says less is due (what is left is another amount due). Concurrent attempts to pay one bill end in one row; the others meet this
    // index (lib/payments/initiation.ts).
    uniqueIndex(BILL_IN_FLIGHT_INDEX)
      .on(table.billBankId, table.billClaimId, table.billAmountDue)
      .where(
        sql`${table.billClaimId} is not null and ${table.phase} <> 'refused' and coalesce(${table.transactionStatus}, '') not in ('RJCT', 'CANC')`,
      ),
    // One payment of a bill that can still succeed and is not carried out yet, whatever was due on the bill when
    // it was saved: what is due may change while it is at the bank (costs added, a bank reading the claim
    // otherwise), and a second payment of the new amount would be carried out as well as the first.
    uniqueIndex(BILL_OPEN_INDEX)
      .on(table.billBankId, table.billClaimId)
      .where(
        sql`${table.billClaimId} is not null and ${table.phase} <> 'refused' and coalesce(${table.transactionStatus}, '') not in ('RJCT', 'CANC', 'ACSC', 'ACCC')`,
      ),
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
    source: text('source').$type<StatusSource>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index('payment_events_payment_idx').on(table.paymentId, table.id)],
);

export type Psu = typeof psus.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type PaymentEvent = typeof paymentEvents.$inferSelect;

/**
 * A subscription at a bank's webhooks service, mirrored here. `id` is ours and is part of the callback URL,
 * so it exists before the bank assigns its own id. The signing secret is kept encrypted with a key derived
 * from AUTH_SECRET (lib/webhooks/secret-box.ts); during a rotation the previous secret stays valid until
 * `previousSecretValidUntil`. The company's subscriptions at the banks' webhooks services, each at one bank of the directory
 * (`bankId`): it is changed there only, with that bank's business token, and a delivery to its callback is
 * checked with its own signing secret only. A bank's id for it is unique at that bank.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The directory's id of the bank it is at (lib/bank/directory.ts); `default` for rows made before. */
    bankId: text('bank_id').notNull().default('default'),
    bankSubscriptionId: text('bank_subscription_id').notNull(),
    callbackUrl: text('callback_url').notNull(),
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    description: text('description'),
    signingSecretSealed: text('signing_secret_sealed').notNull(),
    previousSigningSecretSealed: text('previous_signing_secret_sealed'),
    previousSecretValidUntil: timestamp('previous_secret_valid_until', { withTimezone: true }),
    deliveryEnabled: boolean('delivery_enabled').notNull().default(false),
    disabledReason: text('disabled_reason').default('pending_activation'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the subscription was cancelled at the bank; the row stays for its events' history. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('webhook_subscriptions_bank_idx').on(table.bankId, table.bankSubscriptionId)],
);

/**
 * Every accepted webhook event, once per bank: `eventId` is the idempotency key of the bank that sent it
 * (webhooks spec 2.2), and another bank's event with the same id is another event. A row is kept at least
 * 30 days after it was received so that a late retry or replay is recognised.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id').notNull(),
    /** The bank of its subscription (the directory's id), which the event's id is unique at. */
    bankId: text('bank_id').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id),
    eventType: text('event_type').notNull(),
    schemaVersion: text('schema_version').notNull(),
    // As text in JS: the bank may send microseconds, and ordering by them must not lose them.
    occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 6, mode: 'string' }).notNull(),
    selfLink: text('self_link'),
    links: jsonb('links').notNull(),
    requestId: text('request_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** applied | superseded | ignored | not_found | failed; null while pending. */
    outcome: text('outcome'),
    attempts: integer('attempts').notNull().default(0),
    detail: jsonb('detail'),
    /**
     * Set while a worker processes the event (lib/webhooks/process-events.ts): no other worker takes it
     * until then, and the claim of a worker that died lapses.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('webhook_events_bank_event_idx').on(table.bankId, table.eventId),
    index('webhook_events_pending_idx').on(table.subscriptionId, table.processedAt, table.occurredAt),
    index('webhook_events_self_idx').on(table.selfLink, table.occurredAt),
    index('webhook_events_received_idx').on(table.receivedAt),
  ],
);

export type WebhookSubscription = typeof webhookSubscriptions.$inferSelect;
export type WebhookEvent = typeof webhookEvents.$inferSelect;

/**
 * Sign-ins through an OpenID Connect provider (an electronic-ID service): the provider's subject,
 * tied to one PSU. `issuer` and `subject` together name a person at that provider.
 */
export const psuIdentities = pgTable(
  'psu_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    psuId: uuid('psu_id')
      .notNull()
      .references(() => psus.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.issuer, table.subject] }),
    index('psu_identities_psu_idx').on(table.psuId),
  ],
);
