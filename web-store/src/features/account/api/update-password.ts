import { useMutation } from '@tanstack/react-query';
import type { SessionResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function updatePassword(input: PasswordChange): Promise<SessionResponse> {
  return apiFetch('/api/v1/password/update', { method: 'PUT', body: input });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
