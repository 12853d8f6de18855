import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiProduct, ProductResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';
import { productsKeys } from '../../../lib/query-keys';

export async function getProduct(id: string): Promise<ApiProduct> {
  const body = await apiFetch<ProductResponse>(`/api/v1/product/${encodeURIComponent(id)}`);
  return body.product;
}

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: productsKeys.detail(id), queryFn: () => getProduct(id) });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
