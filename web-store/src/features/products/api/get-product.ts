import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { Product } from './types';

export async function getProduct(id: string): Promise<Product> {
  const body = await apiFetch<{ product: Product }>(`/api/v1/product/${encodeURIComponent(id)}`);
  return body.product;
}

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['products', 'detail', id], queryFn: () => getProduct(id) });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
