import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { psus } from './schema';

/**
 * An account holder (a kennitala: a company, or a person who gave a procuration) whose accounts a PSU
 * may pay from with the bank's straight-through confirmation (IOBWS), where the bank asks for no SCA
 * of its own and takes our word for the PSU's right to the account. Granted by the operator only
 * (`npm run grant-holder`), or to the demo PSU by the demo seed; a PSU's own verified kennitala needs
 * no row (lib/auth/account-holders.ts).
 */
export const holderMandates = pgTable(
  'holder_mandates',
  {
    psuId: uuid('psu_id')
      .notNull()
      .references(() => psus.id),
    holderKennitala: text('holder_kennitala').notNull(),
    /** command | demo-seed */
    grantedBy: text('granted_by').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.psuId, table.holderKennitala] })],
);
