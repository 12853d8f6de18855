/**
 * Where uploaded images live. The local adapter writes under MEDIA_DIR (served at /media with long
 * cache headers, since a stored name is never reused for other content); an S3-compatible adapter is
 * chosen with MEDIA_STORAGE=s3. What is stored is decided by image-store.ts.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

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

export interface S3MediaOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string;
}

/** What an S3 error says about itself (the client's exceptions carry these fields). */
function describeS3Error(error: unknown): string {
  const e = error as { name?: unknown; message?: unknown; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  return `${String(e.name ?? 'Error')}${status ? ` (HTTP ${status})` : ''}: ${String(e.message ?? error)}`;
}

/** The object was not there; a missing bucket is a configuration error, not a missing object. */
function isMissingObject(error: unknown): boolean {
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: number } };
  if (e.name === 'NoSuchBucket') return false;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, ...) through the AWS SDK's S3 client, addressed path-style
 * (`<endpoint>/<bucket>/<key>`), which every compatible server accepts. Files are read back from
 * S3_PUBLIC_URL (the bucket made public, or a CDN in front of it), never through the gateway.
 */
export class S3MediaStorage implements MediaStorage {
  private sdk?: Promise<{
    client: S3Client;
    PutObjectCommand: typeof PutObjectCommand;
    DeleteObjectCommand: typeof DeleteObjectCommand;
  }>;

  constructor(private readonly options: S3MediaOptions) {}

  /** The SDK is loaded on first use, so a gateway storing media locally never loads it. */
  private s3() {
    this.sdk ??= import('@aws-sdk/client-s3').then(
      ({ S3Client, PutObjectCommand, DeleteObjectCommand }) => ({
        PutObjectCommand,
        DeleteObjectCommand,
        client: new S3Client({
          endpoint: this.options.endpoint,
          region: this.options.region,
          credentials: {
            accessKeyId: this.options.accessKeyId,
            secretAccessKey: this.options.secretAccessKey,
          },
          forcePathStyle: true,
          // Checksums only where S3 requires them: compatible servers do not all know the SDK's
          // default CRC32 headers.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          // An upload waits on this: a store that stopped answering must not hold it forever.
          requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
        }),
      }),
    );
    return this.sdk;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<string> {
    const { client, PutObjectCommand } = await this.s3();
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: this.options.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
        }),
      );
    } catch (error) {
      throw new Error(`image storage refused to store ${key}: ${describeS3Error(error)}`, {
        cause: error,
      });
    }
    return `${this.options.publicUrl.replace(/\/$/, '')}/${key}`;
  }

  async remove(key: string): Promise<void> {
    const { client, DeleteObjectCommand } = await this.s3();
    try {
      await client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
    } catch (error) {
      // S3 answers 204 whether or not the object was there; some compatible stores answer 404.
      if (isMissingObject(error)) return;
      throw new Error(`image storage refused to delete ${key}: ${describeS3Error(error)}`, {
        cause: error,
      });
    }
  }

  keyOf(url: string): string | null {
    return keyAfter(this.options.publicUrl, url);
  }
}
