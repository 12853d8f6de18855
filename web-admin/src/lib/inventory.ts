import { LIMITS, UI_MESSAGES, inventoryEffectOf, type OrderStatus } from '@lr/contracts';
import { isOrderStatus } from './transitions';

/** One order line as the Process Order page edits it. */
export interface ProcessLine {
  name: string;
  size: string;
  requestedQuantity: number;
  quantity: number;
  /** Current stock of the line's size, undefined while unknown (product not loaded or removed). */
  stock: number | undefined;
}

/** Stock of the size once this line is given (stock minus quantity); undefined when stock is unknown. */
export function resultingInventory(
  line: Pick<ProcessLine, 'stock' | 'quantity'>,
): number | undefined {
  return line.stock === undefined ? undefined : line.stock - line.quantity;
}

export function isValidAdminQuantity(quantity: number): boolean {
  return (
    Number.isInteger(quantity) &&
    quantity >= LIMITS.adminMinQuantity &&
    quantity <= LIMITS.adminMaxQuantity
  );
}

/** Clamps a typed value to the admin's 0..5 range. */
export function clampAdminQuantity(value: number): number {
  if (!Number.isFinite(value)) return LIMITS.adminMinQuantity;
  return Math.min(LIMITS.adminMaxQuantity, Math.max(LIMITS.adminMinQuantity, Math.trunc(value)));
}

/** Whether moving from one status to another takes stock, so the resulting inventory must stay >= 0. */
export function commitsStock(from: string | undefined, to: string | undefined): boolean {
  return isOrderStatus(from) && isOrderStatus(to) && inventoryEffectOf(from, to) === 'commit';
}

/**
 * The check the console runs before sending a status change (the server checks again): returns the
 * original error text when a line's quantity is out of range or a committed line would drive stock below zero.
 */
export function validateProcessing(
  from: OrderStatus | string | undefined,
  to: OrderStatus | string | undefined,
  lines: readonly ProcessLine[],
): string | null {
  if (lines.some((line) => !isValidAdminQuantity(line.quantity))) {
    return `Each quantity must be a whole number from ${LIMITS.adminMinQuantity} to ${LIMITS.adminMaxQuantity}`;
  }
  if (!commitsStock(from, to)) return null;
  const short = lines.some((line) => {
    const after = resultingInventory(line);
    return after !== undefined && after < 0;
  });
  return short ? UI_MESSAGES.inventoryBelowZero : null;
}

/** 'Process' is disabled while an update is in progress or no status is chosen. */
export function isProcessDisabled(
  chosenStatus: string | undefined | null,
  saving: boolean,
): boolean {
  return saving || !chosenStatus;
}

/** Whether the order gives the school nothing: every line's quantity is 0. */
export function givesNothing(lines: readonly Pick<ProcessLine, 'quantity'>[]): boolean {
  return lines.every((line) => line.quantity === 0);
}
