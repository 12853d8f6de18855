import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CATALOG_PAGE_SIZE } from '@lr/contracts';
import type { GroupedProductsResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';
import { productsKeys } from '../../../lib/query-keys';

export interface ProductListParams {
  keyword: string;
  page: number;
  /** 'All' (or empty) lists every category: the parameter is then left out. */
  category: string;
}

/**
 * The page size is always named, so the store keeps paging whatever a list does without one (the
 * legacy product list then answers every product at once, as the old client's home page expects).
 */
export function groupedProductsUrl({ keyword, page, category }: ProductListParams): string {
  const query = new URLSearchParams({
    keyword,
    page: String(page),
    resultPerPage: String(CATALOG_PAGE_SIZE),
  });
  if (category && category !== 'All') query.set('category', category);
  return `/api/v1/products/grouped?${query.toString()}`;
}

export function getGroupedProducts(params: ProductListParams): Promise<GroupedProductsResponse> {
  return apiFetch(groupedProductsUrl(params));
}

export const groupedProductsQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: productsKeys.grouped(params),
    queryFn: () => getGroupedProducts(params),
    placeholderData: keepPreviousData,
  });

export function useGroupedProducts(params: ProductListParams) {
  return useQuery(groupedProductsQueryOptions(params));
}
