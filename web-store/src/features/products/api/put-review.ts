import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reviewBodySchema } from '@lr/contracts/catalog';
import type { SuccessResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';
import { productsKeys } from '../../../lib/query-keys';

export type ReviewInput = z.input<typeof reviewBodySchema>;

export function putReview(input: ReviewInput): Promise<SuccessResponse> {
  return apiFetch('/api/v1/review', { method: 'PUT', body: input });
}

export function usePutReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putReview,
    onSuccess: (_body, input) =>
      queryClient.invalidateQueries({ queryKey: productsKeys.detail(input.productId) }),
  });
}
