import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiLoginChoice, LoginChoicesResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';
import { authKeys } from '../../../lib/query-keys';

/** What the login dropdown needs; the server leaves out reserved accounts and sorts by name. */
export type SchoolChoice = ApiLoginChoice;

export async function getUserList(): Promise<SchoolChoice[]> {
  const body = await apiFetch<LoginChoicesResponse>('/api/v1/getUserList');
  // Sorted again here so the dropdown is right whatever the server's collation.
  return [...body.users].sort((a, b) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  );
}

export const userListQueryOptions = queryOptions({
  queryKey: authKeys.userList,
  queryFn: getUserList,
  staleTime: 5 * 60_000,
});

export function useUserList() {
  return useQuery(userListQueryOptions);
}
