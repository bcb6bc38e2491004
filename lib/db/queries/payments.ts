import { and, eq, getTableColumns, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PaymentService } from '@/lib/bank/payments';
import type { IsoDate } from '@/lib/payments/calendar';
import { reportedPaidStatuses } from '@/lib/payments/status';
import { isUuid } from '../ids';
import { type Payment, paymentEvents, payments } from '../schema';
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
  return isUuid(id) ? id : undefined;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * What was typed, folded as Icelanders type (greidsla_search_fold: no accents, þ → th, no spaces or hyphens),
 * is found in what the payment's `search_text` keeps: its recipient's name or one of a bulk's, the PSU's own
 * name for it, its account or its reference. So "thordur olafs" finds Þórður Ólafsson and "0301-26" the
 * account 0301 26 …; the words in their order, within one of those. `%` and `_` are plain characters.
 */
function searchMatches(typed: string): SQL {
  return sql`${payments.searchText} like '%' || greidsla_search_fold(${escapeLike(typed)}) || '%'`;
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
  if (filters.q) where.push(searchMatches(filters.q));
  return where;
}

/**
 * A payment as a list reads it: a bulk without its payments where its overview (`list_overview`) says what the
 * list shows of them, as a bulk of 10,000 payments is megabytes; every other payment whole. With it, `paidDay`:
 * the day (YYYY-MM-DD, in Iceland, which keeps UTC all year) the bank first reported it paid (ACSC, ACCC or
 * PART), as the payment's page and receipt give it; null until then. The index on its events answers it.
 */
export const listedColumns = {
  ...getTableColumns(payments),
  body: sql<
    Payment['body']
  >`case when ${payments.listOverview} is null then ${payments.body} else ${payments.body} - 'payments' end`,
  paidDay: sql<IsoDate | null>`(select to_char(min(e.occurred_at) at time zone 'UTC', 'YYYY-MM-DD')
    from ${paymentEvents} e where e.payment_id = ${sql.identifier('payments')}.${sql.identifier('id')}
    and e.transaction_status in (${sql.join(
      reportedPaidStatuses.map((status) => sql`${status}`),
      sql`, `,
    )}))`,
};

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
    .select(listedColumns)
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

/** Of the PSU's own payments among `ids`, each one's whole body and bulk results (a listed row leaves a bulk's out). */
export async function wholeBodiesOf(db: Db, psuId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, Pick<Payment, 'body' | 'bulkResults'>>();
  const rows = await db
    .select({ id: payments.id, body: payments.body, bulkResults: payments.bulkResults })
    .from(payments)
    .where(and(eq(payments.psuId, psuId), inArray(payments.id, [...ids])));
  return new Map(rows.map(({ id, ...whole }) => [id, whole]));
}

/** A standing order's last day as its body gives it (spec 2.2 `endDate`), for a query that reads no whole body. */
export const endDateColumn = sql<string | null>`${payments.body} ->> 'endDate'`;
