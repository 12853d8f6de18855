/**
 * Every image the gateway accepts goes through here, in two steps:
 *
 * 1. `check` (as soon as the form is read): the account's upload allowance, then each file's kind and
 *    pixel count from its header. Nothing is decoded, so a refusal costs next to nothing.
 * 2. `withProductImages` / `withAvatar` (once the other fields are valid): each image in turn is
 *    decoded, oriented and re-encoded in the image queue and its files written; then the caller's
 *    call runs. If an image cannot be read or stored, or the call is refused, the request's new
 *    files are removed again: a refused request leaves nothing behind.
 *
 * What is stored is re-encoded, never the bytes as uploaded: encoders write no metadata unless asked,
 * so EXIF (a phone photo's GPS position, camera serial), XMP and comments are gone, and the EXIF
 * orientation is applied to the pixels first so the picture still stands the right way up. Names
 * are random, so a file belongs to exactly one product or user and can be removed with it.
 */
import { randomBytes } from 'node:crypto';
import {
  ACCEPTED_IMAGE_TYPES,
  AppError,
  HTTP_STATUS_BY_CODE,
  type ImageKind,
  type ImageRef,
} from '@lr/contracts';
import type { Logger } from '@lr/nest-kit';
import sharp, { type Sharp } from 'sharp';
import type { UploadedFile } from './body.js';
import { checkImageHeader, type CheckedImage } from './image-header.js';
import type { ImageQueue } from './image-queue.js';
import type { MediaStorage } from './media-storage.js';
import type { UploadAllowance } from './upload-allowance.js';

export type { CheckedImage } from './image-header.js';

const WEB_WIDTH = { products: 1200, avatars: 256 } as const;

type Encoder = (input: Sharp) => Sharp;

interface MediaFile {
  key: string;
  data: Buffer;
  contentType: string;
}

function encodeAs(image: Sharp, kind: ImageKind): Sharp {
  switch (kind) {
    case 'png':
      return image.png();
    case 'jpeg':
      return image.jpeg({ quality: 90 });
    case 'webp':
      return image.webp({ quality: 90 });
  }
}

/** True when a call was answered with a refusal, so nothing it was given was kept. */
function isRefusal(error: unknown): boolean {
  return error instanceof AppError && HTTP_STATUS_BY_CODE[error.code] < 500;
}

export class ImageStore {
  constructor(
    private readonly storage: MediaStorage,
    private readonly queue: ImageQueue,
    private readonly allowance: UploadAllowance,
    private readonly maxPixels: number,
    private readonly logger: Logger,
  ) {}

  /**
   * Counts the files against the account's allowance (429), then checks each one's kind (400) and
   * pixel count (413) from its header alone.
   */
  async check(accountId: string, files: UploadedFile[], label: string): Promise<CheckedImage[]> {
    this.allowance.take(accountId, files.length);
    const checked: CheckedImage[] = [];
    for (const file of files) {
      checked.push(await checkImageHeader(file.data, this.maxPixels, label));
    }
    return checked;
  }

  /**
   * Stores each product image (a web version at most 1200 px wide and the original, both without
   * metadata) and calls `use` with their URLs; the files are removed if `use` is refused.
   */
  async withProductImages<T>(
    images: CheckedImage[],
    use: (stored: ImageRef[]) => Promise<T>,
  ): Promise<T> {
    const written: string[] = [];
    const stored: ImageRef[] = [];
    try {
      // One image at a time: a request holds at most one of the queue's slots, and at most one
      // image's encoded files before they are written.
      for (const image of images) {
        const name = `products/${randomBytes(16).toString('hex')}`;
        const [web, original] = await this.render(image, [
          (input) =>
            input
              .resize({ width: WEB_WIDTH.products, withoutEnlargement: true })
              .webp({ quality: 80 }),
          (input) => encodeAs(input, image.kind),
        ]);
        const webKey = `${name}.web.webp`;
        const originalKey = `${name}.${image.kind}`;
        const urls = await this.writeAll([
          { key: webKey, data: web, contentType: ACCEPTED_IMAGE_TYPES.webp.mimeType },
          {
            key: originalKey,
            data: original,
            contentType: ACCEPTED_IMAGE_TYPES[image.kind].mimeType,
          },
        ]);
        written.push(webKey, originalKey);
        stored.push({ url: urls.get(webKey)!, originalUrl: urls.get(originalKey)! });
      }
    } catch (error) {
      // A later image that cannot be read or stored takes the earlier ones of the request with it.
      await this.removeQuietly(written);
      throw error;
    }
    return this.removeIfRefused(written, () => use(stored));
  }

