/**
 * Where uploaded images live. The local adapter writes under MEDIA_DIR (served at /media with long
 * cache headers, since a stored name is never reused for other content); an S3-compatible adapter is
 * chosen with MEDIA_STORAGE=s3. What is stored is decided by image-store.ts.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@lr/contracts';

export interface MediaStorage {
  /** Stores `data` under `key` and returns its public URL. */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** Removes `key`; a key that is not there is not an error. */
  remove(key: string): Promise<void>;
  /** The key of one of this storage's public URLs, or null for any other URL. */
  keyOf(url: string): string | null;
}

/** Keys the gateway writes: a folder, then a random name (see image-store.ts). */
const KEY = /^(avatars|products)\/[0-9a-f]{32}\.(web\.webp|png|jpeg|webp)$/;

function keyAfter(prefix: string, url: string): string | null {
  const base = `${prefix.replace(/\/$/, '')}/`;
  if (!url.startsWith(base)) return null;
  const key = url.slice(base.length);
  // Only names the gateway itself writes: a URL from elsewhere can never reach another file.
  return KEY.test(key) ? key : null;
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

  async remove(key: string): Promise<void> {
    await rm(path.join(this.dir, key), { force: true });
  }

  keyOf(url: string): string | null {
    return keyAfter(this.publicPrefix, url);
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

  private objectUrl(key: string): string {
    return `${this.options.endpoint.replace(/\/$/, '')}/${this.options.bucket}/${key}`;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<string> {
    const { signS3Request } = await import('./s3-sign.js');
    const url = this.objectUrl(key);
    const headers = signS3Request({ ...this.options, method: 'PUT', url, body: data, contentType });
    const response = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(data) });
    if (!response.ok) throw new AppError('SERVICE_UNAVAILABLE', 'Image storage refused the upload');
    return `${this.options.publicUrl.replace(/\/$/, '')}/${key}`;
  }

  async remove(key: string): Promise<void> {
    const { signS3Request } = await import('./s3-sign.js');
    const url = this.objectUrl(key);
    const headers = signS3Request({ ...this.options, method: 'DELETE', url });
    const response = await fetch(url, { method: 'DELETE', headers });
    // S3 answers 204 whether or not the object was there; some compatible stores answer 404.
    if (!response.ok && response.status !== 404)
      throw new Error(`image storage refused to delete ${key}: HTTP ${response.status}`);
  }

  keyOf(url: string): string | null {
    return keyAfter(this.options.publicUrl, url);
  }
}
