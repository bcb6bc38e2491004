import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isRfc3339DateTime,
  reykjavikDateOf,
  todayInReykjavik,
  toExecutionDateTime,
} from '@/lib/payments/calendar/date-time';
import { adjustToBankingDay, nextExecutionDates } from '@/lib/payments/calendar/execution-dates';
import {
  easterSunday,
  icelandicBankHolidays,
  isBankHoliday,
  isBankingDay,
  toIsoDate,
} from '@/lib/payments/calendar/holidays';

const holidayDates = (year: number) => icelandicBankHolidays(year).map((h) => h.date);

describe('Icelandic bank holidays', () => {
  it('finds Easter Sunday', () => {
    expect(toIsoDate(easterSunday(2024))).toBe('2024-03-31');
    expect(toIsoDate(easterSunday(2025))).toBe('2025-04-20');
    expect(toIsoDate(easterSunday(2026))).toBe('2026-04-05');
    expect(toIsoDate(easterSunday(2027))).toBe('2027-03-28');
    expect(toIsoDate(easterSunday(2038))).toBe('2038-04-25');
  });

  it('lists the 2027 holidays', () => {
    expect(holidayDates(2027)).toEqual([
      '2027-01-01',
      '2027-03-25', // Skírdagur
      '2027-03-26', // Föstudagurinn langi
      '2027-03-28', // Páskadagur
      '2027-03-29', // Annar í páskum
      '2027-04-22', // Sumardagurinn fyrsti: first Thursday after 18 April (a Sunday in 2027)
      '2027-05-01',
      '2027-05-06', // Uppstigningardagur, Easter + 39
      '2027-05-16', // Hvítasunnudagur
      '2027-05-17', // Annar í hvítasunnu, Easter + 50
      '2027-06-17',
      '2027-08-02', // Frídagur verslunarmanna, first Monday of August
      '2027-12-24',
      '2027-12-25',
      '2027-12-26',
      '2027-12-31',
    ]);
  });

  it('puts Sumardagurinn fyrsti on 19 April when that is a Thursday, and never on the 18th', () => {
    expect(holidayDates(2029)).toContain('2029-04-19');
    expect(holidayDates(2024)).toContain('2024-04-25');
    expect(holidayDates(2024)).not.toContain('2024-04-18');
  });

  it('counts 31 December as a bank holiday from 2025 on', () => {
    expect(isBankHoliday('2024-12-31')).toBe(false);
    expect(isBankingDay('2024-12-31')).toBe(true);
    expect(isBankHoliday('2025-12-31')).toBe(true);
    expect(isBankingDay('2026-12-31')).toBe(false);
  });

  it('knows weekends and working days', () => {
    expect(isBankingDay('2027-03-24')).toBe(true);
    expect(isBankingDay('2027-03-27')).toBe(false);
    expect(isBankingDay('2027-03-30')).toBe(true);
    expect(isBankingDay(new Date('2027-03-29T23:30:00Z'))).toBe(false);
    expect(isBankingDay(new Date('2027-03-30T00:30:00Z'))).toBe(true);
  });

  it('lists Sumardagurinn fyrsti and Skírdagur on the same day when they coincide (2038)', () => {
    const sameDay = icelandicBankHolidays(2038).filter((h) => h.date === '2038-04-22');
    expect(sameDay.map((h) => h.name.is)).toEqual(['Skírdagur', 'Sumardagurinn fyrsti']);
  });

  it('names each holiday in English as the pages write English: apostrophes typographic (’)', () => {
    const english = icelandicBankHolidays(2027).map((h) => h.name.en);
    expect(english).toContain('New Year’s Day');
    expect(english).toContain('New Year’s Eve');
    expect(english.filter((name) => name.includes("'"))).toEqual([]);
  });

  it('has 15 holidays a year, 16 from 2025, in date order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2200 }), (year) => {
        const dates = holidayDates(year);
        expect(dates).toEqual([...dates].sort());
        expect(dates.every((d) => d.startsWith(String(year)))).toBe(true);
        expect(dates.length).toBe(year >= 2025 ? 16 : 15);
      }),
    );
  });
});

