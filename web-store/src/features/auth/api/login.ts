import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginBodySchema } from '@lr/contracts/auth';
import type { SessionResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';
import { meQueryKey } from '../../../lib/auth';

/** `email` is the login id (the school's name in the dropdown, or a typed login id). */
export type LoginInput = z.input<typeof loginBodySchema>;

export function login(input: LoginInput): Promise<SessionResponse> {
  return apiFetch('/api/v1/login', { method: 'POST', body: input });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (body) => {
      queryClient.setQueryData(meQueryKey, body.user);
    },
    // A failed login leaves the user unauthenticated.
    onError: () => {
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
