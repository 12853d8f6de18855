import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateProfileBodySchema } from '@lr/contracts/auth';
import type { UserResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';
import { meQueryKey } from '../../../lib/auth';

/** The fields the gateway validates (`currentPassword` only for a new login id), and the avatar. */
export type ProfileInput = z.input<typeof updateProfileBodySchema> & { avatar: File | null };

/** Multipart: name, email, avatar, and the current code for a new login id. */
export function updateProfile(input: ProfileInput): Promise<UserResponse> {
  const form = new FormData();
  form.set('name', input.name);
  form.set('email', input.email);
  if (input.currentPassword) form.set('currentPassword', input.currentPassword);
  if (input.avatar) form.set('avatar', input.avatar);
  return apiFetch('/api/v1/me/update', { method: 'PUT', body: form });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
