import { ACCEPTED_IMAGE_TYPES, CATEGORIES, LIMITS, SUB_CATEGORIES } from '@lr/contracts';

export const CATEGORY_CHOICES = CATEGORIES.map((name) => ({ id: name, name }));
export const SUB_CATEGORY_CHOICES = SUB_CATEGORIES.map((name) => ({ id: name, name }));

/** Image types the gateway accepts (checked there by content), in react-dropzone's format. */
export const IMAGE_ACCEPT: Record<string, string[]> = Object.fromEntries(
  Object.values(ACCEPTED_IMAGE_TYPES).map((type) => [type.mimeType, [...type.extensions]]),
);

/**
 * What an image upload may be. One save sends all its images in one request, which the server
 * holds to a total size (10 MB unless the charity set another): several large photos go over
 * several saves.
 */
export const IMAGE_HELP = `PNG, JPEG or WebP, at most ${LIMITS.productImageMaxBytes / (1024 * 1024)} MB each and ${LIMITS.productImagesMax} in all. One save takes about 10 MB of images: add large photos over several saves.`;
