/**
 * The one date module of the house: calendar dates as ISO `YYYY-MM-DD` strings, computed in UTC so no time
 * zone can shift a day, and the instants they begin in a time zone. Every function takes the date (or the
 * instant) first and the time zone last, defaulting to UK time: `isoDateIn(instant, zone)`,
 * `startOfDate(date, zone)`. Promotions are sold by the day in the platform's time zone (Settings) while
 * their jobs fire at instants: a date begins at local midnight, in Europe/London 23:00 UTC the evening
 * before in summer.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

function parts(iso: string): [number, number, number] {
  const m = ISO_DATE.exec(iso);
  if (!m) throw new RangeError(`Not an ISO date (YYYY-MM-DD): ${iso}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** True for a real calendar date such as 2024-02-29 (and false for 2023-02-29). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const [y, m, d] = parts(value);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function format(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = parts(iso);
  return format(new Date(Date.UTC(y, m - 1, d + days)));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / DAY_MS);
}

/** Calendar months; a day that does not exist in the target month becomes its last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = parts(iso);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return format(new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))));
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The day of the week of a calendar date. */
export function weekdayOf(iso: string): Weekday {
  const [y, m, d] = parts(iso);
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
}

/** '2026-03-14' → 'Saturday 14 March 2026'; without the year when `withYear` is false ('Saturday 14 March'). */
export function formatDayEnGB(iso: string, withYear = true): string {
  const [y, m, d] = parts(iso);
  return `${weekdayOf(iso)} ${d} ${MONTHS[m - 1]}${withYear ? ` ${y}` : ''}`;
}

/** The later of two ISO dates (ISO dates compare as strings). */
export function laterDate(a: string, b: string): string {
  return a >= b ? a : b;
}

/** The earlier of two ISO dates. */
export function earlierDate(a: string, b: string): string {
  return a <= b ? a : b;
}

/** '2026-03-14' → '14 March 2026' (en-GB long form, independent of the runtime's locale data). */
export function formatDateEnGB(iso: string): string {
  const [y, m, d] = parts(iso);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

const HOUR_MS = 3_600_000;

/** The instant a UK clock change happens in `year`: 01:00 UTC on the last Sunday of `monthIndex` (0-based). */
function ukClockChange(year: number, monthIndex: number): number {
  const lastDay = Date.UTC(year, monthIndex + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS + HOUR_MS;
}

/**
 * The time of day of an instant on a UK clock, 24-hour ('14:05'), without Intl. A page's first
 * Intl.DateTimeFormat loads the locale's data (30 ms on a quick machine, four times that on a phone), and the
 * header's sync time was the dashboard's only use of it. The rule is the Summer Time Order 2002's (and the
 * EU's since 1996): British Summer Time from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last
 * Sunday of October. The unit test holds it to Intl's Europe/London for instants from 1996 to 2099.
 */
export function ukClockTime(instant: Date): string {
  const ms = instant.getTime();
  const year = instant.getUTCFullYear();
  const summer = ms >= ukClockChange(year, 2) && ms < ukClockChange(year, 9);
  const local = new Date(ms + (summer ? HOUR_MS : 0));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

// One formatter per time zone: making one costs far more than using it (ICU resolves the locale and zone
// each time), and a checklist render or a command asks for several dates.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in a time zone (default UK time), as YYYY-MM-DD. */
export function isoDateIn(instant: Date, timeZone = 'Europe/London'): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const fields = format.formatToParts(instant);
  const get = (type: string) => fields.find((f) => f.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const QUARTER_HOUR_MS = 900_000;

// One formatter per time zone, as for the dates above.
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Offsets already read, by zone and UTC quarter hour. The reminder sweep asks for a few instants per task
 * and every memory's tasks at once; reading the clock through Intl for each held the API's event loop for
 * 160 ms with 500 memories. Zones change their offset on a quarter hour of UTC (Europe/London at 01:00), so
 * one reading serves the whole quarter.
 */
const offsetsByQuarter = new Map<string, number>();

/** How far `timeZone`'s wall clock is ahead of UTC at `instant` (ms since the epoch), in ms. */
function offsetAt(timeZone: string, instant: number): number {
  const quarter = Math.floor(instant / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const key = `${timeZone} ${quarter}`;
  let offset = offsetsByQuarter.get(key);
  if (offset === undefined) {
    let format = clockFormats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
      clockFormats.set(timeZone, format);
    }
    const fields = format.formatToParts(new Date(quarter));
    const get = (type: string) => Number(fields.find((f) => f.type === type)!.value);
    offset = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - quarter;
    if (offsetsByQuarter.size >= 10_000) offsetsByQuarter.clear();
    offsetsByQuarter.set(key, offset);
  }
  return offset;
}

/**
 * The instant of `hour`:00 on calendar date `iso` in a time zone (default UK time). Two passes settle the
 * offset on days the clocks change (midnight and the daytime hours are never skipped in the UK or Ireland).
 */
export function wallTimeIn(iso: string, hour: number, timeZone = 'Europe/London'): Date {
  const [y, m, d] = parts(iso);
  const wall = Date.UTC(y, m - 1, d, hour);
  let instant = wall - offsetAt(timeZone, wall);
  instant = wall - offsetAt(timeZone, instant);
  return new Date(instant);
}

/** The date, hour (0-23) and minute of `instant` on the wall clock of a time zone (default UK time). */
export function wallClockIn(instant: Date, timeZone = 'Europe/London'): { date: string; hour: number; minute: number } {
  const local = new Date(instant.getTime() + offsetAt(timeZone, instant.getTime()));
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours(), minute: local.getUTCMinutes() };
}

/** The instant calendar date `iso` begins (local midnight) in a time zone (default UK time). */
export function startOfDate(iso: string, timeZone = 'Europe/London'): Date {
  return wallTimeIn(iso, 0, timeZone);
}
