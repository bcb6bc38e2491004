import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { payments } from './schema';

/**
 * What became of a code the PSU came back with from the OAuth SCA approach (lib/payments/oauth-confirm.ts):
 * `confirmed` (exchanged, the authorisation confirmed with its token), `lost` (the bank may have spent it, and the
 * authorisation was not confirmed with it), `unspent` (the bank provably never used it). Null while the request
 * that claimed it exchanges it.
 */
export type OAuthCodeOutcome = 'confirmed' | 'lost' | 'unspent';

/**
 * A code of a payment's OAuth authorisation, claimed by the one request that exchanges it (a code is good for one
 * exchange, and a second has the bank revoke the first's token: RFC 6749 4.1.2), and what came of it. The same
 * return arriving again (a double click, a retry, two tabs) finds the row and waits for that outcome.
 */
export const oauthCodeExchanges = pgTable(
  'oauth_code_exchanges',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    /** SHA-256 of the code, hex: the code itself is not kept. */
    codeHash: text('code_hash').notNull(),
    /** Which authorisation of the payment the code is of (lib/payments/oauth-request.ts, `authorisationOf`). */
    authorisation: text('authorisation').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    outcome: text('outcome').$type<OAuthCodeOutcome>(),
  },
  (table) => [primaryKey({ columns: [table.paymentId, table.codeHash] })],
);
