import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

export function forgotPassword(input: {
  email: string;
}): Promise<{ success: true; message?: string }> {
  return apiFetch('/api/v1/password/forgot', { method: 'POST', body: input });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
