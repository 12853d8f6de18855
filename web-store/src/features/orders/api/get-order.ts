import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { Order } from './types';

export async function getOrder(id: string): Promise<Order> {
  const body = await apiFetch<{ order: Order }>(`/api/v1/order/${encodeURIComponent(id)}`);
  return body.order;
}

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['orders', 'detail', id], queryFn: () => getOrder(id) });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
