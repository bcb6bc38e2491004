// The few date-fns functions the calendar needs, on local-time Dates, with date-fns' semantics.
// Written out because date-fns' `format` brings its whole formatter and English locale into the
// periodic form's bundle, for one fixed pattern.

/** A new Date `amount` calendar days later (earlier when negative), at the same local time. */
export function addDays(date: Date, amount: number): Date {
  const result = new Date(date.getTime());
  if (amount) result.setDate(result.getDate() + amount);
  return result;
}

/** How many days the month of `date` has. */
export function getDaysInMonth(date: Date): number {
  const last = new Date(0);
  last.setFullYear(date.getFullYear(), date.getMonth() + 1, 0);
  return last.getDate();
}

/** A new Date `amount` months later, on the same day, or the month's last day when it has fewer. */
export function addMonths(date: Date, amount: number): Date {
  const result = new Date(date.getTime());
  if (!amount) return result;
  const day = result.getDate();
  const endOfMonth = new Date(result.getTime());
  endOfMonth.setMonth(result.getMonth() + amount + 1, 0);
  if (day >= endOfMonth.getDate()) return endOfMonth;
  result.setFullYear(endOfMonth.getFullYear(), endOfMonth.getMonth(), day);
  return result;
}

export function isWeekend(date: Date): boolean {
  const day = date.getDay();
  return day === 0 || day === 6;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** "yyyy-MM-dd" of the local day, as date-fns' `format(date, 'yyyy-MM-dd')` writes it. */
export function formatIsoDay(date: Date): string {
  const year = date.getFullYear();
  // date-fns' `y` is the year of the era: 1 BC is 1, 2 BC is 2.
  return `${pad(year > 0 ? year : 1 - year, 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}
