import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** No money changes hands: the amount is always 0 (total times 100, rounded; spec section 9). */
export function processPayment(input: { amount: number }): Promise<{ success: boolean }> {
  return apiFetch('/api/v1/payment/process', { method: 'POST', body: input });
}

export function useProcessPayment() {
  return useMutation({ mutationFn: processPayment });
}
