import { z } from 'zod';
import type { Db } from '@/lib/db';
import { paymentHistoryPage, wholeBodiesOf } from '@/lib/db/queries/payments';
import { dayParam } from '@/lib/forms/day-param';
import { isReadableText } from '@/lib/security/plain-text';
import { transactionStatuses } from './status';

const historyFilterFields = {
  status: z.enum([...transactionStatuses, 'new', 'refused']),
  service: z.enum(['payments', 'bulk-payments', 'periodic-payments']),
  bank: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/),
  from: dayParam,
  to: dayParam,
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

/**
 * Every payment matching the filters, in pages, for the exports: each bulk with its payments (the list's rows
 * leave them out), so that a file names everyone it paid.
 */
export async function* allMatchingPayments(db: Db, psuId: string, filters: HistoryFilters) {
  let after: string | undefined;
  do {
    const page = await paymentHistoryPage(db, psuId, { ...filters, after }, 500);
    const bulks = page.rows.filter((row) => row.service === 'bulk-payments').map((row) => row.id);
    const whole = await wholeBodiesOf(db, psuId, bulks);
    for (const row of page.rows) yield { ...row, ...whole.get(row.id) };
    after = page.next;
  } while (after);
}
