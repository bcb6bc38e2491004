import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit trail of every exchange with every bank (lib/observability/bank-call-audit.ts): one row per
 * HTTP exchange, each retry its own row with its own `X-Request-ID`, so that a bank's logs and ours meet
 * on that id. Who and what it was for are our own ids (the PSU's account id, never a kennitala or an
 * e-mail address; our payment id); the path is kept without its query string. No foreign keys: the
 * trail outlives what it names until its retention (BANK_CALL_AUDIT_RETENTION_DAYS) prunes it. Read by
 * operators only.
 */
export const bankCallAudit = pgTable(
  'bank_call_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** When the request left. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    bankId: text('bank_id'),
    /** payments, claims, webhooks or token: which of the bank's interfaces was called. */
    bankInterface: text('bank_interface').notNull(),
    /** What the call did (initiate, status, cancel, start-authorisation, token, …; lib/observability/bank-calls.ts). */
    operation: text('operation').notNull(),
    method: text('method').notNull(),
    /** The URL's path, without its query string, any kennitala-like digits masked. */
    path: text('path').notNull(),
    /** Our `X-Request-ID` of the exchange. */
    requestId: text('request_id').notNull(),
    /** The account (psus.id) the call was made for, when it was made for one. */
    psuId: uuid('psu_id'),
    /** Our payment (payments.id) the call was about, when it was about one. */
    paymentId: uuid('payment_id'),
    /** The `X-Request-ID` of the PSU's request to our app that led to the call, if any. */
    appRequestId: text('app_request_id'),
    /** The job queue whose job made the call, if a job did. */
    job: text('job'),
    /** The trace the call belongs to (W3C trace id), when tracing is on. */
    traceId: text('trace_id'),
    /** The bank's HTTP status; null when no answer came. */
    status: integer('status'),
    /** The tppMessages codes of an error answer (spec part 7), in order. */
    errorCodes: text('error_codes').array().notNull().default([]),
    /** timeout or network: why no answer came. */
    failure: text('failure'),
    durationMs: integer('duration_ms').notNull(),
    /** 0 for a call's first attempt, 1 for its first retry, … */
    retry: integer('retry').notNull().default(0),
  },
  (table) => [
    index('bank_call_audit_payment_idx').on(table.paymentId, table.at),
    index('bank_call_audit_bank_idx').on(table.bankId, table.at),
    index('bank_call_audit_at_idx').on(table.at),
    index('bank_call_audit_request_idx').on(table.requestId),
  ],
);

export type BankCallAuditRow = typeof bankCallAudit.$inferSelect;
export type NewBankCallAuditRow = typeof bankCallAudit.$inferInsert;
