import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { addDays, addMonths, daysBetween, formatDateEnGB, formatDayEnGB, isIsoDate, isoDateIn, laterDate, startOfDate, ukClockTime, wallClockIn, wallTimeIn, weekdayOf } from './dates';

describe('calendar dates', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-03-09', 5)).toBe('2026-03-14');
    expect(addDays('2026-12-30', 5)).toBe('2027-01-04');
    expect(addDays('2028-02-27', 2)).toBe('2028-02-29');
    expect(addDays('2026-03-25', 8)).toBe('2026-04-02'); // across the clocks going forward
  });

  it('adds calendar months, clamping to the last day of a shorter month', () => {
    expect(addMonths('2026-01-15', 3)).toBe('2026-04-15');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonths('2026-10-31', 1)).toBe('2026-11-30');
  });

  it('names the day of the week, with or without the year', () => {
    expect(weekdayOf('2025-05-26')).toBe('Monday');
    expect(weekdayOf('2028-02-29')).toBe('Tuesday');
    expect(formatDayEnGB('2025-05-27')).toBe('Tuesday 27 May 2025');
    expect(formatDayEnGB('2025-05-27', false)).toBe('Tuesday 27 May');
    expect(laterDate('2026-03-09', '2026-11-20')).toBe('2026-11-20');
    expect(laterDate('2026-11-20', '2026-03-09')).toBe('2026-11-20');
  });

  it('formats dates in en-GB long form', () => {
    expect(formatDateEnGB('2026-03-14')).toBe('14 March 2026');
    expect(formatDateEnGB('2027-01-04')).toBe('4 January 2027');
  });

  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('14/03/2026')).toBe(false);
    expect(isIsoDate(20260314)).toBe(false);
    expect(() => addDays('yesterday', 1)).toThrow(RangeError);
  });

  it('reads the calendar date of an instant in UK time', () => {
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(isoDateIn(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(isoDateIn(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });

  it('keeps each time zone its own (one formatter kept per zone)', () => {
    const instant = new Date('2026-06-30T23:30:00Z');
    expect([isoDateIn(instant, 'America/New_York'), isoDateIn(instant), isoDateIn(instant, 'UTC'), isoDateIn(instant, 'America/New_York')]).toEqual([
      '2026-06-30',
      '2026-07-01',
      '2026-06-30',
      '2026-06-30',
    ]);
  });
});

// The promotions' own calendar module took the time zone first (`dateIn(zone, instant)`, `startOfDate(zone,
// date)`); it is gone and every caller now passes the date first and the zone last. Both arguments of
// `startOfDate` are strings, so the compiler cannot catch a swap: these properties do.
describe('dates and the instants they begin in a time zone', () => {
  const ZONES = ['Europe/London', 'Europe/Dublin', 'UTC', 'America/New_York', 'Asia/Tokyo'] as const;
  const day = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const zone = fc.constantFrom(...ZONES);

  it('a date begins at the local midnight of that date, in any zone (date first, zone last)', () => {
    fc.assert(
      fc.property(day, zone, (date, timeZone) => {
        const start = startOfDate(date, timeZone);
        expect(isoDateIn(start, timeZone)).toBe(date);
        expect(isoDateIn(new Date(start.getTime() - 1), timeZone)).toBe(addDays(date, -1));
      }),
    );
  });

  it('begins a date in UK time when no zone is given, and says so across the clocks changing', () => {
    expect(startOfDate('2026-07-01').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(startOfDate('2026-12-01').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(startOfDate('2026-03-29', 'Europe/London').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfDate('2026-03-30', 'Europe/London').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(() => startOfDate('Europe/London', '2026-07-01')).toThrow(RangeError);
  });

  it('reads a daytime wall-clock hour back as it was set, in any zone (the reminders read UK time with it)', () => {
    fc.assert(
      fc.property(day, zone, fc.integer({ min: 4, max: 23 }), (date, timeZone, hour) => {
        expect(wallClockIn(wallTimeIn(date, hour, timeZone), timeZone)).toEqual({ date, hour, minute: 0 });
      }),
    );
    expect(wallTimeIn('2026-03-29', 8).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(wallClockIn(new Date('2026-10-25T00:59:00Z'))).toEqual({ date: '2026-10-25', hour: 1, minute: 59 });
    expect(wallClockIn(new Date('2026-10-25T01:00:00Z'))).toEqual({ date: '2026-10-25', hour: 1, minute: 0 });
  });

  it('counts the whole days from the first date to the second', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -4000, max: 4000 }), (from, n) => {
        expect(daysBetween(from, addDays(from, n))).toBe(n);
        expect(daysBetween(addDays(from, n), from) + n).toBe(0); // not toBe(-n): -0 is not 0 to Object.is
      }),
    );
    expect(daysBetween('2026-11-23', '2026-12-10')).toBe(17);
  });
});

describe('ukClockTime: the time of day on a UK clock, without Intl', () => {
  const london = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/London' });

  it('agrees with Intl for Europe/London at any instant from 1996 to 2099', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1996, 0, 1), max: Date.UTC(2099, 11, 31) }), (ms) => {
        expect(ukClockTime(new Date(ms))).toBe(london.format(new Date(ms)));
      }),
      { numRuns: 5_000 },
    );
  });

  it('changes at 01:00 UTC on the last Sundays of March and October, to the minute', () => {
    for (const year of [2024, 2025, 2026, 2027, 2038]) {
      for (const month of [2, 9]) {
        const lastDay = Date.UTC(year, month + 1, 0);
        const change = lastDay - new Date(lastDay).getUTCDay() * 86_400_000 + 3_600_000;
        for (const at of [change - 60_000, change, change + 60_000]) expect(ukClockTime(new Date(at))).toBe(london.format(new Date(at)));
      }
    }
    // 2026: BST from 29 March 01:00 UTC to 25 October 01:00 UTC.
    expect(ukClockTime(new Date('2026-03-29T00:59:00Z'))).toBe('00:59');
    expect(ukClockTime(new Date('2026-03-29T01:00:00Z'))).toBe('02:00');
    expect(ukClockTime(new Date('2026-10-25T00:59:00Z'))).toBe('01:59');
    expect(ukClockTime(new Date('2026-10-25T01:00:00Z'))).toBe('01:00');
  });
});
