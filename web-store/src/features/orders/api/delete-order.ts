import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';
import { ordersKeys } from '../../../lib/query-keys';

/** A school may cancel its own order while it is Processing (the server checks both). */
export function deleteOrder(id: string): Promise<SuccessResponse> {
  return apiFetch(`/api/v1/admin/order/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    // Only the list: the open details page leaves by itself after the toast.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.mine }),
  });
}
