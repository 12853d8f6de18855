/**
 * The signed-in user, shared by the whole app (nav, route guard, checkout, quantity caps). Loaded on
 * start (spec section 1); a 401 simply means "guest".
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TEST_USER_LOGIN_ID, type Role } from '@lr/contracts';
import { ApiError, apiFetch } from './api';

export interface CurrentUser {
  _id: string;
  name: string;
  /** The login id (shown as the school). */
  email: string;
  role: Role;
  address?: string;
  district?: string;
  avatar?: { url?: string };
  createdAt?: string;
}

export const meQueryKey = ['auth', 'me'] as const;

export async function fetchMe(): Promise<CurrentUser | null> {
  try {
    const body = await apiFetch<{ user: CurrentUser }>('/api/v1/me');
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

export function isTestUser(user: Pick<CurrentUser, 'email'> | null | undefined): boolean {
  return !!user && user.email.trim().toLowerCase() === TEST_USER_LOGIN_ID.toLowerCase();
}

/** Admins and volunteers work in the console. */
export function isStaff(user: Pick<CurrentUser, 'role'> | null | undefined): boolean {
  return !!user && (user.role === 'admin' || user.role === 'volunteer');
}
