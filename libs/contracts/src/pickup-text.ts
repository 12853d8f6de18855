/**
 * Pickup times as schools and staff read them (store and console alike), in the charity's time zone
 * whatever the browser's.
 */
import { WEEKDAY_NAMES, type OrderPickup } from './pickups.js';

export function weekdayName(weekday: number): string {
  return WEEKDAY_NAMES[weekday - 1] ?? String(weekday);
}

/** A `YYYY-MM-DD` day as "Tuesday, December 1, 2026". */
export function dayText(day: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${day}T00:00:00Z`));
}

function timeText(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(instant),
  );
}

/** An opening or a booked time, in the charity's time zone whatever the browser's. */
export function slotText(day: string, start: string, end: string, timeZone: string): string {
  return `${dayText(day)}, ${timeText(start, timeZone)}-${timeText(end, timeZone)}`;
}

export function pickupText(pickup: OrderPickup): string {
  if (pickup.kind === 'delivery') return `Delivery on ${dayText(pickup.date)}`;
  return `Pickup ${slotText(pickup.date, pickup.start, pickup.end, pickup.timeZone)}`;
}
