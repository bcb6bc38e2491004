/**
 * Icelandic bank business days and the execution dates of standing orders. Dates are `YYYY-MM-DD` strings in
 * UTC (Iceland keeps UTC all year).
 */

function iso(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Easter Sunday (Gregorian, anonymous algorithm). */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

const cache = new Map<number, Map<string, string>>();

/** The days Icelandic banks are closed besides weekends, with their Icelandic names. */
export function bankHolidays(year: number): Map<string, string> {
  const known = cache.get(year);
  if (known) return known;
  const e = easter(year);
  // Sumardagurinn fyrsti: the first Thursday after 18 April.
  let summer = iso(year, 4, 19);
  while (new Date(`${summer}T00:00:00Z`).getUTCDay() !== 4) summer = addDays(summer, 1);
  // Frídagur verslunarmanna: the first Monday of August.
  let commerce = iso(year, 8, 1);
  while (new Date(`${commerce}T00:00:00Z`).getUTCDay() !== 1) commerce = addDays(commerce, 1);
  const days = new Map<string, string>([
    [iso(year, 1, 1), 'Nýársdagur'],
    [addDays(e, -3), 'Skírdagur'],
    [addDays(e, -2), 'Föstudagurinn langi'],
    [addDays(e, 1), 'Annar í páskum'],
    [summer, 'Sumardagurinn fyrsti'],
    [iso(year, 5, 1), 'Verkalýðsdagurinn'],
    [addDays(e, 39), 'Uppstigningardagur'],
    [addDays(e, 50), 'Annar í hvítasunnu'],
    [iso(year, 6, 17), 'Þjóðhátíðardagurinn'],
    [commerce, 'Frídagur verslunarmanna'],
    [iso(year, 12, 24), 'Aðfangadagur'],
    [iso(year, 12, 25), 'Jóladagur'],
    [iso(year, 12, 26), 'Annar í jólum'],
    [iso(year, 12, 31), 'Gamlársdagur'],
  ]);
  cache.set(year, days);
  return days;
}

export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !bankHolidays(Number(date.slice(0, 4))).has(date);
}

export function adjustToBusinessDay(date: string, rule: 'following' | 'preceding' = 'following'): string {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, rule === 'preceding' ? -1 : 1);
  return day;
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const MONTHS: Record<string, number> = {
  Monthly: 1,
  EveryTwoMonths: 2,
  Quarterly: 3,
  SemiAnnual: 6,
  Annual: 12,
};
const DAYS: Record<string, number> = { Daily: 1, Weekly: 7, EveryTwoWeeks: 14 };

export interface StandingOrder {
  startDate: string;
  endDate?: string | undefined;
  frequency?: string | undefined;
  dayOfExecution?: string | undefined;
  executionRule?: 'following' | 'preceding' | undefined;
}

/**
 * Execution dates of a standing order, in order, at most `limit` of them: nominal dates from `startDate` by
 * `frequency` (default Monthly), on `dayOfExecution` for month-based frequencies ("31" and any day past the end
 * of a month mean its last day), up to `endDate`; each moved off weekends and bank holidays by `executionRule`
 * (default following). A date moved onto one already taken (Daily) is executed once.
 */
export function executionDates(order: StandingOrder, limit = 500): string[] {
  const start = order.startDate.slice(0, 10);
  const end = order.endDate?.slice(0, 10);
  const frequency = order.frequency ?? 'Monthly';
  const rule = order.executionRule ?? 'following';
  const nominal: string[] = [];
  const stepMonths = MONTHS[frequency];
  if (stepMonths !== undefined) {
    const wanted = Number(order.dayOfExecution ?? start.slice(8, 10));
    let year = Number(start.slice(0, 4));
    let month = Number(start.slice(5, 7));
    for (let guard = 0; nominal.length < limit && guard < limit * 2; guard++) {
      const day = Math.min(wanted, lastDayOfMonth(year, month));
      const date = iso(year, month, day);
      if (end !== undefined && date > end) break;
      if (date >= start) nominal.push(date);
      month += stepMonths;
      while (month > 12) {
        month -= 12;
        year += 1;
      }
    }
  } else {
    const step = DAYS[frequency] ?? 1;
    for (let date = start; nominal.length < limit; date = addDays(date, step)) {
      if (end !== undefined && date > end) break;
      nominal.push(date);
    }
  }
  const result: string[] = [];
  for (const date of nominal) {
    const adjusted = adjustToBusinessDay(date, rule);
    if (rule === 'preceding' && adjusted < start) continue;
    if (result[result.length - 1] !== adjusted && !result.includes(adjusted)) result.push(adjusted);
  }
  return result;
}
