/**
 * Reads a form that may carry an avatar: a multipart file `avatar` (checked by content: PNG, JPEG or
 * WebP, at most 2 MB), or, as the old client sent it, a `data:image/...;base64,` string. The image
 * is stored by the gateway and only its URL travels to the auth service.
 */
import { AppError, LIMITS } from '@lr/contracts';
import type { FastifyRequest } from 'fastify';
import { assertImages, readForm, type UploadedFile } from '../../core/body.js';
import type { ImageStore } from '../../core/media-storage.js';

const DATA_URL = /^data:image\/[a-z+.-]+;base64,(.+)$/is;

export interface FormWithAvatar {
  fields: Record<string, unknown>;
  /** Stores the checked avatar, if one came; call it only once the other fields are valid. */
  storeAvatar: () => Promise<{ url: string } | undefined>;
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
): Promise<FormWithAvatar> {
  const { fields, files } = await readForm(request, {
    maxFileBytes: LIMITS.avatarMaxBytes,
    maxFiles: 1,
  });
  const { avatar: avatarField, ...rest } = fields;
  const file = files.find((f) => f.field === 'avatar') ?? avatarFromDataUrl(avatarField);
  if (files.some((f) => f.field !== 'avatar'))
    throw AppError.badRequest('Only an avatar file may be sent');
  if (!file) return { fields: rest, storeAvatar: () => Promise.resolve(undefined) };
  assertImages([file], 'avatar');
  return {
    fields: rest,
    storeAvatar: async () => ({ url: (await images.save('avatars', file.data)).url }),
  };
}
