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

/**
 * Which day it is in a time zone. The charity's day (CHARITY_TIME_ZONE) decides when a notice
 * shows, which pickup dates are open and the date a donation is recorded on; a browser's own day,
 * or UTC's, is another day for part of every day.
 */
export function dayIn(timeZone: string, instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
