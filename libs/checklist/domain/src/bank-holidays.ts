// Bank and public holidays of the four holiday areas the checklists cover, as data.
//
// Sources: England and Wales, Scotland and Northern Ireland from GOV.UK "UK bank holidays"
// (https://www.gov.uk/bank-holidays, the same list as https://www.gov.uk/bank-holidays.json), substitute days
// included. Ireland from the public holidays of the Organisation of Working Time Act 1997, Schedule 2, as
// amended for St Brigid's Day from 2023 (listed at https://www.citizensinformation.ie/en/employment/employment-rights-and-conditions/leave-and-holidays/public-holidays/):
// Ireland has no substitute days in law, so a holiday on a weekend is listed on its own date. GOV.UK
// publishes about two years ahead, so the last years here follow the standing rules until it does; a royal
// proclamation can still add or move a day, and this list is then corrected. Outside these years the dates
// come from the same rules (`holidaysByRule`), which a test checks reproduce every listed year.
import { addDays, weekdayOf } from './dates';
import type { Jurisdiction } from './jurisdiction';

export const HOLIDAY_REGIONS = ['england-and-wales', 'scotland', 'northern-ireland', 'ireland'] as const;
export type HolidayRegion = (typeof HOLIDAY_REGIONS)[number];

/** England and Wales share one list of bank holidays. */
export function holidayRegionOf(jurisdiction: Jurisdiction): HolidayRegion {
  switch (jurisdiction) {
    case 'England':
    case 'Wales':
      return 'england-and-wales';
    case 'Scotland':
      return 'scotland';
    case 'Northern Ireland':
      return 'northern-ireland';
    case 'Ireland':
      return 'ireland';
  }
}

/** What the area calls its holidays: 'bank holiday' in the UK, 'public holiday' in Ireland. */
export function holidayWord(region: HolidayRegion): string {
  return region === 'ireland' ? 'public holiday' : 'bank holiday';
}

export interface BankHoliday {
  /** YYYY-MM-DD: the day off, a substitute day where the holiday falls at a weekend (UK). */
  date: string;
  name: string;
}

type HolidayList = readonly (readonly [date: string, name: string])[];

/** The years written out below from the published lists. */
export const LISTED_HOLIDAY_YEARS = { first: 2024, last: 2028 } as const;

