/**
 * Where uploaded images live. The local adapter writes under MEDIA_DIR (served at /media with long
 * cache headers, since names are content-addressed and never change); an S3-compatible adapter is
 * chosen with MEDIA_STORAGE=s3. Each upload is also resized to a web version with sharp.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from '@lr/contracts';
import { sniffImage } from './body.js';

export interface StoredImage {
  /** The web version (at most 1200 px wide, WebP). */
  url: string;
  /** The original, as uploaded. */
  originalUrl: string;
}

export interface MediaStorage {
  put(key: string, data: Buffer, contentType: string): Promise<string>;
}

export class LocalMediaStorage implements MediaStorage {
  constructor(
    private readonly dir: string,
    private readonly publicPrefix = '/media',
  ) {}

  async put(key: string, data: Buffer): Promise<string> {
    const file = path.join(this.dir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
    return `${this.publicPrefix}/${key}`;
  }
}

/**
 * S3-compatible storage through a presign-free PUT (e.g. MinIO with a bucket policy allowing the
 * gateway's credentials). Kept minimal: signing uses AWS Signature V4.
 */
export class S3MediaStorage implements MediaStorage {
  constructor(
    private readonly options: {
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      publicUrl: string;
    },
  ) {}

  async put(key: string, data: Buffer, contentType: string): Promise<string> {
    const { signS3Put } = await import('./s3-sign.js');
    const url = `${this.options.endpoint.replace(/\/$/, '')}/${this.options.bucket}/${key}`;
    const headers = signS3Put({ ...this.options, url, body: data, contentType });
    const response = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(data) });
    if (!response.ok) throw new AppError('SERVICE_UNAVAILABLE', 'Image storage refused the upload');
    return `${this.options.publicUrl.replace(/\/$/, '')}/${key}`;
  }
}

const CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

export class ImageStore {
  constructor(private readonly storage: MediaStorage) {}

  /** Validates by content, stores the original and a resized WebP web version. */
  async save(folder: 'products' | 'avatars', data: Buffer): Promise<StoredImage> {
    const kind = sniffImage(data);
    if (!kind) throw AppError.badRequest('Only PNG, JPEG or WebP images are accepted');
    const hash = createHash('sha256').update(data).digest('hex').slice(0, 32);
    let web: Buffer;
    try {
      const width = folder === 'avatars' ? 256 : 1200;
      web = await sharp(data)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      throw AppError.badRequest('The image could not be read');
    }
    const originalUrl = await this.storage.put(
      `${folder}/${hash}.${kind}`,
      data,
      CONTENT_TYPES[kind],
    );
    const url = await this.storage.put(`${folder}/${hash}.web.webp`, web, 'image/webp');
    return { url, originalUrl };
  }
}
