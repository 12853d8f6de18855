import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiOrder, MyOrdersResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';
import { ordersKeys } from '../../../lib/query-keys';

export async function getMyOrders(): Promise<ApiOrder[]> {
  const body = await apiFetch<MyOrdersResponse>('/api/v1/orders/me');
  return body.orders;
}

export const myOrdersQueryOptions = queryOptions({
  queryKey: ordersKeys.mine,
  queryFn: getMyOrders,
});

export function useMyOrders() {
  return useQuery(myOrdersQueryOptions);
}