const ENGLAND_AND_WALES: HolidayList = [
  ['2024-01-01', "New Year's Day"],
  ['2024-03-29', 'Good Friday'],
  ['2024-04-01', 'Easter Monday'],
  ['2024-05-06', 'Early May bank holiday'],
  ['2024-05-27', 'Spring bank holiday'],
  ['2024-08-26', 'Summer bank holiday'],
  ['2024-12-25', 'Christmas Day'],
  ['2024-12-26', 'Boxing Day'],
  ['2025-01-01', "New Year's Day"],
  ['2025-04-18', 'Good Friday'],
  ['2025-04-21', 'Easter Monday'],
  ['2025-05-05', 'Early May bank holiday'],
  ['2025-05-26', 'Spring bank holiday'],
  ['2025-08-25', 'Summer bank holiday'],
  ['2025-12-25', 'Christmas Day'],
  ['2025-12-26', 'Boxing Day'],
  ['2026-01-01', "New Year's Day"],
  ['2026-04-03', 'Good Friday'],
  ['2026-04-06', 'Easter Monday'],
  ['2026-05-04', 'Early May bank holiday'],
  ['2026-05-25', 'Spring bank holiday'],
  ['2026-08-31', 'Summer bank holiday'],
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-28', 'Boxing Day (substitute day)'],
  ['2027-01-01', "New Year's Day"],
  ['2027-03-26', 'Good Friday'],
  ['2027-03-29', 'Easter Monday'],
  ['2027-05-03', 'Early May bank holiday'],
  ['2027-05-31', 'Spring bank holiday'],
  ['2027-08-30', 'Summer bank holiday'],
  ['2027-12-27', 'Christmas Day (substitute day)'],
  ['2027-12-28', 'Boxing Day (substitute day)'],
  ['2028-01-03', "New Year's Day (substitute day)"],
  ['2028-04-14', 'Good Friday'],
  ['2028-04-17', 'Easter Monday'],
  ['2028-05-01', 'Early May bank holiday'],
  ['2028-05-29', 'Spring bank holiday'],
  ['2028-08-28', 'Summer bank holiday'],
  ['2028-12-25', 'Christmas Day'],
  ['2028-12-26', 'Boxing Day'],
];
const SCOTLAND: HolidayList = [
  ['2024-01-01', "New Year's Day"],
  ['2024-01-02', '2nd January'],
  ['2024-03-29', 'Good Friday'],
  ['2024-05-06', 'Early May bank holiday'],
  ['2024-05-27', 'Spring bank holiday'],
  ['2024-08-05', 'Summer bank holiday'],
  ['2024-12-02', "St Andrew's Day (substitute day)"],
  ['2024-12-25', 'Christmas Day'],
  ['2024-12-26', 'Boxing Day'],
  ['2025-01-01', "New Year's Day"],
  ['2025-01-02', '2nd January'],
  ['2025-04-18', 'Good Friday'],
  ['2025-05-05', 'Early May bank holiday'],
  ['2025-05-26', 'Spring bank holiday'],
  ['2025-08-04', 'Summer bank holiday'],
  ['2025-12-01', "St Andrew's Day (substitute day)"],
  ['2025-12-25', 'Christmas Day'],
  ['2025-12-26', 'Boxing Day'],
  ['2026-01-01', "New Year's Day"],
  ['2026-01-02', '2nd January'],
  ['2026-04-03', 'Good Friday'],
  ['2026-05-04', 'Early May bank holiday'],
  ['2026-05-25', 'Spring bank holiday'],
  ['2026-08-03', 'Summer bank holiday'],
  ['2026-11-30', "St Andrew's Day"],
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-28', 'Boxing Day (substitute day)'],
  ['2027-01-01', "New Year's Day"],
  ['2027-01-04', '2nd January (substitute day)'],
  ['2027-03-26', 'Good Friday'],
  ['2027-05-03', 'Early May bank holiday'],
  ['2027-05-31', 'Spring bank holiday'],
  ['2027-08-02', 'Summer bank holiday'],
  ['2027-11-30', "St Andrew's Day"],
  ['2027-12-27', 'Christmas Day (substitute day)'],
  ['2027-12-28', 'Boxing Day (substitute day)'],
  ['2028-01-03', "New Year's Day (substitute day)"],
  ['2028-01-04', '2nd January (substitute day)'],
  ['2028-04-14', 'Good Friday'],
  ['2028-05-01', 'Early May bank holiday'],
  ['2028-05-29', 'Spring bank holiday'],
  ['2028-08-07', 'Summer bank holiday'],
  ['2028-11-30', "St Andrew's Day"],
  ['2028-12-25', 'Christmas Day'],
  ['2028-12-26', 'Boxing Day'],
];
const NORTHERN_IRELAND: HolidayList = [
  ['2024-01-01', "New Year's Day"],
  ['2024-03-18', "St Patrick's Day (substitute day)"],
  ['2024-03-29', 'Good Friday'],
  ['2024-04-01', 'Easter Monday'],
  ['2024-05-06', 'Early May bank holiday'],
  ['2024-05-27', 'Spring bank holiday'],
  ['2024-07-12', "Battle of the Boyne (Orangemen's Day)"],
  ['2024-08-26', 'Summer bank holiday'],
  ['2024-12-25', 'Christmas Day'],
  ['2024-12-26', 'Boxing Day'],
  ['2025-01-01', "New Year's Day"],
  ['2025-03-17', "St Patrick's Day"],
  ['2025-04-18', 'Good Friday'],
  ['2025-04-21', 'Easter Monday'],
  ['2025-05-05', 'Early May bank holiday'],
  ['2025-05-26', 'Spring bank holiday'],
  ['2025-07-14', "Battle of the Boyne (Orangemen's Day) (substitute day)"],
  ['2025-08-25', 'Summer bank holiday'],
  ['2025-12-25', 'Christmas Day'],
  ['2025-12-26', 'Boxing Day'],
  ['2026-01-01', "New Year's Day"],
  ['2026-03-17', "St Patrick's Day"],
  ['2026-04-03', 'Good Friday'],
  ['2026-04-06', 'Easter Monday'],
  ['2026-05-04', 'Early May bank holiday'],
  ['2026-05-25', 'Spring bank holiday'],
  ['2026-07-13', "Battle of the Boyne (Orangemen's Day) (substitute day)"],
  ['2026-08-31', 'Summer bank holiday'],
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-28', 'Boxing Day (substitute day)'],
  ['2027-01-01', "New Year's Day"],
  ['2027-03-17', "St Patrick's Day"],
  ['2027-03-26', 'Good Friday'],
  ['2027-03-29', 'Easter Monday'],
  ['2027-05-03', 'Early May bank holiday'],
  ['2027-05-31', 'Spring bank holiday'],
  ['2027-07-12', "Battle of the Boyne (Orangemen's Day)"],
  ['2027-08-30', 'Summer bank holiday'],
  ['2027-12-27', 'Christmas Day (substitute day)'],
  ['2027-12-28', 'Boxing Day (substitute day)'],
  ['2028-01-03', "New Year's Day (substitute day)"],
  ['2028-03-17', "St Patrick's Day"],
  ['2028-04-14', 'Good Friday'],
  ['2028-04-17', 'Easter Monday'],
  ['2028-05-01', 'Early May bank holiday'],
  ['2028-05-29', 'Spring bank holiday'],
  ['2028-07-12', "Battle of the Boyne (Orangemen's Day)"],
  ['2028-08-28', 'Summer bank holiday'],
  ['2028-12-25', 'Christmas Day'],
  ['2028-12-26', 'Boxing Day'],
];
const IRELAND: HolidayList = [
  ['2024-01-01', "New Year's Day"],
  ['2024-02-05', "St Brigid's Day"],
  ['2024-03-17', "St Patrick's Day"],
  ['2024-04-01', 'Easter Monday'],
  ['2024-05-06', 'May public holiday'],
  ['2024-06-03', 'June public holiday'],
  ['2024-08-05', 'August public holiday'],
  ['2024-10-28', 'October public holiday'],
  ['2024-12-25', 'Christmas Day'],
  ['2024-12-26', "St Stephen's Day"],
  ['2025-01-01', "New Year's Day"],
  ['2025-02-03', "St Brigid's Day"],
  ['2025-03-17', "St Patrick's Day"],
  ['2025-04-21', 'Easter Monday'],
  ['2025-05-05', 'May public holiday'],
  ['2025-06-02', 'June public holiday'],
  ['2025-08-04', 'August public holiday'],
  ['2025-10-27', 'October public holiday'],
  ['2025-12-25', 'Christmas Day'],
  ['2025-12-26', "St Stephen's Day"],
  ['2026-01-01', "New Year's Day"],
  ['2026-02-02', "St Brigid's Day"],
  ['2026-03-17', "St Patrick's Day"],
  ['2026-04-06', 'Easter Monday'],
  ['2026-05-04', 'May public holiday'],
  ['2026-06-01', 'June public holiday'],
  ['2026-08-03', 'August public holiday'],
  ['2026-10-26', 'October public holiday'],
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-26', "St Stephen's Day"],
  ['2027-01-01', "New Year's Day"],
  ['2027-02-01', "St Brigid's Day"],
  ['2027-03-17', "St Patrick's Day"],
  ['2027-03-29', 'Easter Monday'],
  ['2027-05-03', 'May public holiday'],
  ['2027-06-07', 'June public holiday'],
  ['2027-08-02', 'August public holiday'],
  ['2027-10-25', 'October public holiday'],
  ['2027-12-25', 'Christmas Day'],
  ['2027-12-26', "St Stephen's Day"],
  ['2028-01-01', "New Year's Day"],
  ['2028-02-07', "St Brigid's Day"],
  ['2028-03-17', "St Patrick's Day"],
  ['2028-04-17', 'Easter Monday'],
  ['2028-05-01', 'May public holiday'],
  ['2028-06-05', 'June public holiday'],
  ['2028-08-07', 'August public holiday'],
  ['2028-10-30', 'October public holiday'],
  ['2028-12-25', 'Christmas Day'],
  ['2028-12-26', "St Stephen's Day"],
];

