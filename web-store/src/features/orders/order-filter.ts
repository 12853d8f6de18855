/**
 * My Orders filter (docs/adr/0031-my-orders-filter.md): Previous = Delivered, Current = every other status,
 * All = everything; newest first.
 */
import { isPreviousOrder } from '@lr/contracts';
import type { ApiOrder as Order } from '@lr/contracts/http/v1';

export const ORDER_FILTERS = ['All', 'Current', 'Previous'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export function filterOrders(orders: readonly Order[], filter: OrderFilter): Order[] {
  const matching = orders.filter((order) => {
    if (filter === 'Previous') return isPreviousOrder(order.orderStatus);
    if (filter === 'Current') return !isPreviousOrder(order.orderStatus);
    return true;
  });
  return matching.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export function itemCount(order: Pick<Order, 'orderItems'>): number {
  return order.orderItems.reduce((sum, item) => sum + item.quantity, 0);
}
