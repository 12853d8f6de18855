import { useMutation } from '@tanstack/react-query';
import type { SuccessResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';

/** No money changes hands: the amount is always 0 (total times 100, rounded). */
export function processPayment(input: { amount: number }): Promise<SuccessResponse> {
  return apiFetch('/api/v1/payment/process', { method: 'POST', body: input });
}

export function useProcessPayment() {
  return useMutation({ mutationFn: processPayment });
}
