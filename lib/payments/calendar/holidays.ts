// Each function from its own module, as in ./execution-dates.ts.
import { addDays } from 'date-fns/addDays';
import { formatISO } from 'date-fns/formatISO';
import { isWeekend } from 'date-fns/isWeekend';
import type { IsoDate } from './date-time';

export interface BankHoliday {
  date: IsoDate;
  name: { is: string; en: string };
}

/** Easter Sunday (Gregorian, anonymous algorithm) as a local-noon Date. */
export function easterSunday(year: number): Date {
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
  return localNoon(year, month, day);
}

// Calendar arithmetic runs on Dates at local noon, so the local-time functions never cross a
// day boundary whatever the server's time zone and its daylight-saving shifts.
export function localNoon(year: number, month: number, day: number): Date {
  const date = new Date(2000, month - 1, day, 12);
  date.setFullYear(year);
  return date;
}

export function fromIsoDate(date: IsoDate): Date {
  const [y = 'NaN', m = 'NaN', d = 'NaN'] = date.split('-');
  return localNoon(Number(y), Number(m), Number(d));
}

/** The local day as "YYYY-MM-DD" (formatISO's date form, without date-fns' whole formatter). */
export function toIsoDate(date: Date): IsoDate {
  return formatISO(date, { representation: 'date' });
}

/** First Thursday after 18 April (Sumardagurinn fyrsti). */
function firstDayOfSummer(year: number): Date {
  const date = localNoon(year, 4, 19);
  return addDays(date, (4 - date.getDay() + 7) % 7);
}

/** First Monday of August (Frídagur verslunarmanna). */
function commerceDay(year: number): Date {
  const date = localNoon(year, 8, 1);
  return addDays(date, (1 - date.getDay() + 7) % 7);
}

/**
 * Days on which Icelandic banks do not execute payments: the public holidays of Act 88/1971
 * (lög um 40 stunda vinnuviku) plus Aðfangadagur (24 December), on which banks are closed, and
 * Gamlársdagur (31 December), which counts as a bank holiday from 2025 on. Sundays among them
 * (Easter, Whit Sunday) are listed for completeness.
 */
export function icelandicBankHolidays(year: number): BankHoliday[] {
  const easter = easterSunday(year);
  const day = (date: Date, is: string, en: string): BankHoliday => ({
    date: toIsoDate(date),
    name: { is, en },
  });
  const list = [
    day(localNoon(year, 1, 1), 'Nýársdagur', 'New Year’s Day'),
    day(addDays(easter, -3), 'Skírdagur', 'Maundy Thursday'),
    day(addDays(easter, -2), 'Föstudagurinn langi', 'Good Friday'),
    day(easter, 'Páskadagur', 'Easter Sunday'),
    day(addDays(easter, 1), 'Annar í páskum', 'Easter Monday'),
    day(firstDayOfSummer(year), 'Sumardagurinn fyrsti', 'First Day of Summer'),
    day(localNoon(year, 5, 1), 'Verkalýðsdagurinn', 'Labour Day'),
    day(addDays(easter, 39), 'Uppstigningardagur', 'Ascension Day'),
    day(addDays(easter, 49), 'Hvítasunnudagur', 'Whit Sunday'),
    day(addDays(easter, 50), 'Annar í hvítasunnu', 'Whit Monday'),
    day(localNoon(year, 6, 17), 'Þjóðhátíðardagurinn', 'Icelandic National Day'),
    day(commerceDay(year), 'Frídagur verslunarmanna', 'Commerce Day'),
    day(localNoon(year, 12, 24), 'Aðfangadagur', 'Christmas Eve'),
    day(localNoon(year, 12, 25), 'Jóladagur', 'Christmas Day'),
    day(localNoon(year, 12, 26), 'Annar í jólum', 'Boxing Day'),
  ];
  if (year >= 2025) list.push(day(localNoon(year, 12, 31), 'Gamlársdagur', 'New Year’s Eve'));
  return list.sort((a, b) => a.date.localeCompare(b.date));
}

const cache = new Map<number, Set<IsoDate>>();

function holidaySet(year: number): Set<IsoDate> {
  let set = cache.get(year);
  if (!set) {
    set = new Set(icelandicBankHolidays(year).map((h) => h.date));
    cache.set(year, set);
  }
  return set;
}

// A Date is read by its calendar day in Iceland (Atlantic/Reykjavik, which is UTC all year).
function asLocalNoon(date: IsoDate | Date): Date {
  if (typeof date === 'string') return fromIsoDate(date);
  return localNoon(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** For Dates already at local noon (the calendar's internal representation). */
export function isBankingNoon(d: Date): boolean {
  return !isWeekend(d) && !holidaySet(d.getFullYear()).has(toIsoDate(d));
}

export function isBankHoliday(date: IsoDate | Date): boolean {
  const d = asLocalNoon(date);
  return holidaySet(d.getFullYear()).has(toIsoDate(d));
}

/**
 * True on a day Icelandic banks execute payments: not a Saturday, Sunday or bank holiday. A Date
 * counts by its calendar day in Iceland (UTC).
 */
export function isBankingDay(date: IsoDate | Date): boolean {
  return isBankingNoon(asLocalNoon(date));
}

/** Why a day is closed for payments: its bank holiday, or the weekend day it is. */
export type ClosedDay =
  | { kind: 'holiday'; holiday: BankHoliday }
  | { kind: 'weekend'; day: 'saturday' | 'sunday' };

/** Why Icelandic banks execute no payments on `date` (a holiday before a weekend); undefined on a banking day. */
export function closedDayOf(date: IsoDate): ClosedDay | undefined {
  const d = fromIsoDate(date);
  const holiday = icelandicBankHolidays(d.getFullYear()).find((h) => h.date === date);
  if (holiday) return { kind: 'holiday', holiday };
  if (!isWeekend(d)) return undefined;
  return { kind: 'weekend', day: d.getDay() === 6 ? 'saturday' : 'sunday' };
}

/** The day `days` after `date` (before it, for a negative number). */
export function addIsoDays(date: IsoDate, days: number): IsoDate {
  return toIsoDate(addDays(fromIsoDate(date), days));
}
