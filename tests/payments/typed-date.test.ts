import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIsoDate } from '@/lib/payments/calendar/date-time';
import { readTypedDate, typedDateText } from '@/lib/payments/calendar/typed-date';

// A payment date typed in a form, whatever the browser's own language: day first, as Iceland writes it.

/** Every day from 1900 to 2199, as "YYYY-MM-DD". */
const days = fc
  .date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2199, 11, 31)), noInvalidDate: true })
  .map((at) => at.toISOString().slice(0, 10));

const parts = (date: string) => {
  const [year = '', month = '', day = ''] = date.split('-');
  return { year, month, day, m: String(Number(month)), d: String(Number(day)) };
};

describe('a typed payment date', () => {
  it('is read day first, with or without leading zeros, after any usual separator', () => {
    fc.assert(
      fc.property(days, fc.constantFrom('.', '/', '-', ' ', ', ', ' . '), (date, separator) => {
        const { year, month, day, m, d } = parts(date);
        for (const typed of [
          `${day}${separator}${month}${separator}${year}`,
          `${d}${separator}${m}${separator}${year}`,
          ` ${d}.${m}.${year}. `,
        ])
          expect(readTypedDate(typed), typed).toEqual({ kind: 'date', date });
      }),
    );
  });

  it('is read as eight digits, day first, and as the ISO date a browser or a bank writes', () => {
    fc.assert(
      fc.property(days, (date) => {
        const { year, month, day } = parts(date);
        expect(readTypedDate(`${day}${month}${year}`)).toEqual({ kind: 'date', date });
        expect(readTypedDate(date)).toEqual({ kind: 'date', date });
      }),
    );
  });

  it('is shown as it is typed, and read back as the same day', () => {
    fc.assert(
      fc.property(days, (date) => {
        expect(typedDateText(date)).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
        expect(readTypedDate(typedDateText(date))).toEqual({ kind: 'date', date });
      }),
    );
    expect(typedDateText('2027-03-15')).toBe('15.03.2027');
  });

  it('is unreadable when the day does not exist, the year is short or the order is month first', () => {
    for (const typed of [
      '30.02.2027',
      '29.02.2027',
      '31.04.2027',
      '00.01.2027',
      '15.13.2027',
      '15.00.2027',
      '15.3.27',
      '03/15/2027',
      '2027-02-30',
      '15.03.20270',
      '1503202',
      'á morgun',
      '15.03',
    ])
      expect(readTypedDate(typed), typed).toEqual({ kind: 'unreadable' });
    expect(readTypedDate('29.02.2028')).toEqual({ kind: 'date', date: '2028-02-29' });
  });

  it('is empty when nothing but spaces is typed, and never a day that does not exist', () => {
    expect(readTypedDate('')).toEqual({ kind: 'empty' });
    expect(readTypedDate('   ')).toEqual({ kind: 'empty' });
    fc.assert(
      fc.property(fc.string({ maxLength: 14 }), (typed) => {
        const read = readTypedDate(typed);
        if (read.kind === 'date') expect(isIsoDate(read.date)).toBe(true);
      }),
    );
  });
});
