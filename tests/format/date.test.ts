import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '@/lib/format/date';

// CLDR's abbreviated month names (common/main/is.xml and en.xml, gregorian, format context).
const icelandicMonths = [
  'jan.',
  'feb.',
  'mar.',
  'apr.',
  'maí',
  'jún.',
  'júl.',
  'ágú.',
  'sep.',
  'okt.',
  'nóv.',
  'des.',
];
const englishMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// The comparisons with CLDR are skipped on a runtime without Icelandic locale data (a small-ICU Node),
// which has nothing to compare with; the formatting itself never reads that data, and is tested here
// and in a browser without it (e2e/formats-without-locale-data.spec.ts).
const hasIcelandicData = Intl.DateTimeFormat.supportedLocalesOf(['is']).length > 0;

/** Instants from 1970 to 9999, to the second. */
const instant = fc
  .integer({ min: 0, max: Date.UTC(9999, 11, 31, 23, 59, 59) / 1000 })
  .map((seconds) => new Date(seconds * 1000));
const calendarDay = instant.map((at) => at.toISOString().slice(0, 10));

/** Reads a displayed date-time back, with the month tables above: "7. des. 2026 kl. 13:05:09", no-break spaces in its date. */
function readBack(shown: string, locale: 'is' | 'en'): string {
  const pattern =
    locale === 'is'
      ? /^(\d{1,2})\.\u00a0(\S+)\u00a0(\d{4}) kl\. (\d{2}):(\d{2}):(\d{2})$/
      : /^(\d{1,2})\u00a0(\S+)\u00a0(\d{4}), (\d{2}):(\d{2}):(\d{2})$/;
  const match = pattern.exec(shown);
  expect(match, shown).not.toBeNull();
  const [, day = '', month = '', year = '', hours = '', minutes = '', seconds = ''] = match ?? [];
  const monthNumber = (locale === 'is' ? icelandicMonths : englishMonths).indexOf(month) + 1;
  expect(monthNumber, month).toBeGreaterThan(0);
  return `${year}-${String(monthNumber).padStart(2, '0')}-${day.padStart(2, '0')}T${hours}:${minutes}:${seconds}.000Z`;
}

