import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';

export function forgotPassword(input: { email: string }): Promise<MessageResponse> {
  return apiFetch('/api/v1/password/forgot', { method: 'POST', body: input });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
