import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';

/** Under react-admin's own `orders` keys, so its refresh also reloads these. */
export const orderKeys = {
  all: ['orders'] as const,
  history: (orderId: string) => [...orderKeys.all, 'history', orderId] as const,
};

/** Who moved the order, when, from what to what, with which quantities and why. */
export function useOrderHistory(orderId: string) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: orderKeys.history(orderId),
    queryFn: () => dataProvider.getOrderHistory(orderId),
  });
}
