import { z } from 'zod';
import type { Db } from '@/lib/db';
import { paymentHistoryPage } from '@/lib/db/queries/payments';
import { isReadableText } from '@/lib/security/plain-text';
import { readTypedDate } from './calendar/typed-date';
import { transactionStatuses } from './status';

/**
 * A calendar day that exists (not 30.02.2024), from the year 1900 on, typed as the filter form takes it
 * ("15.03.2027", lib/payments/calendar/typed-date.ts) or as `YYYY-MM-DD` (a link, a bookmark); read as `YYYY-MM-DD`.
 */
const dateParam = z.string().transform((value, context) => {
  const typed = readTypedDate(value);
  if (typed.kind === 'date' && typed.date >= '1900-01-01') return typed.date;
  context.addIssue({ code: 'custom', message: 'not a day' });
  return z.NEVER;
});

const historyFilterFields = {
  status: z.enum([...transactionStatuses, 'new', 'refused']),
  service: z.enum(['payments', 'bulk-payments', 'periodic-payments']),
  bank: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/),
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

/** Every payment matching the filters, in pages, for the CSV export. */
export async function* allMatchingPayments(db: Db, psuId: string, filters: HistoryFilters) {
  let after: string | undefined;
  do {
    const page = await paymentHistoryPage(db, psuId, { ...filters, after }, 500);
    yield* page.rows;
    after = page.next;
  } while (after);
}
