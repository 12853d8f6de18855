/**
 * Amounts of money (a product's fair-market value per unit, the impact report's values): exact
 * decimal strings with two decimals ("12.50") on the wire, whole cents in sums, never floats.
 */
import { z } from 'zod';

/** The largest value per unit a product may carry: far above any donated garment. */
export const MONEY_MAX_CENTS = 99_999_999;

const MONEY_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;

/**
 * A value as the forms send it (a number or a string), checked and written as "12.50"; `null`
 * (or an empty string) is "no value".
 */
export const moneyInputSchema = z
  .union([z.number(), z.string().trim().max(20), z.null()])
  .transform((value, ctx): string | null => {
    if (value === null || value === '') return null;
    const text = typeof value === 'number' ? String(value) : value;
    if (text.startsWith('-')) {
      ctx.addIssue({ code: 'custom', message: 'must not be negative' });
      return z.NEVER;
    }
    if (!MONEY_PATTERN.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be an amount of money with at most 2 decimals, below 1000000',
      });
      return z.NEVER;
    }
    return formatCents(toCents(text));
  });

/** A stored amount on the wire: "12.50". */
export const moneySchema = z.string().regex(/^\d+\.\d{2}$/);

/** "12.5" -> 1250; the string has been checked by moneyInputSchema or moneySchema. */
export function toCents(money: string): number {
  const [whole = '0', fraction = ''] = money.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 1250 -> "12.50" (whole cents, not negative). */
export function formatCents(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return `${whole}.${String(rest).padStart(2, '0')}`;
}
