import { formatISO, isValid, parseISO } from 'date-fns';
import { and, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { payments } from '@/lib/db/schema';
import { isReadableText } from '@/lib/security/plain-text';
import { transactionStatuses } from './status';

export const pageSize = 25;

/** A calendar day that exists (not 2024-02-30), from the year 1900 on, as `YYYY-MM-DD`. */
const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const day = parseISO(value);
    return (
      isValid(day) && day.getUTCFullYear() >= 1900 && formatISO(day, { representation: 'date' }) === value
    );
  });

const historyFilterFields = {
  status: z.enum([...transactionStatuses, 'new', 'refused']),
  service: z.enum(['payments', 'bulk-payments', 'periodic-payments']),
  from: dateParam,
  to: dateParam,
  q: z.string().trim().max(100).refine(isReadableText),
  after: z.string().max(200),
};

/**
 * The list's filters as they arrive in the URL: the valid ones, and the names of those that are not
 * (an impossible date, text that cannot be searched for). The list leaves those out and says so; the
 * export refuses them.
 */
export function parseHistoryFilters(query: Record<string, string | string[] | undefined>): {
  filters: HistoryFilters;
  invalid: string[];
} {
  const filters: Record<string, string> = {};
  const invalid: string[] = [];
  for (const [name, field] of Object.entries(historyFilterFields)) {
    const raw = query[name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === undefined || value === '') continue;
    const parsed = field.safeParse(value);
    if (parsed.success) filters[name] = parsed.data;
    else invalid.push(name);
  }
  return { filters: filters as HistoryFilters, invalid };
}

export type HistoryFilters = {
  [Name in keyof typeof historyFilterFields]?: z.output<(typeof historyFilterFields)[Name]>;
};

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

function conditions(psuId: string, filters: HistoryFilters): SQL[] {
  const where: SQL[] = [eq(payments.psuId, psuId)];
  if (filters.status === 'new') where.push(sql`${payments.phase} in ('new', 'sending')`);
  else if (filters.status === 'refused') where.push(eq(payments.phase, 'refused'));
  else if (filters.status) where.push(eq(payments.transactionStatus, filters.status));
  if (filters.service) where.push(eq(payments.service, filters.service));
  // Dates are Icelandic calendar days, and Iceland keeps UTC all year.
  if (filters.from) where.push(gte(payments.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to)
    where.push(lt(payments.createdAt, sql`${`${filters.to}T00:00:00Z`}::timestamptz + interval '1 day'`));
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    const match = or(
      ilike(payments.creditorName, pattern),
      ilike(payments.creditorAccount, pattern),
      ilike(payments.reference, pattern),
    );
    if (match) where.push(match);
  }
  return where;
}

/**
 * One page of the PSU's payments, newest first, by keyset: the next page starts after the last row
 * shown, so paging stays fast however deep it goes and never skips or repeats a row.
 */
export async function paymentHistoryPage(db: Db, psuId: string, filters: HistoryFilters, limit = pageSize) {
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
    // NULLS LAST as in the index, so the planner walks it instead of sorting (both columns are NOT NULL).
    .orderBy(sql`${payments.createdAt} desc nulls last`, sql`${payments.id} desc nulls last`)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    next: rows.length > limit && last ? encodeCursor(last) : undefined,
  };
}

/** Every payment matching the filters, in pages, for the CSV export. */
export async function* allMatchingPayments(db: Db, psuId: string, filters: HistoryFilters) {
  let after: string | undefined;
  do {
    const page = await paymentHistoryPage(db, psuId, { ...filters, after }, 500);
    yield* page.rows;
    after = page.next;
  } while (after);
}
