import { describe, expect, it } from '@jest/globals';
import { addWorkingDays, holidaysBetween, isWorkingDay, nextWorkingDay, nonWorkingDay, previousWorkingDay } from './working-days';

describe('working days', () => {
  it('leaves out weekends and the jurisdiction’s own holidays', () => {
    expect(isWorkingDay('2025-05-23', 'England')).toBe(true); // a Friday
    expect(isWorkingDay('2025-05-24', 'England')).toBe(false);
    expect(isWorkingDay('2025-05-26', 'Wales')).toBe(false); // Spring bank holiday
    expect(isWorkingDay('2025-01-02', 'Scotland')).toBe(false);
    expect(isWorkingDay('2025-01-02', 'England')).toBe(true);
    expect(isWorkingDay('2025-07-14', 'Northern Ireland')).toBe(false);
    expect(isWorkingDay('2025-07-14', 'Ireland')).toBe(true);
    expect(nonWorkingDay('2025-05-26', 'England')).toEqual({ date: '2025-05-26', kind: 'holiday', holiday: { date: '2025-05-26', name: 'Spring bank holiday' } });
    expect(nonWorkingDay('2025-05-25', 'England')).toEqual({ date: '2025-05-25', kind: 'weekend' });
  });

  it('moves a day that is not a working day to the next one (or back to the one before)', () => {
    expect(nextWorkingDay('2025-05-26', 'England')).toBe('2025-05-27');
    expect(nextWorkingDay('2025-05-24', 'England')).toBe('2025-05-27');
    expect(nextWorkingDay('2025-05-27', 'England')).toBe('2025-05-27');
    expect(nextWorkingDay('2025-12-25', 'England')).toBe('2025-12-29');
    expect(nextWorkingDay('2024-12-31', 'Scotland')).toBe('2024-12-31');
    expect(nextWorkingDay('2025-01-01', 'Scotland')).toBe('2025-01-03');
    expect(previousWorkingDay('2026-03-14', 'Scotland')).toBe('2026-03-13');
  });

  it('counts working days after a date, not counting the date itself', () => {
    expect(addWorkingDays('2025-05-23', 1, 'England')).toBe('2025-05-27'); // over the weekend and the bank holiday
    expect(addWorkingDays('2025-05-22', 5, 'England')).toBe('2025-05-30');
    expect(addWorkingDays('2025-05-22', 5, 'Ireland')).toBe('2025-05-29'); // Ireland's May holiday was on the 5th
    expect(addWorkingDays('2025-12-22', 7, 'Scotland')).toBe('2026-01-06'); // Christmas, Boxing Day, 1 and 2 January
    expect(addWorkingDays('2025-12-22', 7, 'England')).toBe('2026-01-05');
    expect(addWorkingDays('2025-05-23', 0, 'England')).toBe('2025-05-23');
    expect(() => addWorkingDays('2025-05-23', -1, 'England')).toThrow(RangeError);
  });

  it('lists the holidays between two dates', () => {
    expect(holidaysBetween('2025-12-22', '2026-01-05', 'Scotland').map((h) => h.date)).toEqual(['2025-12-25', '2025-12-26', '2026-01-01', '2026-01-02']);
    expect(holidaysBetween('2025-05-26', '2025-05-30', 'England')).toEqual([]);
  });
});
