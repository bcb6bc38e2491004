/** A calendar day as "YYYY-MM-DD". */
export type IsoDate = string;

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeap(year) ? 29 : (DAYS[month - 1] ?? 0);
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function validDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * RFC 3339 `date-time` as OpenAPI's `format: date-time` means it: a real calendar day, a time with
 * seconds, and a time zone ("2026-03-15T00:00:00Z", "2026-03-15T09:30:00.5+00:00"). Leap seconds
 * are not accepted.
 */
export function isRfc3339DateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const [, y, mo, d, h, mi, s, , , tzh, tzm] = m;
  return (
    validDay(Number(y), Number(mo), Number(d)) &&
    Number(h) <= 23 &&
    Number(mi) <= 59 &&
    Number(s) <= 59 &&
    (tzh === undefined || (Number(tzh) <= 23 && Number(tzm) <= 59))
  );
}

export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  return m !== null && validDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * The calendar day in Iceland (Atlantic/Reykjavik, which is UTC all year) of an RFC 3339
 * date-time or of a plain "YYYY-MM-DD"; undefined for anything else.
 */
export function reykjavikDateOf(value: string): IsoDate | undefined {
  if (isIsoDate(value)) return value;
  if (!isRfc3339DateTime(value)) return undefined;
  const m = DATE_TIME.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, , sign, tzh = '0', tzm = '0'] = m;
  const offsetMinutes = (sign === '-' ? -1 : 1) * (Number(tzh) * 60 + Number(tzm));
  const at = new Date(0);
  at.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  at.setUTCHours(Number(h), Number(mi) - offsetMinutes, Number(s), 0);
  return utcIsoDate(at);
}

function utcIsoDate(at: Date): IsoDate {
  const year = at.getUTCFullYear();
  const yyyy = year < 0 ? `-${String(-year).padStart(6, '0')}` : String(year).padStart(4, '0');
  return `${yyyy}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-${String(at.getUTCDate()).padStart(2, '0')}`;
}

/** The day an instant falls on in Iceland (UTC all year). */
export function dayInReykjavik(at: Date): IsoDate {
  return utcIsoDate(at);
}

/** Today in Iceland. */
export function todayInReykjavik(now: Date = new Date()): IsoDate {
  return dayInReykjavik(now);
}

/** The body's date-time for a day picked in the form: midnight in Iceland ("2026-03-15T00:00:00Z"). */
export function toExecutionDateTime(date: IsoDate): string {
  return `${date}T00:00:00Z`;
}
