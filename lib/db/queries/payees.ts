import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { type PayeeAccountKind, payees } from '@/lib/db/saved-schema';

/** The queries of the PSU's saved payees (lib/payments/saved/payees.ts); every one is the PSU's only. */

export interface PayeeFields {
  name: string;
  accountKind: PayeeAccountKind;
  account: string;
  kennitala: string | null;
}

const columns = {
  id: payees.id,
  name: payees.name,
  accountKind: payees.accountKind,
  account: payees.account,
  kennitala: payees.kennitala,
  favourite: payees.favourite,
};

export async function listPayees(db: Db, psuId: string) {
  return db
    .select(columns)
    .from(payees)
    .where(eq(payees.psuId, psuId))
    .orderBy(asc(payees.name), asc(payees.id));
}

export async function countPayees(db: Db, psuId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payees)
    .where(eq(payees.psuId, psuId));
  return row?.count ?? 0;
}

export async function insertPayee(db: Db, psuId: string, fields: PayeeFields): Promise<string | undefined> {
  const [row] = await db
    .insert(payees)
    .values({ psuId, ...fields })
    .returning({ id: payees.id });
  return row?.id;
}

/** Changes one of the PSU's payees; false when the PSU has no such payee. */
export async function updatePayee(db: Db, psuId: string, id: string, fields: PayeeFields): Promise<boolean> {
  const rows = await db
    .update(payees)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(payees.id, id), eq(payees.psuId, psuId)))
    .returning({ id: payees.id });
  return rows.length > 0;
}

export async function deletePayee(db: Db, psuId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(payees)
    .where(and(eq(payees.id, id), eq(payees.psuId, psuId)))
    .returning({ id: payees.id });
  return rows.length > 0;
}

/** Marks one of the PSU's payees a favourite, or not; false when the PSU has no such payee. */
export async function setPayeeFavourite(
  db: Db,
  psuId: string,
  id: string,
  favourite: boolean,
): Promise<boolean> {
  const rows = await db
    .update(payees)
    .set({ favourite, updatedAt: sql`now()` })
    .where(and(eq(payees.id, id), eq(payees.psuId, psuId)))
    .returning({ id: payees.id });
  return rows.length > 0;
}
