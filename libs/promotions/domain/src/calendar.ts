/**
 * Calendar dates (`YYYY-MM-DD`) and the instants they begin in a time zone. Promotions are sold by the
 * day in the platform's time zone (Settings), while jobs fire at instants: a date begins at local
 * midnight, which in Europe/London is 23:00 UTC the evening before in summer.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

function utcDate(iso: string): number {
  const m = ISO_DATE.exec(iso);
  if (!m) throw new RangeError(`Not a date (YYYY-MM-DD): ${iso}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

export function addDays(iso: string, days: number): string {
  return new Date(utcDate(iso) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDate(to) - utcDate(from)) / DAY_MS);
}

/** The calendar date at `instant` in `timeZone`. */
export function dateIn(timeZone: string, instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant `date` begins (local midnight) in `timeZone`. */
export function startOfDate(timeZone: string, date: string): Date {
  const wallMidnight = utcDate(date);
  // Two passes settle the offset on days the clocks change (midnight is never skipped in the UK or Ireland).
  let instant = wallMidnight - offsetAt(timeZone, wallMidnight);
  instant = wallMidnight - offsetAt(timeZone, instant);
  return new Date(instant);
}
