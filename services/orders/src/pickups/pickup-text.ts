/** An order's pickup time as a mail to the school says it, in the charity's time zone. */
import { dayText, slotText, type OrderPickup } from '@lr/contracts';

/**
 * "Pickup time: Tuesday, December 1, 2026, 2:00 PM-4:00 PM." or "We will deliver it: delivery on
 * Tuesday, December 1, 2026." (the day and time texts the store and console show).
 */
export function pickupSentence(pickup: OrderPickup): string {
  return pickup.kind === 'delivery'
    ? `We will deliver it: delivery on ${dayText(pickup.date)}.`
    : `Pickup time: ${slotText(pickup.date, pickup.start, pickup.end, pickup.timeZone)}.`;
}
