import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updatePasswordInputSchema } from '@lr/contracts/auth';
import type { SessionResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';

export type PasswordChange = z.input<typeof updatePasswordInputSchema>;

export function updatePassword(input: PasswordChange): Promise<SessionResponse> {
  return apiFetch('/api/v1/password/update', { method: 'PUT', body: input });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
