/** The charity's time zone when a deployment names none (CHARITY_TIME_ZONE). */
export const DEFAULT_CHARITY_TIME_ZONE = 'America/Los_Angeles';

/** Whether the runtime knows the IANA zone (checked at boot). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A formatter of every calendar field, per zone: making one costs far more than using it. */
const fieldFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar fields of `instant` in `timeZone`, hour 0-23. */
function fieldsIn(timeZone: string, instant: Date): Record<string, number> {
  let formatter = fieldFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    fieldFormatters.set(timeZone, formatter);
  }
  const out: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant))
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  return out;
}

/**
 * Which day it is in a time zone. The charity's day (CHARITY_TIME_ZONE) decides when a notice
 * shows, which pickup dates are open and the date a donation is recorded on; a browser's own day,
 * or UTC's, is another day for part of every day.
 */
export function dayIn(timeZone: string, instant: Date): string {
  const { year, month, day } = fieldsIn(timeZone, instant);
  const twoDigits = (n: number | undefined) => String(n).padStart(2, '0');
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** The hour of the day (0-23) it is in `timeZone` at `instant`. */
export function hourIn(timeZone: string, instant: Date): number {
  return fieldsIn(timeZone, instant).hour!;
}

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
function offsetAt(timeZone: string, instant: number): number {
  const p = fieldsIn(timeZone, new Date(instant));
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of wall-clock `time` (HH:MM) on `day` (YYYY-MM-DD) in `timeZone`. */
export function instantOf(timeZone: string, day: string, time: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle a guess made across a daylight-saving change.
  let instant = wall - offsetAt(timeZone, wall);
  instant = wall - offsetAt(timeZone, instant);
  return new Date(instant);
}
