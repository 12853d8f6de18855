import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { productQueryOptions } from './get-product';

export interface ReviewInput {
  rating: number;
  comment: string;
  productId: string;
}

export function putReview(input: ReviewInput): Promise<{ success: true }> {
  return apiFetch('/api/v1/review', { method: 'PUT', body: input });
}

export function usePutReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putReview,
    onSuccess: (_body, input) =>
      queryClient.invalidateQueries({ queryKey: productQueryOptions(input.productId).queryKey }),
  });
}
