import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { forgotPasswordInputSchema } from '@lr/contracts/auth';
import type { MessageResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';

export function forgotPassword(
  input: z.input<typeof forgotPasswordInputSchema>,
): Promise<MessageResponse> {
  return apiFetch('/api/v1/password/forgot', { method: 'POST', body: input });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
