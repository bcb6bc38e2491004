import type { Locale } from '@/lib/i18n/routing';
import { isIsoDate, isRfc3339DateTime } from '@/lib/payments/calendar/date-time';

// Dates are written from the date's own fields with CLDR's names and patterns, never through Intl,
// whose locale data the browser may lack (Chromium without Icelandic data writes "2026 M12 7").
// Times are Iceland's: Atlantic/Reykjavik has been UTC all year, without summer time, since 1968,
// so the UTC fields of an instant are the clock in Iceland.

/** CLDR `is` and `en`: abbreviated month names (format context). */
const MONTHS: Record<Locale, readonly string[]> = {
  is: ['jan.', 'feb.', 'mar.', 'apr.', 'maí', 'jún.', 'júl.', 'ágú.', 'sep.', 'okt.', 'nóv.', 'des.'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

/** CLDR `is` and `en`: abbreviated weekday names, Sunday first. */
const WEEKDAYS: Record<Locale, readonly string[]> = {
  is: ['sun.', 'mán.', 'þri.', 'mið.', 'fim.', 'fös.', 'lau.'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};

interface Fields {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * The instant of a value: a calendar day "YYYY-MM-DD" is that day at midnight in Iceland (a due
 * date has no time zone), an RFC 3339 date-time or a Date is itself. Undefined for anything else,
 * and for a calendar day that does not exist ("2026-02-30").
 */
function instantOf(value: string | Date): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (isRfc3339DateTime(value)) return new Date(value);
  if (!isIsoDate(value)) return undefined;
  const [year = 0, month = 1, day = 1] = value.split('-').map(Number);
  const at = new Date(0);
  // setUTCFullYear, not Date.UTC, which reads the years 0–99 as 1900–1999.
  at.setUTCFullYear(year, month - 1, day);
  return at;
}

/** The fields of a value on Iceland's clock. */
function fieldsOf(value: string | Date): Fields | undefined {
  const at = instantOf(value);
  if (!at) return undefined;
  return {
    year: at.getUTCFullYear(),
    month: at.getUTCMonth(),
    day: at.getUTCDate(),
    weekday: at.getUTCDay(),
    hours: at.getUTCHours(),
    minutes: at.getUTCMinutes(),
    seconds: at.getUTCSeconds(),
  };
}

const unreadable = (value: string | Date) => (typeof value === 'string' ? value : '');
const twoDigits = (value: number) => String(value).padStart(2, '0');

function dateText(fields: Fields, locale: Locale, weekday: boolean): string {
  const month = MONTHS[locale][fields.month];
  // CLDR medium dates: "d. MMM y" (is), "d MMM y" (en, day first as in Iceland and en-GB), and CLDR yMMMEd:
  // "E, d. MMM y" (is), "E, d MMM y" (en-GB). Their spaces are no-break spaces (U+00A0), so that a date is whole on
  // one line in running text: a narrow column broke "22. nóv. 2026" after "22.".
  const date = `${fields.day}${locale === 'is' ? '.\u00a0' : '\u00a0'}${month}\u00a0${fields.year}`;
  return weekday ? `${WEEKDAYS[locale][fields.weekday]},\u00a0${date}` : date;
}

/**
 * A day: "7. des. 2026" (is), "7 Dec 2026" (en); with `weekday`, "mán., 7. des. 2026" and "Mon,
 * 7 Dec 2026", their spaces no-break spaces (U+00A0) so that a date never breaks inside. A string
 * that is not a date is shown unchanged; an invalid Date as nothing, never as "Invalid Date".
 */
export function formatDate(
  value: string | Date,
  locale: Locale,
  options: { weekday?: boolean } = {},
): string {
  const fields = fieldsOf(value);
  return fields ? dateText(fields, locale, options.weekday ?? false) : unreadable(value);
}

/**
 * A moment, on the 24-hour clock in both languages, Iceland's time: "7. des. 2026 kl. 13:05"
 * (is: CLDR's long date-time joiner "{date} 'kl'. {time}", as Icelandic writes a time after a
 * date) and "7 Dec 2026, 13:05" (en: CLDR's "{date}, {time}"); with `seconds`, "13:05:09".
 * What is not a date-time is shown as `formatDate` shows it.
 */
export function formatDateTime(
  value: string | Date,
  locale: Locale,
  options: { seconds?: boolean } = {},
): string {
  const fields = fieldsOf(value);
  if (!fields) return unreadable(value);
  const time = `${twoDigits(fields.hours)}:${twoDigits(fields.minutes)}${
    options.seconds ? `:${twoDigits(fields.seconds)}` : ''
  }`;
  const date = dateText(fields, locale, false);
  return locale === 'is' ? `${date} kl. ${time}` : `${date}, ${time}`;
}
