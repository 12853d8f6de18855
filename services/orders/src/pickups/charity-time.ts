/**
 * Calendar arithmetic in the charity's time zone (CHARITY_TIME_ZONE): which day it is there, the
 * weekday of a date, and the instant a wall-clock time on a date stands for (daylight saving
 * included). Dates are `YYYY-MM-DD` strings throughout.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function parts(instant: Date, timeZone: string): Record<string, number> {
  const formatted = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const out: Record<string, number> = {};
  for (const part of formatted) if (part.type !== 'literal') out[part.type] = Number(part.value);
  return out;
}

/** The day it is in `timeZone` at `instant` (shared with the console, which defaults dates by it). */
export { dayIn, isKnownTimeZone } from '@lr/contracts';

/** The hour of the day (0-23) it is in `timeZone` at `instant`. */
export function hourIn(timeZone: string, instant: Date): number {
  return parts(instant, timeZone).hour!;
}

export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a date: 1 Monday ... 7 Sunday. */
export function isoWeekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
function offsetAt(timeZone: string, instant: number): number {
  const p = parts(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of wall-clock `time` (HH:MM) on `day` in `timeZone`. */
export function instantOf(timeZone: string, day: string, time: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle a guess made across a daylight-saving change.
  let instant = wall - offsetAt(timeZone, wall);
  instant = wall - offsetAt(timeZone, instant);
  return new Date(instant);
}
