import { describe, expect, it } from '@jest/globals';
import { HOLIDAY_REGIONS, LISTED_HOLIDAY_YEARS, bankHolidayOn, bankHolidays, easterSunday, holidayRegionOf, holidaysByRule } from './bank-holidays';
import { weekdayOf } from './dates';

const names = (region: Parameters<typeof bankHolidayOn>[1], dates: string[]) => dates.map((d) => bankHolidayOn(d, region)?.name ?? null);

describe('bank holidays', () => {
  it('puts England and Wales on one list and gives each other jurisdiction its own', () => {
    expect(holidayRegionOf('England')).toBe('england-and-wales');
    expect(holidayRegionOf('Wales')).toBe('england-and-wales');
    expect(holidayRegionOf('Scotland')).toBe('scotland');
    expect(holidayRegionOf('Northern Ireland')).toBe('northern-ireland');
    expect(holidayRegionOf('Ireland')).toBe('ireland');
  });

  it('lists every year from 2024 to 2028 for each area, on weekdays in the UK', () => {
    expect(LISTED_HOLIDAY_YEARS).toEqual({ first: 2024, last: 2028 });
    for (let year = 2024; year <= 2028; year += 1) {
      expect(bankHolidays('england-and-wales', year)).toHaveLength(8);
      expect(bankHolidays('scotland', year)).toHaveLength(9);
      expect(bankHolidays('northern-ireland', year)).toHaveLength(10);
      expect(bankHolidays('ireland', year)).toHaveLength(10);
      for (const region of ['england-and-wales', 'scotland', 'northern-ireland'] as const) {
        for (const day of bankHolidays(region, year)) expect(['Saturday', 'Sunday']).not.toContain(weekdayOf(day.date));
      }
    }
  });

  it('Boxing Day 2025 in England and Wales; the substitute days when Christmas falls at a weekend', () => {
    expect(bankHolidayOn('2025-12-26', 'england-and-wales')?.name).toBe('Boxing Day');
    // 2026: Boxing Day is a Saturday, so Monday 28 December is the day off; 2027: both fall at the weekend.
    expect(names('england-and-wales', ['2026-12-26', '2026-12-28'])).toEqual([null, 'Boxing Day (substitute day)']);
    expect(names('england-and-wales', ['2027-12-27', '2027-12-28'])).toEqual(['Christmas Day (substitute day)', 'Boxing Day (substitute day)']);
    expect(bankHolidayOn('2028-01-03', 'england-and-wales')?.name).toBe("New Year's Day (substitute day)");
    expect(bankHolidayOn('2025-05-26', 'england-and-wales')?.name).toBe('Spring bank holiday');
  });

  it('2 January and St Andrew’s Day in Scotland only; Scotland has no Easter Monday and an earlier summer holiday', () => {
    expect(bankHolidayOn('2025-01-02', 'scotland')?.name).toBe('2nd January');
    expect(bankHolidayOn('2025-01-02', 'england-and-wales')).toBeNull();
    expect(bankHolidayOn('2027-01-04', 'scotland')?.name).toBe('2nd January (substitute day)');
    expect(bankHolidayOn('2024-12-02', 'scotland')?.name).toBe("St Andrew's Day (substitute day)");
    expect(bankHolidayOn('2026-11-30', 'scotland')?.name).toBe("St Andrew's Day");
    expect(bankHolidayOn('2025-04-21', 'scotland')).toBeNull();
    expect(bankHolidayOn('2025-08-04', 'scotland')?.name).toBe('Summer bank holiday');
    expect(bankHolidayOn('2025-08-25', 'scotland')).toBeNull();
  });

  it('17 March in Northern Ireland and Ireland, not in Great Britain; 12 July in Northern Ireland', () => {
    expect(bankHolidayOn('2025-03-17', 'northern-ireland')?.name).toBe("St Patrick's Day");
    expect(bankHolidayOn('2025-03-17', 'ireland')?.name).toBe("St Patrick's Day");
    expect(bankHolidayOn('2025-03-17', 'england-and-wales')).toBeNull();
    expect(bankHolidayOn('2025-03-17', 'scotland')).toBeNull();
    // 17 March 2024 was a Sunday: a substitute Monday in Northern Ireland, none in Irish law.
    expect(bankHolidayOn('2024-03-18', 'northern-ireland')?.name).toBe("St Patrick's Day (substitute day)");
    expect(bankHolidayOn('2024-03-18', 'ireland')).toBeNull();
    expect(bankHolidayOn('2024-07-12', 'northern-ireland')?.name).toBe("Battle of the Boyne (Orangemen's Day)");
    expect(bankHolidayOn('2025-07-14', 'northern-ireland')?.name).toBe("Battle of the Boyne (Orangemen's Day) (substitute day)");
    expect(bankHolidayOn('2027-07-12', 'ireland')).toBeNull();
  });

  it("Ireland: St Brigid's Day is the first Monday of February (from 2023), or 1 February when that is a Friday", () => {
    expect(bankHolidayOn('2024-02-05', 'ireland')?.name).toBe("St Brigid's Day");
    // 1 February 2025 was a Saturday: the holiday was Monday 3 February.
    expect(bankHolidayOn('2025-02-01', 'ireland')).toBeNull();
    expect(bankHolidayOn('2025-02-03', 'ireland')?.name).toBe("St Brigid's Day");
    expect(bankHolidayOn('2026-02-02', 'ireland')?.name).toBe("St Brigid's Day");
    expect(bankHolidayOn('2027-02-01', 'ireland')?.name).toBe("St Brigid's Day");
    // 1 February 2030 is a Friday (beyond the list: the rules give it).
    expect(bankHolidayOn('2030-02-01', 'ireland')?.name).toBe("St Brigid's Day");
    expect(bankHolidayOn('2030-02-04', 'ireland')).toBeNull();
    expect(bankHolidayOn('2025-02-03', 'northern-ireland')).toBeNull();
    // No Good Friday in Ireland; a June and an October holiday.
    expect(bankHolidayOn('2025-04-18', 'ireland')).toBeNull();
    expect(names('ireland', ['2025-06-02', '2025-10-27'])).toEqual(['June public holiday', 'October public holiday']);
  });

  it('computes Easter Sunday', () => {
    expect(['2024', '2025', '2026', '2027', '2028', '2038'].map((y) => easterSunday(Number(y)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2028-04-16',
      '2038-04-25',
    ]);
  });

  it('the written-out lists agree with the standing rules for every listed year (a check on typing)', () => {
    for (const region of HOLIDAY_REGIONS) {
      for (let year = LISTED_HOLIDAY_YEARS.first; year <= LISTED_HOLIDAY_YEARS.last; year += 1) {
        expect([region, year, bankHolidays(region, year)]).toEqual([region, year, holidaysByRule(region, year)]);
      }
    }
  });
});