  /**
   * Stores an avatar (a 256 px WebP without metadata; avatars are only ever shown small, so no
   * original is kept) and calls `use` with its URL, or with undefined when there is none; the file is
   * removed if `use` is refused.
   */
  async withAvatar<T>(
    image: CheckedImage | undefined,
    use: (avatar: { url: string } | undefined) => Promise<T>,
  ): Promise<T> {
    if (!image) return use(undefined);
    const [data] = await this.render(image, [
      (input) =>
        input.resize({ width: WEB_WIDTH.avatars, withoutEnlargement: true }).webp({ quality: 80 }),
    ]);
    const key = `avatars/${randomBytes(16).toString('hex')}.web.webp`;
    const urls = await this.writeAll([
      { key, data, contentType: ACCEPTED_IMAGE_TYPES.webp.mimeType },
    ]);
    return this.removeIfRefused([key], () => use({ url: urls.get(key)! }));
  }

  /**
   * Removes an avatar nothing refers to any more (its user was deleted or chose another). Never
   * throws: the change is already made, and a file left behind is only logged. The default avatar
   * and URLs of other origins are not ours and are left alone.
   */
  async removeAvatar(url: string): Promise<void> {
    const key = this.storage.keyOf(url);
    if (!key?.startsWith('avatars/')) return;
    const base = key.replace(/\.web\.webp$/, '');
    // Earlier versions also stored the avatar as uploaded, beside the web version.
    await this.removeQuietly([key, `${base}.png`, `${base}.jpeg`, `${base}.webp`]);
  }

  /**
   * Removes product images nothing refers to any more (they or their product were deleted): the
   * web version and the original. Never throws, as `removeAvatar`. Placeholders and URLs of other
   * origins are not ours and are left alone.
   */
  async removeProductImages(images: readonly ImageRef[]): Promise<void> {
    const keys = images
      .flatMap((image) => [image.url, image.originalUrl])
      .map((url) => this.storage.keyOf(url))
      .filter((key): key is string => key?.startsWith('products/') === true);
    await this.removeQuietly(keys);
  }

  /**
   * Decodes, orients and encodes one image once per encoder, all in one turn of the queue, with the
   * pixel limit enforced again by sharp.
   */
  private async render<E extends Encoder[]>(
    image: CheckedImage,
    encoders: [...E],
  ): Promise<{ [K in keyof E]: Buffer }> {
    return this.queue.run(async () => {
      const outputs: Buffer[] = [];
      try {
        for (const encode of encoders) {
          const input = sharp(image.data, {
            // The header was checked; this also stops a decoder that finds more pixels than declared.
            limitInputPixels: this.maxPixels,
            sequentialRead: true,
          }).autoOrient();
          outputs.push(await encode(input).toBuffer());
        }
      } catch {
        throw AppError.badRequest(`${image.label}: the image could not be read`);
      }
      return outputs as { [K in keyof E]: Buffer };
    });
  }

  /** Writes every file or none: after a failed write, those already written are removed. */
  private async writeAll(files: MediaFile[]): Promise<Map<string, string>> {
    const urls = new Map<string, string>();
    try {
      for (const file of files) {
        urls.set(file.key, await this.storage.put(file.key, file.data, file.contentType));
      }
    } catch (error) {
      await this.removeQuietly([...urls.keys()]);
      this.logger.error({ err: error }, 'storing an image failed');
      throw new AppError('SERVICE_UNAVAILABLE', 'The image could not be stored; please try again');
    }
    return urls;
  }

  private async removeIfRefused<T>(keys: string[], use: () => Promise<T>): Promise<T> {
    try {
      return await use();
    } catch (error) {
      // After a refusal nothing points at the new files. After a timeout the call may still have
      // succeeded, so they stay.
      if (isRefusal(error)) await this.removeQuietly(keys);
      throw error;
    }
  }

  private async removeQuietly(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.storage.remove(key);
      } catch (error) {
        this.logger.warn({ err: error, key }, 'removing an image failed; the file is left behind');
      }
    }
  }
}