const LISTED: Record<HolidayRegion, HolidayList> = {
  'england-and-wales': ENGLAND_AND_WALES,
  scotland: SCOTLAND,
  'northern-ireland': NORTHERN_IRELAND,
  ireland: IRELAND,
};

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const isWeekend = (date: string) => {
  const day = weekdayOf(date);
  return day === 'Saturday' || day === 'Sunday';
};

function firstMonday(year: number, month: number): string {
  let date = iso(year, month, 1);
  while (weekdayOf(date) !== 'Monday') date = addDays(date, 1);
  return date;
}

function lastMonday(year: number, month: number): string {
  let date = addDays(month === 12 ? iso(year + 1, 1, 1) : iso(year, month + 1, 1), -1);
  while (weekdayOf(date) !== 'Monday') date = addDays(date, -1);
  return date;
}

/**
 * The standing rules: UK holidays on a Saturday or Sunday move to the next weekday not already a holiday
 * ('substitute day'); Irish ones stay where they fall. St Brigid's Day is the first Monday of February,
 * or 1 February itself when that is a Friday.
 */
export function holidaysByRule(region: HolidayRegion, year: number): BankHoliday[] {
  const easter = easterSunday(year);
  if (region === 'ireland') {
    const brigid = weekdayOf(iso(year, 2, 1)) === 'Friday' ? iso(year, 2, 1) : firstMonday(year, 2);
    return sortByDate([
      { date: iso(year, 1, 1), name: "New Year's Day" },
      { date: brigid, name: "St Brigid's Day" },
      { date: iso(year, 3, 17), name: "St Patrick's Day" },
      { date: addDays(easter, 1), name: 'Easter Monday' },
      { date: firstMonday(year, 5), name: 'May public holiday' },
      { date: firstMonday(year, 6), name: 'June public holiday' },
      { date: firstMonday(year, 8), name: 'August public holiday' },
      { date: lastMonday(year, 10), name: 'October public holiday' },
      { date: iso(year, 12, 25), name: 'Christmas Day' },
      { date: iso(year, 12, 26), name: "St Stephen's Day" },
    ]);
  }
  const days: BankHoliday[] = [];
  const taken = new Set<string>();
  const add = (date: string, name: string) => {
    let day = date;
    if (isWeekend(day)) {
      while (isWeekend(day) || taken.has(day)) day = addDays(day, 1);
      name = `${name} (substitute day)`;
    }
    taken.add(day);
    days.push({ date: day, name });
  };
  add(iso(year, 1, 1), "New Year's Day");
  if (region === 'scotland') add(iso(year, 1, 2), '2nd January');
  if (region === 'northern-ireland') add(iso(year, 3, 17), "St Patrick's Day");
  add(addDays(easter, -2), 'Good Friday');
  if (region !== 'scotland') add(addDays(easter, 1), 'Easter Monday');
  add(firstMonday(year, 5), 'Early May bank holiday');
  add(lastMonday(year, 5), 'Spring bank holiday');
  if (region === 'northern-ireland') add(iso(year, 7, 12), "Battle of the Boyne (Orangemen's Day)");
  add(region === 'scotland' ? firstMonday(year, 8) : lastMonday(year, 8), 'Summer bank holiday');
  if (region === 'scotland') add(iso(year, 11, 30), "St Andrew's Day");
  add(iso(year, 12, 25), 'Christmas Day');
  add(iso(year, 12, 26), 'Boxing Day');
  return sortByDate(days);
}

function sortByDate(days: BankHoliday[]): BankHoliday[] {
  return days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

const byYear = new Map<string, ReadonlyMap<string, BankHoliday>>();

function yearOf(region: HolidayRegion, year: number): ReadonlyMap<string, BankHoliday> {
  const key = `${region}:${year}`;
  let days = byYear.get(key);
  if (!days) {
    const listed =
      year >= LISTED_HOLIDAY_YEARS.first && year <= LISTED_HOLIDAY_YEARS.last
        ? LISTED[region].filter(([date]) => date.startsWith(`${year}-`)).map(([date, name]) => ({ date, name }))
        : holidaysByRule(region, year);
    days = new Map(listed.map((d) => [d.date, d]));
    byYear.set(key, days);
  }
  return days;
}

/** The holidays of one area in one year, in date order: the published list, or the rules outside it. */
export function bankHolidays(region: HolidayRegion, year: number): BankHoliday[] {
  return [...yearOf(region, year).values()];
}

/** The holiday on `date` (YYYY-MM-DD) in the area, or null. */
export function bankHolidayOn(date: string, region: HolidayRegion): BankHoliday | null {
  return yearOf(region, Number(date.slice(0, 4))).get(date) ?? null;
}
