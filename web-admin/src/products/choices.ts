import { ACCEPTED_IMAGE_TYPES, CATEGORIES, SUB_CATEGORIES } from '@lr/contracts';

export const CATEGORY_CHOICES = CATEGORIES.map((name) => ({ id: name, name }));
export const SUB_CATEGORY_CHOICES = SUB_CATEGORIES.map((name) => ({ id: name, name }));

/** Image types the gateway accepts (checked there by content), in react-dropzone's format. */
export const IMAGE_ACCEPT: Record<string, string[]> = Object.fromEntries(
  Object.values(ACCEPTED_IMAGE_TYPES).map((type) => [type.mimeType, [...type.extensions]]),
);
