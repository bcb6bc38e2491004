import { and, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PaymentService } from '@/lib/bank/payments';
import { payments } from '../schema';
import type { Db } from '../types';

/**
 * A PSU's payments newest first, as the index (psu_id, created_at desc, id desc) holds them: NULLS LAST as
 * there, so the planner walks it instead of reading and sorting every payment (both columns are NOT NULL).
 */
export const newestFirst = [sql`${payments.createdAt} desc nulls last`, sql`${payments.id} desc nulls last`];

/**
 * The payments table as the PSU's list reads it (lib/payments/history-query.ts parses the filters from
 * the URL). `status` is a transactionStatus, or `new` (not yet at the bank) or `refused`; `from` and
 * `to` are calendar days (YYYY-MM-DD); `after` is the cursor of the last row shown.
 */
export interface PaymentListFilters {
  status?: string;
  service?: PaymentService;
  /** A bank of the directory, by id. */
  bank?: string;
  from?: string;
  to?: string;
  q?: string;
  after?: string;
}

const pageSize = 25;

/**
 * A page cursor names the last row shown. Its position is read back from the row itself, so the
 * comparison keeps the database's full timestamp precision.
 */
export function encodeCursor(cursor: { id: string }): string {
  return Buffer.from(cursor.id).toString('base64url');
}

function decodeCursor(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const id = Buffer.from(value, 'base64url').toString('utf8');
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : undefined;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A bulk one of whose payments names a recipient matching `pattern` (spec 2.3 `ultimateCreditor`): a bulk's
 * row has no recipient's name of its own, as its payments each pay someone.
 */
function bulkRecipientMatches(pattern: string): SQL {
  return sql`(${payments.service} = 'bulk-payments' and exists (
    select 1 from jsonb_array_elements(case when jsonb_typeof(${payments.body} -> 'payments') = 'array'
      then ${payments.body} -> 'payments' else '[]'::jsonb end) as element
    where element ->> 'ultimateCreditor' ilike ${pattern}))`;
}

function conditions(psuId: string, filters: PaymentListFilters): SQL[] {
  const where: SQL[] = [eq(payments.psuId, psuId)];
  if (filters.status === 'new') where.push(sql`${payments.phase} in ('new', 'sending')`);
  else if (filters.status === 'refused') where.push(eq(payments.phase, 'refused'));
  else if (filters.status) where.push(eq(payments.transactionStatus, filters.status));
  if (filters.service) where.push(eq(payments.service, filters.service));
  if (filters.bank) where.push(eq(payments.bankId, filters.bank));
  // Dates are Icelandic calendar days, and Iceland keeps UTC all year.
  if (filters.from) where.push(gte(payments.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to)
    where.push(lt(payments.createdAt, sql`${`${filters.to}T00:00:00Z`}::timestamptz + interval '1 day'`));
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    const match = or(
      ilike(payments.creditorName, pattern),
      ilike(payments.label, pattern),
      ilike(payments.creditorAccount, pattern),
      ilike(payments.reference, pattern),
      bulkRecipientMatches(pattern),
    );
    if (match) where.push(match);
  }
  return where;
}

/**
 * One page of the PSU's payments, newest first, by keyset: the next page starts after the last row
 * shown, so paging stays fast however deep it goes and never skips or repeats a row.
 */
export async function paymentHistoryPage(
  db: Db,
  psuId: string,
  filters: PaymentListFilters,
  limit = pageSize,
) {
  const where = conditions(psuId, filters);
  const cursor = decodeCursor(filters.after);
  // One row comparison, which the index (psu_id, created_at desc, id desc) answers as a range.
  if (cursor) {
    where.push(
      sql`(${payments.createdAt}, ${payments.id}) < (select p.created_at, p.id from payments p where p.id = ${cursor}::uuid and p.psu_id = ${psuId}::uuid)`,
    );
  }
  const rows = await db
    .select()
    .from(payments)
    .where(and(...where))
    .orderBy(...newestFirst)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    next: rows.length > limit && last ? encodeCursor(last) : undefined,
  };
}
