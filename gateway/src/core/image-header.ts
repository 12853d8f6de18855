/**
 * The first look at an uploaded image: its kind by content and its size from its header, before any
 * pixel is decoded. A small file can declare a huge image (a 16383 x 16383 PNG of one colour is
 * about 1 MB and decodes to 1 GB), so the pixel count is checked here, where it costs nothing.
 */
import { ACCEPTED_IMAGE_NAMES, AppError, type ImageKind } from '@lr/contracts';
import sharp from 'sharp';
import { sniffImage } from './body.js';

export interface CheckedImage {
  kind: ImageKind;
  width: number;
  height: number;
  data: Buffer;
  /** The form field, for messages about this image. */
  label: string;
}

function megapixels(pixels: number): string {
  return `${Number((pixels / 1_000_000).toFixed(1))} megapixels`;
}

/**
 * Throws 400 unless `data` is a readable PNG, JPEG or WebP, and 413 (naming the limit) when it has
 * more than `maxPixels` pixels.
 */
export async function checkImageHeader(
  data: Buffer,
  maxPixels: number,
  label: string,
): Promise<CheckedImage> {
  const kind = sniffImage(data);
  if (!kind)
    throw AppError.badRequest(`${label}: only ${ACCEPTED_IMAGE_NAMES} images are accepted`);
  let width: number | undefined;
  let height: number | undefined;
  try {
    // metadata() parses the header only; the pixel limit is ours to apply, with our message.
    ({ width, height } = await sharp(data, { limitInputPixels: false }).metadata());
  } catch {
    throw AppError.badRequest(`${label}: the image could not be read`);
  }
  if (!width || !height) throw AppError.badRequest(`${label}: the image could not be read`);
  const pixels = width * height;
  if (pixels > maxPixels) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `${label}: the image is ${width} x ${height} pixels (${megapixels(pixels)}); at most ${megapixels(maxPixels)} are accepted`,
    );
  }
  return { kind, width, height, data, label };
}