describe('moving off non-banking days', () => {
  it('around Easter 2027', () => {
    expect(adjustToBankingDay('2027-03-25', 'following')).toBe('2027-03-30');
    expect(adjustToBankingDay('2027-03-25', 'preceding')).toBe('2027-03-24');
    expect(adjustToBankingDay('2027-03-29', 'preceding')).toBe('2027-03-24');
    expect(adjustToBankingDay('2027-03-24', 'preceding')).toBe('2027-03-24');
  });

  it('around Christmas and New Year 2026/27', () => {
    expect(adjustToBankingDay('2026-12-24', 'following')).toBe('2026-12-28');
    expect(adjustToBankingDay('2026-12-24', 'preceding')).toBe('2026-12-23');
    expect(adjustToBankingDay('2026-12-31', 'following')).toBe('2027-01-04');
    expect(adjustToBankingDay('2026-12-31', 'preceding')).toBe('2026-12-30');
    expect(adjustToBankingDay('2027-01-01', 'preceding')).toBe('2026-12-30');
  });

  it('lands on a banking day within a week either way', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom('following' as const, 'preceding' as const),
        (date, rule) => {
          const day = date.toISOString().slice(0, 10);
          const moved = adjustToBankingDay(day, rule);
          expect(isBankingDay(moved)).toBe(true);
          const distance = Math.abs(Date.parse(moved) - Date.parse(day)) / 86_400_000;
          expect(distance).toBeLessThanOrEqual(6);
          expect(rule === 'following' ? moved >= day : moved <= day).toBe(true);
        },
      ),
    );
  });
});

