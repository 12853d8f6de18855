import { useQuery } from '@tanstack/react-query';
import type { ApiLoginChoice, ApiProduct } from '@lr/contracts';
import { STORE_API } from '../dataProvider';
import { httpClient } from '../http';

/** Schools to enter a request for: the list the store's login offers (volunteers may not list users). */
export function useSchoolChoices() {
  return useQuery({
    queryKey: ['order-entry', 'schools'],
    queryFn: async () => {
      const { json } = await httpClient(`${STORE_API}/getUserList`);
      return (json as { users: ApiLoginChoice[] }).users.map((u) => ({ id: u._id, name: u.name }));
    },
    staleTime: 60_000,
  });
}

/** Products (visible ones) whose name matches, with their sizes, as the store lists them. */
export function useProductChoices(keyword: string) {
  return useQuery({
    queryKey: ['order-entry', 'products', keyword],
    queryFn: async () => {
      const search = new URLSearchParams({ keyword, resultPerPage: '25', page: '1' });
      const { json } = await httpClient(`${STORE_API}/products?${search}`);
      return (json as { products: ApiProduct[] }).products;
    },
    staleTime: 30_000,
  });
}
