import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiOrder, OrderResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';
import { ordersKeys } from '../../../lib/query-keys';

export async function getOrder(id: string): Promise<ApiOrder> {
  const body = await apiFetch<OrderResponse>(`/api/v1/order/${encodeURIComponent(id)}`);
  return body.order;
}

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: ordersKeys.detail(id), queryFn: () => getOrder(id) });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
