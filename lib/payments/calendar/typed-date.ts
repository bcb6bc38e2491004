import { type IsoDate, isIsoDate } from './date-time';

/**
 * A day as a PSU types it in a form, day first as Iceland writes it: "15.03.2027", "15.3.2027", "15/3/2027",
 * "15-3-2027", "15 3 2027" or "15032027"; or as the browser and the bank write it, "2027-03-15". The year has
 * its four digits: "15.3.27" could be 1927 or 2027. `empty` when nothing is typed; `unreadable` for anything
 * else, a day that does not exist ("30.02.2027") among it.
 */
export type TypedDate = { kind: 'empty' } | { kind: 'date'; date: IsoDate } | { kind: 'unreadable' };

const DAY_FIRST = /^(\d{1,2})\s*[./\-, ]\s*(\d{1,2})\s*[./\-, ]\s*(\d{4})\.?$/;
const DIGITS_ONLY = /^(\d{2})(\d{2})(\d{4})$/;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

const pad = (value: string) => value.padStart(2, '0');

export function readTypedDate(text: string): TypedDate {
  const typed = text.trim();
  if (typed === '') return { kind: 'empty' };
  const dayFirst = DAY_FIRST.exec(typed) ?? DIGITS_ONLY.exec(typed);
  const iso = ISO.exec(typed);
  const date = dayFirst
    ? `${dayFirst[3]}-${pad(dayFirst[2] ?? '')}-${pad(dayFirst[1] ?? '')}`
    : iso
      ? `${iso[1]}-${pad(iso[2] ?? '')}-${pad(iso[3] ?? '')}`
      : undefined;
  return date !== undefined && isIsoDate(date) ? { kind: 'date', date } : { kind: 'unreadable' };
}

/** A day as the form shows it: "15.03.2027". */
export function typedDateText(date: IsoDate): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}
