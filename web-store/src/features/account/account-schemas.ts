/** Form rules of the account screens (lengths from LIMITS and FORM_LIMITS). */
import { z } from 'zod';
import {
  ACCEPTED_IMAGE_MIME_TYPES,
  ACCEPTED_IMAGE_NAMES,
  FORM_LIMITS,
  LIMITS,
} from '@lr/contracts';

const { nameMax, loginIdMax } = FORM_LIMITS;

const newCode = z
  .string()
  .min(
    LIMITS.passwordMinLength,
    `The new code needs at least ${LIMITS.passwordMinLength} characters.`,
  )
  .max(
    LIMITS.passwordMaxLength,
    `The new code can have at most ${LIMITS.passwordMaxLength} characters.`,
  );

/** The change-password screen speaks of the school's code, in plain words. */
export const passwordChangeSchema = z
  .object({
    oldPassword: z.string().min(1, 'Please type the code you use now.'),
    newPassword: z
      .string()
      .min(
        LIMITS.passwordMinLength,
        `The new code needs at least ${LIMITS.passwordMinLength} characters.`,
      )
      .max(
        LIMITS.passwordMaxLength,
        `The new code can have at most ${LIMITS.passwordMaxLength} characters.`,
      ),
    confirmPassword: z.string().min(1, 'Please type the new code a second time.'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'The two new codes are not the same. Please type them again.',
    path: ['confirmPassword'],
  });

/** The server's answer for a wrong current code, said the way the screen says it. */
export function plainPasswordChangeError(message: string): string {
  return /old password is incorrect/i.test(message)
    ? 'The current code is not right. Please check it and try again.'
    : message;
}

export const passwordResetSchema = z
  .object({
    password: newCode,
    confirmPassword: z.string().min(1, 'Please type the new code a second time.'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'The two new codes are not the same. Please type them again.',
    path: ['confirmPassword'],
  });

export const profileSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(nameMax, `Name is at most ${nameMax} characters`),
  email: z
    .string()
    .trim()
    .min(1, 'Login ID is required')
    .max(loginIdMax, `Login ID is at most ${loginIdMax} characters`),
});

/** The avatar picker offers the image types the gateway accepts. */
export const AVATAR_TYPES = ACCEPTED_IMAGE_MIME_TYPES;

export function avatarProblem(file: File | null): string | null {
  if (!file) return null;
  if (!AVATAR_TYPES.includes(file.type)) return `Avatar must be a ${ACCEPTED_IMAGE_NAMES} image`;
  if (file.size > LIMITS.avatarMaxBytes) return 'Avatar must be at most 2 MB';
  return null;
}

export function firstError(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Please check the form';
}
