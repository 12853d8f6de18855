import { LIMITS } from '@lr/contracts';

/**
 * Highest quantity a school may pick for one line: the size's stock, and at most 5 for a normal
 * user (spec section 5). The demo TEST USER may exceed the 5 cap (spec section 6).
 */
export function maxQuantityFor(stock: number, exemptFromCap: boolean): number {
  const available = Math.max(0, Math.floor(stock));
  return exemptFromCap ? available : Math.min(LIMITS.maxQuantityPerLine, available);
}

/** Keeps a quantity inside 1..max (or 1 when nothing is available, the add is refused elsewhere). */
export function clampQuantity(quantity: number, max: number): number {
  if (!Number.isFinite(quantity)) return LIMITS.minQuantityPerLine;
  const whole = Math.floor(quantity);
  return Math.max(
    LIMITS.minQuantityPerLine,
    Math.min(whole, Math.max(max, LIMITS.minQuantityPerLine)),
  );
}
