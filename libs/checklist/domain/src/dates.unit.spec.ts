import { describe, expect, it } from '@jest/globals';
import { addDays, addMonths, formatDateEnGB, formatDayEnGB, isIsoDate, isoDateIn, laterDate, weekdayOf } from './dates';

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
