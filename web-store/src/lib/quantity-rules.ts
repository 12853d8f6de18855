import { LIMITS } from '@lr/contracts';

/**
 * Highest quantity a school may pick for one line: the size's stock, and at most 5 for a normal
 * user. The demo TEST USER may exceed the 5 cap.
 */
export function maxQuantityFor(stock: number, exemptFromCap: boolean): number {
  const available = Math.max(0, Math.floor(stock));
  return exemptFromCap ? available : Math.min(LIMITS.maxQuantityPerLine, available);
}

export type QuantityReading =
  { quantity: number; problem: null } | { quantity: null; problem: string };

/**
 * Reads what a person typed in a quantity box. Nothing is changed behind their back: a value out of
 * range is refused with a sentence saying why, so they can fix it themselves.
 * `stock` is the size's stock (Infinity while no size is picked).
 */
export function readQuantity(text: string, stock: number, exemptFromCap: boolean): QuantityReading {
  const max = maxQuantityFor(stock, exemptFromCap);
  const trimmed = text.trim();
  const range = max >= 1 ? `from 1 to ${max}` : '';
  if (max < 1) return { quantity: null, problem: 'This size is out of stock.' };
  if (trimmed === '') return { quantity: null, problem: `Enter a quantity ${range}.` };
  if (!/^\d+$/.test(trimmed)) return { quantity: null, problem: `Enter a whole number ${range}.` };
  const quantity = Number(trimmed);
  if (quantity < LIMITS.minQuantityPerLine)
    return { quantity: null, problem: `The smallest quantity is 1.` };
  if (quantity > max) {
    const cappedByRule = !exemptFromCap && max === LIMITS.maxQuantityPerLine && stock > max;
    return {
      quantity: null,
      problem: cappedByRule
        ? `At most ${max} of one item per student.`
        : `Only ${max} in stock in this size.`,
    };
  }
  return { quantity, problem: null };
}
