import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** What the login dropdown needs; the server leaves out reserved accounts and sorts by name. */
export interface SchoolChoice {
  _id: string;
  name: string;
  email: string;
}

export async function getUserList(): Promise<SchoolChoice[]> {
  const body = await apiFetch<{ users: SchoolChoice[] }>('/api/v1/getUserList');
  // Sorted again here so the dropdown is right whatever the server's collation.
  return [...body.users].sort((a, b) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  );
}

export const userListQueryOptions = queryOptions({
  queryKey: ['auth', 'user-list'],
  queryFn: getUserList,
  staleTime: 5 * 60_000,
});

export function useUserList() {
  return useQuery(userListQueryOptions);
}
