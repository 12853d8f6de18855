import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { Order } from './types';

export async function getMyOrders(): Promise<Order[]> {
  const body = await apiFetch<{ orders: Order[] }>('/api/v1/orders/me');
  return body.orders;
}

export const myOrdersQueryOptions = queryOptions({
  queryKey: ['orders', 'mine'],
  queryFn: getMyOrders,
});

export function useMyOrders() {
  return useQuery(myOrdersQueryOptions);
}
