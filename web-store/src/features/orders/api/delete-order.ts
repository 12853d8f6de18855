import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** A school may cancel its own order while it is Processing (the server checks both). */
export function deleteOrder(id: string): Promise<{ success: true }> {
  return apiFetch(`/api/v1/admin/order/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    // Only the list: the open details page leaves by itself after the toast.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders', 'mine'] }),
  });
}
