import type { OrderStatus } from '@lr/contracts';

/** Chip colours of the orders list, as in the store: Delivered green, Ready for Pickup blue, others red. */
export type StatusColor = 'success' | 'info' | 'error' | 'warning';

export function listStatusColor(status: OrderStatus | string): StatusColor {
  if (status === 'Delivered') return 'success';
  if (status === 'Ready for Pickup') return 'info';
  return 'error';
}

/** On the details page Ready for Pickup is yellow. */
export function detailStatusColor(status: OrderStatus | string): StatusColor {
  if (status === 'Ready for Pickup') return 'warning';
  return listStatusColor(status);
}
