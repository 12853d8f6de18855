/**
 * The signed-in user, shared by the whole app (nav, route guard, checkout, quantity caps). Loaded on
 * start; a 401 simply means "guest".
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { sameLoginKey, TEST_USER_LOGIN_ID } from '@lr/contracts';
import type { ApiUser, UserResponse } from '@lr/contracts/http/v1';
import { ApiError, apiFetch } from './api';
import { authKeys } from './query-keys';

/** The signed-in user as /api/v1 answers it (`email` is the login id, shown as the school). */
export type CurrentUser = ApiUser;

export const meQueryKey = authKeys.me;

export async function fetchMe(): Promise<CurrentUser | null> {
  try {
    const body = await apiFetch<UserResponse>('/api/v1/me');
    return body.user;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: fetchMe,
  staleTime: 5 * 60_000,
  retry: false,
});

export function useCurrentUser() {
  return useQuery(meQueryOptions);
}

/**
 * The demo account whose delivery details come prefilled and locked. It grants nothing: more than
 * the per-line cap is `mayExceedLineCap`, a flag an admin sets on the account.
 */
export function isTestUser(user: Pick<CurrentUser, 'email'> | null | undefined): boolean {
  return !!user && sameLoginKey(user.email, TEST_USER_LOGIN_ID);
}

/** Whether an admin exempted this account from the per-line cap (the server checks it too). */
export function mayExceedLineCap(
  user: Pick<CurrentUser, 'exemptFromLineCap'> | null | undefined,
): boolean {
  return user?.exemptFromLineCap === true;
}

/** Admins and volunteers work in the console. */
export function isStaff(user: Pick<CurrentUser, 'role'> | null | undefined): boolean {
  return !!user && (user.role === 'admin' || user.role === 'volunteer');
}