describe('nextExecutionDates', () => {
  it('monthly on day 31 means the last day of each month (following)', () => {
    const dates = nextExecutionDates({
      startDate: '2027-01-01T00:00:00Z',
      frequency: 'Monthly',
      dayOfExecution: '31',
      executionRule: 'following',
    });
    expect(dates).toHaveLength(12);
    expect(dates.slice(0, 4)).toEqual([
      { scheduled: '2027-01-31', execution: '2027-02-01' }, // Sunday
      { scheduled: '2027-02-28', execution: '2027-03-01' }, // Sunday
      { scheduled: '2027-03-31', execution: '2027-03-31' },
      { scheduled: '2027-04-30', execution: '2027-04-30' },
    ]);
    expect(dates[11]).toEqual({ scheduled: '2027-12-31', execution: '2028-01-03' });
  });

  it('monthly on day 31 with the preceding rule', () => {
    const dates = nextExecutionDates({
      startDate: '2027-01-01',
      frequency: 'Monthly',
      dayOfExecution: '31',
      executionRule: 'preceding',
      count: 2,
    });
    expect(dates).toEqual([
      { scheduled: '2027-01-31', execution: '2027-01-29' },
      { scheduled: '2027-02-28', execution: '2027-02-26' },
    ]);
  });

  it('clamps a day past the month end to the last day (30 in February 2028, a leap year)', () => {
    const dates = nextExecutionDates({
      startDate: '2028-01-30',
      frequency: 'Monthly',
      dayOfExecution: '30',
      count: 2,
    });
    expect(dates.map((d) => d.scheduled)).toEqual(['2028-01-30', '2028-02-29']);
  });

  it('moves a payment due on Skírdagur 2027 per the rule', () => {
    const base = { startDate: '2027-01-25', frequency: 'Monthly' as const, dayOfExecution: '25' as const };
    const following = nextExecutionDates({ ...base, executionRule: 'following', count: 3 });
    const preceding = nextExecutionDates({ ...base, executionRule: 'preceding', count: 3 });
    expect(following[2]).toEqual({ scheduled: '2027-03-25', execution: '2027-03-30' });
    expect(preceding[2]).toEqual({ scheduled: '2027-03-25', execution: '2027-03-24' });
  });

  it('defaults to the following rule and the start date’s day', () => {
    const dates = nextExecutionDates({ startDate: '2026-12-24', frequency: 'Annual', count: 2 });
    expect(dates).toEqual([
      { scheduled: '2026-12-24', execution: '2026-12-28' },
      { scheduled: '2027-12-24', execution: '2027-12-27' },
    ]);
  });

  it('skips a first monthly date before the start date', () => {
    const dates = nextExecutionDates({
      startDate: '2027-01-20',
      frequency: 'Quarterly',
      dayOfExecution: '5',
      count: 2,
    });
    expect(dates.map((d) => d.scheduled)).toEqual(['2027-04-05', '2027-07-05']);
  });

  it('weekly and every two weeks count from the start date', () => {
    const weekly = nextExecutionDates({ startDate: '2027-03-18', frequency: 'Weekly', count: 3 });
    expect(weekly).toEqual([
      { scheduled: '2027-03-18', execution: '2027-03-18' },
      { scheduled: '2027-03-25', execution: '2027-03-30' },
      { scheduled: '2027-04-01', execution: '2027-04-01' },
    ]);
    const fortnightly = nextExecutionDates({ startDate: '2027-03-11', frequency: 'EveryTwoWeeks', count: 2 });
    expect(fortnightly.map((d) => d.execution)).toEqual(['2027-03-11', '2027-03-30']);
  });

  it('runs a daily order on banking days only', () => {
    const daily = nextExecutionDates({ startDate: '2026-12-23', frequency: 'Daily', count: 4 });
    expect(daily.map((d) => d.execution)).toEqual(['2026-12-23', '2026-12-28', '2026-12-29', '2026-12-30']);
  });

  it('stops after the end date and honours `from`', () => {
    const dates = nextExecutionDates({
      startDate: '2027-01-15',
      endDate: '2027-04-15T00:00:00Z',
      frequency: 'Monthly',
      from: '2027-02-01',
    });
    expect(dates.map((d) => d.scheduled)).toEqual(['2027-02-15', '2027-03-15', '2027-04-15']);
  });

  it('only returns banking days, in order, for any schedule', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2024-01-01T00:00:00Z'),
          max: new Date('2040-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(
          'Daily',
          'Weekly',
          'EveryTwoWeeks',
          'Monthly',
          'EveryTwoMonths',
          'Quarterly',
          'SemiAnnual',
          'Annual',
        ) as fc.Arbitrary<'Monthly'>,
        fc.option(fc.integer({ min: 1, max: 31 }).map(String) as fc.Arbitrary<'1'>, { nil: undefined }),
        fc.constantFrom('following' as const, 'preceding' as const),
        (start, frequency, dayOfExecution, executionRule) => {
          const dates = nextExecutionDates({
            startDate: start.toISOString(),
            frequency,
            dayOfExecution,
            executionRule,
          });
          expect(dates).toHaveLength(12);
          for (const d of dates) expect(isBankingDay(d.execution)).toBe(true);
          const scheduled = dates.map((d) => d.scheduled);
          expect(scheduled).toEqual([...new Set(scheduled)].sort());
          expect((scheduled[0] ?? '') >= start.toISOString().slice(0, 10)).toBe(true);
        },
      ),
    );
  });
});

describe('date-time helpers', () => {
  it('accepts RFC 3339 date-times only', () => {
    expect(isRfc3339DateTime('2026-03-15T00:00:00Z')).toBe(true);
    expect(isRfc3339DateTime('2026-03-15T23:59:59.123+05:30')).toBe(true);
    expect(isRfc3339DateTime('2026-02-29T00:00:00Z')).toBe(false);
    expect(isRfc3339DateTime('2028-02-29T00:00:00Z')).toBe(true);
    expect(isRfc3339DateTime('2026-03-15')).toBe(false);
    expect(isRfc3339DateTime('2026-03-15T00:00Z')).toBe(false);
    expect(isRfc3339DateTime('2026-03-15T24:00:00Z')).toBe(false);
  });

  it('reads the Icelandic (UTC) day of a date-time', () => {
    expect(reykjavikDateOf('2026-03-15T23:30:00-01:00')).toBe('2026-03-16');
    expect(reykjavikDateOf('2026-03-16T00:30:00+01:00')).toBe('2026-03-15');
    expect(reykjavikDateOf('2026-03-15')).toBe('2026-03-15');
    expect(todayInReykjavik(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-22');
    expect(toExecutionDateTime('2026-03-15')).toBe('2026-03-15T00:00:00Z');
  });
});
