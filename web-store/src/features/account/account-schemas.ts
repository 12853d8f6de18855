/**
 * Form rules of the account screens: the gateway's own body schemas (@lr/contracts), so a form
 * refuses exactly what the server would, each message after the form's label for the field.
 */
import {
  ACCEPTED_IMAGE_MIME_TYPES,
  ACCEPTED_IMAGE_NAMES,
  LIMITS,
  resetPasswordBodySchema,
  updatePasswordInputSchema,
  updateProfileBodySchema,
} from '@lr/contracts';
import type { FieldLabels } from '../../lib/field-problems';

/** The change-password screen speaks of the school's code. */
export const passwordChangeSchema = updatePasswordInputSchema;
export const PASSWORD_CHANGE_LABELS: FieldLabels = {
  oldPassword: 'Current code',
  newPassword: 'New code',
  confirmPassword: 'New code again',
};

/** The server's answer for a wrong current code, said the way the screen says it. */
export function plainPasswordChangeError(message: string): string {
  return /old password is incorrect/i.test(message)
    ? 'The current code is not right. Please check it and try again.'
    : message;
}

export const passwordResetSchema = resetPasswordBodySchema;
export const PASSWORD_RESET_LABELS: FieldLabels = {
  password: 'New code',
  confirmPassword: 'New code again',
};

export const profileSchema = updateProfileBodySchema;
export const PROFILE_LABELS: FieldLabels = {
  name: 'Name',
  email: 'Login ID',
  currentPassword: 'Current code',
};

/** The avatar picker offers the image types the gateway accepts. */
export const AVATAR_TYPES = ACCEPTED_IMAGE_MIME_TYPES;

export function avatarProblem(file: File | null): string | null {
  if (!file) return null;
  if (!AVATAR_TYPES.includes(file.type)) return `Avatar must be a ${ACCEPTED_IMAGE_NAMES} image`;
  if (file.size > LIMITS.avatarMaxBytes) return 'Avatar must be at most 2 MB';
  return null;
}
