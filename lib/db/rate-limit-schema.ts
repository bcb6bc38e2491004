import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of the rate limits (lib/security/rate-limit.ts), shared by every app
 * instance. `key` is an HMAC of the limit's name and subject (an e-mail address, a client address or
 * a PSU id), so the table holds no personal data; a row past `expiresAt` counts as empty.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    /** Hits counted while their outcome is still awaited (a password being checked). */
    inFlight: integer('in_flight').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_expires_idx').on(table.expiresAt)],
);
