import { and, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { type BankCallAuditRow, bankCallAudit, type NewBankCallAuditRow } from '../audit-schema';
import { databaseNowMinus } from '../clock';
import { isUuid } from '../ids';
import { payments, psus } from '../schema';
import type { Db } from '../types';

export type { BankCallAuditRow, NewBankCallAuditRow };

/** Writes a batch of exchanges with the banks, in one statement. */
export async function insertBankCalls(db: Db, rows: NewBankCallAuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(bankCallAudit).values(rows);
}

export interface BankCallFilters {
  /** Our payment id, or the bank's (`payments.bank_payment_id`, the one the payment's page shows the PSU). */
  paymentId?: string;
  bankId?: string;
  psuId?: string;
  /** The e-mail address of the PSU's account (a PSU who calls gives it; they do not know their account id). */
  psuEmail?: string;
  requestId?: string;
  operation?: string;
  /** `failed`: answers of 400 and over, and calls that got no answer; `ok`: 2xx and 3xx answers. */
  outcome?: 'ok' | 'failed';
  /** The row's `at`, inclusive at both ends. */
  from?: Date;
  to?: Date;
  /**
   * Only the exchanges after this one (its id) in newest-first order: the page after one that ended
   * with it. Its position is read from the row itself; once that row is pruned, nothing follows it.
   */
  after?: number;
}

/** The calls of the payment whose id, ours or the bank's, is `id`. */
function ofPayment(id: string): SQL | undefined {
  const byBank = sql`${bankCallAudit.paymentId} in (select ${payments.id} from ${payments} where ${payments.bankPaymentId} = ${id})`;
  return isUuid(id) ? or(eq(bankCallAudit.paymentId, id), byBank) : byBank;
}

function conditions(filters: BankCallFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [
    filters.paymentId ? ofPayment(filters.paymentId) : undefined,
    filters.bankId ? eq(bankCallAudit.bankId, filters.bankId) : undefined,
    filters.psuId ? eq(bankCallAudit.psuId, filters.psuId) : undefined,
    // Addresses are kept in lower case (lib/auth/accounts.ts).
    filters.psuEmail
      ? inArray(
          bankCallAudit.psuId,
          sql`(select ${psus.id} from ${psus} where ${psus.email} = ${filters.psuEmail.toLowerCase()})`,
        )
      : undefined,
    filters.requestId
      ? or(eq(bankCallAudit.requestId, filters.requestId), eq(bankCallAudit.appRequestId, filters.requestId))
      : undefined,
    filters.operation ? eq(bankCallAudit.operation, filters.operation) : undefined,
    filters.outcome === 'failed'
      ? or(isNull(bankCallAudit.status), gte(bankCallAudit.status, 400))
      : undefined,
    filters.outcome === 'ok' ? lt(bankCallAudit.status, 400) : undefined,
    filters.from ? gte(bankCallAudit.at, filters.from) : undefined,
    filters.to ? lte(bankCallAudit.at, filters.to) : undefined,
    filters.after !== undefined
      ? sql`(${bankCallAudit.at}, ${bankCallAudit.id}) < (select a.at, a.id from bank_call_audit a where a.id = ${filters.after})`
      : undefined,
  ];
  return and(...where);
}

/** The exchanges matching `filters`, newest first, at most `limit` of them. */
export function listBankCalls(db: Db, filters: BankCallFilters, limit: number): Promise<BankCallAuditRow[]> {
  return db
    .select()
    .from(bankCallAudit)
    .where(conditions(filters))
    .orderBy(desc(bankCallAudit.at), desc(bankCallAudit.id))
    .limit(limit);
}

/** The operations and banks the trail holds, for the operator's filters. */
export async function bankCallChoices(db: Db): Promise<{ operations: string[]; banks: string[] }> {
  const [operations, banks] = await Promise.all([
    db
      .selectDistinct({ value: bankCallAudit.operation })
      .from(bankCallAudit)
      .orderBy(bankCallAudit.operation),
    db.selectDistinct({ value: bankCallAudit.bankId }).from(bankCallAudit).orderBy(bankCallAudit.bankId),
  ]);
  return {
    operations: operations.map((row) => row.value),
    banks: banks.flatMap((row) => (row.value ? [row.value] : [])),
  };
}

// Deleted a slice at a time, so that a first prune of a long-kept trail holds no long lock.
const pruneSlice = 5_000;

/** Deletes exchanges older than `days` days (by the database's clock); answers how many. */
export async function pruneBankCalls(db: Db, days: number): Promise<number> {
  let total = 0;
  for (;;) {
    const old = db
      .select({ id: bankCallAudit.id })
      .from(bankCallAudit)
      .where(lt(bankCallAudit.at, databaseNowMinus(days, 'days')))
      .limit(pruneSlice);
    const deleted = await db
      .delete(bankCallAudit)
      .where(inArray(bankCallAudit.id, old))
      .returning({ id: bankCallAudit.id });
    total += deleted.length;
    if (deleted.length < pruneSlice) return total;
  }
}

/** How many exchanges the trail holds (for tests and the operator page's note). */
export async function countBankCalls(db: Db, filters: BankCallFilters = {}): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bankCallAudit)
    .where(conditions(filters));
  return row?.count ?? 0;
}
