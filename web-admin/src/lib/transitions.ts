import { ORDER_STATUSES, allowedTransitions, type OrderStatus } from '@lr/contracts';

export interface StatusChoice {
  id: OrderStatus;
  name: OrderStatus;
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The 'New status' dropdown's choices for an order's current status. */
export function statusChoicesFor(current: string | undefined): StatusChoice[] {
  if (!isOrderStatus(current)) return [];
  return allowedTransitions(current).map((status) => ({ id: status, name: status }));
}

export const ALL_STATUS_CHOICES: StatusChoice[] = ORDER_STATUSES.map((s) => ({ id: s, name: s }));
