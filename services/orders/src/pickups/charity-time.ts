/**
 * Calendar arithmetic in the charity's time zone (CHARITY_TIME_ZONE): which day it is there, the
 * weekday of a date, and the instant a wall-clock time on a date stands for (daylight saving
 * included). Dates are `YYYY-MM-DD` strings throughout.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The day and hour it is in a zone and the instant of a wall-clock time there (shared with the
 * console, which defaults dates by the charity's day, and the school year's start).
 */
export { dayIn, hourIn, instantOf, isKnownTimeZone } from '@lr/contracts';

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
