import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { meQueryKey } from '../../../lib/auth';

export function logout(): Promise<{ success: true }> {
  // POST: a GET logout could be triggered by any other site (the gateway refuses those).
  return apiFetch('/api/v1/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Nothing of the previous session (orders, profile) may stay on screen.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