describe('formatDate', () => {
  it.each([
    ['2026-12-07', 'is', '7.\u00a0des.\u00a02026'],
    ['2026-12-07', 'en', '7\u00a0Dec\u00a02026'],
    ['2026-03-01', 'is', '1.\u00a0mar.\u00a02026'],
    ['2026-05-31', 'is', '31.\u00a0maí\u00a02026'],
    ['2026-08-15', 'is', '15.\u00a0ágú.\u00a02026'],
    ['2026-09-15', 'en', '15\u00a0Sep\u00a02026'],
    ['2028-02-29', 'is', '29.\u00a0feb.\u00a02028'],
    // An instant shows the day it is in Iceland (UTC), whatever the offset it was written with.
    ['2026-12-07T23:30:00-01:00', 'is', '8.\u00a0des.\u00a02026'],
    ['2026-12-07T23:59:59.999Z', 'en', '7\u00a0Dec\u00a02026'],
  ] as const)('%s (%s) → %s', (value, locale, shown) => {
    expect(formatDate(value, locale)).toBe(shown);
  });

  it('names every month as CLDR abbreviates it', () => {
    for (let month = 1; month <= 12; month++) {
      const day = `2026-${String(month).padStart(2, '0')}-07`;
      expect(formatDate(day, 'is')).toBe(`7.\u00a0${icelandicMonths[month - 1]}\u00a02026`);
      expect(formatDate(day, 'en')).toBe(`7\u00a0${englishMonths[month - 1]}\u00a02026`);
    }
  });

  it('gives the weekday when asked', () => {
    expect(formatDate('2026-12-07', 'is', { weekday: true })).toBe('mán.,\u00a07.\u00a0des.\u00a02026');
    expect(formatDate('2026-12-07', 'en', { weekday: true })).toBe('Mon,\u00a07\u00a0Dec\u00a02026');
    expect(formatDate('2026-06-17', 'is', { weekday: true })).toBe('mið.,\u00a017.\u00a0jún.\u00a02026');
  });

  it('shows what is not a date unchanged, and an invalid Date as nothing', () => {
    expect(formatDate('2026-02-30', 'is')).toBe('2026-02-30');
    expect(formatDate('tomorrow', 'en')).toBe('tomorrow');
    expect(formatDate('2026-12-07T25:00:00Z', 'is')).toBe('2026-12-07T25:00:00Z');
    expect(formatDate(new Date(Number.NaN), 'is')).toBe('');
  });

  it('never breaks inside: no ordinary space, in either language, with or without the weekday', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom('is', 'en'), fc.boolean(), (at, locale, weekday) => {
        expect(formatDate(at, locale, { weekday })).not.toMatch(/ /);
        expect(formatDateTime(at, locale, { seconds: weekday })).toMatch(
          /^[^ ]+ kl\. [\d:]+$|^[^ ]+, [\d:]+$/,
        );
      }),
    );
  });

  it('reads back as the same calendar day in both languages', () => {
    fc.assert(
      fc.property(calendarDay, fc.constantFrom('is', 'en'), (day, locale) => {
        const at = readBack(`${formatDate(day, locale)}${locale === 'is' ? ' kl.' : ','} 00:00:00`, locale);
        expect(at.slice(0, 10)).toBe(day);
      }),
    );
  });

  it.skipIf(!hasIcelandicData)("is CLDR's medium Icelandic date where this runtime has it", () => {
    const cldr = new Intl.DateTimeFormat('is', { dateStyle: 'medium', timeZone: 'UTC' });
    fc.assert(
      fc.property(instant, (at) => {
        expect(formatDate(at, 'is')).toBe(cldr.format(at).replace(/ /g, '\u00a0'));
      }),
    );
  });
});

describe('formatDateTime', () => {
  it.each([
    ['2026-12-07T13:05:09Z', 'is', {}, '7.\u00a0des.\u00a02026 kl. 13:05'],
    ['2026-12-07T13:05:09Z', 'is', { seconds: true }, '7.\u00a0des.\u00a02026 kl. 13:05:09'],
    ['2026-12-07T13:05:09Z', 'en', {}, '7\u00a0Dec\u00a02026, 13:05'],
    ['2026-12-07T00:00:00.000Z', 'en', { seconds: true }, '7\u00a0Dec\u00a02026, 00:00:00'],
    ['2026-07-01T09:00:00+02:00', 'is', {}, '1.\u00a0júl.\u00a02026 kl. 07:00'],
  ] as const)('%s (%s, %j) → %s', (value, locale, options, shown) => {
    expect(formatDateTime(value, locale, options)).toBe(shown);
  });

  it('takes a Date as well as its ISO string', () => {
    const at = new Date('2026-12-07T13:05:09.123Z');
    expect(formatDateTime(at, 'is')).toBe(formatDateTime(at.toISOString(), 'is'));
  });

  it('reads back as the same second in both languages, on the 24-hour clock', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom('is', 'en'), (at, locale) => {
        expect(readBack(formatDateTime(at, locale, { seconds: true }), locale)).toBe(at.toISOString());
      }),
    );
  });

  it.skipIf(!hasIcelandicData)('shows the clock in Iceland (Atlantic/Reykjavik) from 1970 on', () => {
    const date = new Intl.DateTimeFormat('is', { dateStyle: 'medium', timeZone: 'Atlantic/Reykjavik' });
    const time = new Intl.DateTimeFormat('is', { timeStyle: 'medium', timeZone: 'Atlantic/Reykjavik' });
    fc.assert(
      fc.property(instant, (at) => {
        expect(formatDateTime(at, 'is', { seconds: true })).toBe(
          `${date.format(at).replace(/ /g, '\u00a0')} kl. ${time.format(at)}`,
        );
      }),
    );
  });
});
