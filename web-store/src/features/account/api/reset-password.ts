import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';

export interface PasswordReset {
  token: string;
  password: string;
  confirmPassword: string;
}

export function resetPassword({ token, ...body }: PasswordReset): Promise<MessageResponse> {
  return apiFetch(`/api/v1/password/reset/${encodeURIComponent(token)}`, { method: 'PUT', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
