/**
 * Reads a form that may carry an avatar: a multipart file `avatar` (checked by content: PNG, JPEG or
 * WebP, at most 2 MB and IMAGE_MAX_PIXELS), or, as the old client sent it, a
 * `data:image/...;base64,` string. The image is stored by the gateway and only its URL travels to
 * the auth service.
 */
import { AppError, LIMITS, type Actor } from '@lr/contracts';
import type { FastifyRequest } from 'fastify';
import { readForm, type UploadedFile } from '../../core/body.js';
import type { ImageStore } from '../../core/image-store.js';

const DATA_URL = /^data:image\/[a-z+.-]+;base64,(.+)$/is;

export interface FormWithAvatar {
  fields: Record<string, unknown>;
  /** Whether an avatar came with the form. */
  hasAvatar: boolean;
  /**
   * Stores the checked avatar, if one came, and calls `use` with it; call it only once the other
   * fields are valid. A refused call removes the stored file again.
   */
  withAvatar: <T>(use: (avatar: { url: string } | undefined) => Promise<T>) => Promise<T>;
}

function avatarFromDataUrl(value: unknown): UploadedFile | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATA_URL.exec(value);
  if (!match?.[1]) return undefined;
  const data = Buffer.from(match[1], 'base64');
  if (data.length > LIMITS.avatarMaxBytes)
    throw AppError.badRequest('avatar: the image must be at most 2 MB');
  return { field: 'avatar', filename: 'avatar', mimetype: 'application/octet-stream', data };
}

export async function readFormWithAvatar(
  request: FastifyRequest,
  images: ImageStore,
  actor: Actor,
): Promise<FormWithAvatar> {
  const { fields, files } = await readForm(request, {
    maxFileBytes: LIMITS.avatarMaxBytes,
    maxFiles: 1,
    dataUrlFields: { avatar: LIMITS.avatarMaxBytes },
  });
  const { avatar: avatarField, ...rest } = fields;
  const file = files.find((f) => f.field === 'avatar') ?? avatarFromDataUrl(avatarField);
  if (files.some((f) => f.field !== 'avatar'))
    throw AppError.badRequest('Only an avatar file may be sent');
  const [checked] = file ? await images.check(actor.id, [file], 'avatar') : [];
  return {
    fields: rest,
    hasAvatar: checked !== undefined,
    withAvatar: (use) => images.withAvatar(checked, use),
  };
}
