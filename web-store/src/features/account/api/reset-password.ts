import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordBodySchema } from '@lr/contracts/auth';
import type { MessageResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';

/** The body the gateway validates, and the token of the link (in the path). */
export type PasswordReset = z.input<typeof resetPasswordBodySchema> & { token: string };

export function resetPassword({ token, ...body }: PasswordReset): Promise<MessageResponse> {
  return apiFetch(`/api/v1/password/reset/${encodeURIComponent(token)}`, { method: 'PUT', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
