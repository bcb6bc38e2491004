import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { psuAccounts } from '@/lib/db/saved-schema';
import { payments } from '@/lib/db/schema';

/** The queries of the PSU's own accounts (lib/payments/saved/my-accounts.ts); every one is the PSU's only. */

export async function listMyAccounts(db: Db, psuId: string) {
  return db
    .select({ id: psuAccounts.id, iban: psuAccounts.iban, name: psuAccounts.name })
    .from(psuAccounts)
    .where(eq(psuAccounts.psuId, psuId))
    .orderBy(asc(psuAccounts.createdAt), asc(psuAccounts.id));
}

/** Keeps the paying account of a payment among its PSU's accounts; one already kept stays as it is. */
export async function keepDebtorAccountOf(db: Db, paymentId: string): Promise<void> {
  await db
    .insert(psuAccounts)
    .select(
      db
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          psuId: payments.psuId,
          iban: sql<string>`${payments.body}->'debtorAccount'->>'iban'`.as('iban'),
          name: sql<string>`''`.as('name'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(payments)
        .where(and(eq(payments.id, paymentId), sql`${payments.body}->'debtorAccount'->>'iban' is not null`)),
    )
    .onConflictDoNothing();
}

/** Renames one of the PSU's accounts; false when the PSU has no such account. */
export async function renameMyAccount(db: Db, psuId: string, id: string, name: string): Promise<boolean> {
  const rows = await db
    .update(psuAccounts)
    .set({ name })
    .where(and(eq(psuAccounts.id, id), eq(psuAccounts.psuId, psuId)))
    .returning({ id: psuAccounts.id });
  return rows.length > 0;
}

export async function removeMyAccount(db: Db, psuId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(psuAccounts)
    .where(and(eq(psuAccounts.id, id), eq(psuAccounts.psuId, psuId)))
    .returning({ id: psuAccounts.id });
  return rows.length > 0;
}
