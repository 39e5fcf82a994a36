// Working days: Monday to Friday, less the bank (or public) holidays of the jurisdiction's holiday area.
import { bankHolidayOn, holidayRegionOf, type BankHoliday } from './bank-holidays';
import { addDays, weekdayOf } from './dates';
import type { Jurisdiction } from './jurisdiction';

/** Why a day is not a working day: a weekend, or a named holiday. */
export type NonWorkingDay = { date: string; kind: 'weekend' } | { date: string; kind: 'holiday'; holiday: BankHoliday };

export function nonWorkingDay(date: string, jurisdiction: Jurisdiction): NonWorkingDay | null {
  const day = weekdayOf(date);
  if (day === 'Saturday' || day === 'Sunday') return { date, kind: 'weekend' };
  const holiday = bankHolidayOn(date, holidayRegionOf(jurisdiction));
  return holiday ? { date, kind: 'holiday', holiday } : null;
}

export function isWorkingDay(date: string, jurisdiction: Jurisdiction): boolean {
  return nonWorkingDay(date, jurisdiction) === null;
}

/** `date` itself when it is a working day, else the first working day after it. */
export function nextWorkingDay(date: string, jurisdiction: Jurisdiction): string {
  let day = date;
  while (!isWorkingDay(day, jurisdiction)) day = addDays(day, 1);
  return day;
}

/** `date` itself when it is a working day, else the last working day before it. */
export function previousWorkingDay(date: string, jurisdiction: Jurisdiction): string {
  let day = date;
  while (!isWorkingDay(day, jurisdiction)) day = addDays(day, -1);
  return day;
}

/** The `count`th working day after `date` (the day itself is not counted): 1 after a Friday is the Monday. */
export function addWorkingDays(date: string, count: number, jurisdiction: Jurisdiction): string {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Not a number of working days: ${count}`);
  let day = date;
  for (let left = count; left > 0; ) {
    day = addDays(day, 1);
    if (isWorkingDay(day, jurisdiction)) left -= 1;
  }
  return day;
}

/** The holidays (not weekends) strictly after `from` up to and including `to`, in date order. */
export function holidaysBetween(from: string, to: string, jurisdiction: Jurisdiction): BankHoliday[] {
  const found: BankHoliday[] = [];
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) {
    const off = nonWorkingDay(day, jurisdiction);
    if (off?.kind === 'holiday') found.push(off.holiday);
  }
  return found;
}
