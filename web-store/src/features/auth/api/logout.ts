import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';
import { meQueryKey } from '../../../lib/auth';
import { forgetShipping } from '../../../lib/shipping-info';
import { authKeys } from '../../../lib/query-keys';

export function logout(): Promise<MessageResponse> {
  // POST: a GET logout could be triggered by any other site (the gateway refuses those).
  return apiFetch('/api/v1/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Nothing of the previous session (orders, profile, a checkout's student) may stay behind.
      forgetShipping();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
