import { z } from 'zod';
import { readTypedDate } from '@/lib/payments/calendar/typed-date';

/**
 * A day in a filter form's query: a calendar day that exists (not 30.02.2024), from the year 1900 on, typed as the
 * forms take it ("15.03.2027", lib/payments/calendar/typed-date.ts) or as `YYYY-MM-DD` (a link, a bookmark); read
 * as `YYYY-MM-DD`.
 */
export const dayParam = z.string().transform((value, context) => {
  const typed = readTypedDate(value);
  if (typed.kind === 'date' && typed.date >= '1900-01-01') return typed.date;
  context.addIssue({ code: 'custom', message: 'not a day' });
  return z.NEVER;
});

/**
 * What was typed in a day's field, from a query, to show again in the field where it could not be read: its first
 * value, cut to 40 characters (no day is longer; React escapes what it shows).
 */
export function typedDayOf(value: string | string[] | undefined): string {
  const first = Array.isArray(value) ? value[0] : value;
  return (first ?? '').slice(0, 40);
}

/** Of a filter form's first and last day (`from`, `to`), those its parser refused (`invalid`), as they were typed. */
export function unreadableDays(
  params: Record<string, string | string[] | undefined>,
  invalid: readonly string[],
): Partial<Record<'from' | 'to', string>> {
  return Object.fromEntries(
    (['from', 'to'] as const)
      .filter((name) => invalid.includes(name))
      .map((name) => [name, typedDayOf(params[name])]),
  );
}
