/**
 * The one list of image types every upload accepts (avatars and product images): the gateway checks
 * each file's kind by its content against it, and the store and the console offer the same types in
 * their file pickers.
 */
export const ACCEPTED_IMAGE_TYPES = {
  png: { mimeType: 'image/png', extensions: ['.png'] },
  jpeg: { mimeType: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  webp: { mimeType: 'image/webp', extensions: ['.webp'] },
} as const;

export type ImageKind = keyof typeof ACCEPTED_IMAGE_TYPES;

export const ACCEPTED_IMAGE_MIME_TYPES: readonly string[] = Object.values(ACCEPTED_IMAGE_TYPES).map(
  (type) => type.mimeType,
);

/** How messages name the accepted types. */
export const ACCEPTED_IMAGE_NAMES = 'PNG, JPEG or WebP';
