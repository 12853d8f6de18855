import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notice } from '@lr/contracts';
import { apiFetch } from '../../../lib/api';

export const noticesKey = ['notices'] as const;

/** Today's notices the signed-in school has not dismissed. */
export function useNotices(enabled: boolean) {
  return useQuery({
    queryKey: noticesKey,
    enabled,
    queryFn: async () =>
      (await apiFetch<{ success: true; notices: Notice[] }>('/api/v1/notices')).notices,
  });
}

/** Dismissed for the account (on every device): the server remembers it. */
export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/v1/notices/${encodeURIComponent(id)}/dismiss`, { method: 'POST' }),
    onMutate: (id) => {
      queryClient.setQueryData<Notice[]>(noticesKey, (current) =>
        current?.filter((notice) => notice.id !== id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}
