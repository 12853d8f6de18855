/** An order's pickup time as people read it (mails, calendar feeds), in the charity's time zone. */
import type { OrderPickup } from '@lr/contracts';

function dateText(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

function timeText(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(instant));
}

/** E.g. "Tuesday, December 1, 2026, 2:00 PM-4:00 PM" or "delivery on Tuesday, December 1, 2026". */
export function pickupText(pickup: OrderPickup): string {
  if (pickup.kind === 'delivery') return `delivery on ${dateText(pickup.date)}`;
  return `${dateText(pickup.date)}, ${timeText(pickup.start, pickup.timeZone)}-${timeText(pickup.end, pickup.timeZone)}`;
}

/** The sentence a mail to the school carries. */
export function pickupSentence(pickup: OrderPickup): string {
  return pickup.kind === 'delivery'
    ? `We will deliver it: ${pickupText(pickup)}.`
    : `Pickup time: ${pickupText(pickup)}.`;
}
