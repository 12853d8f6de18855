/**
 * A real S3-compatible server for tests: s3rver (pure JavaScript, on npm) on a loopback port, its
 * objects in a temporary folder, with one bucket. s3rver knows one account, S3RVER; it refuses an
 * unknown access key id but does not check V4 signatures, so a wrong secret goes unnoticed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  /** e.g. http://127.0.0.1:40123 */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket's own URL: s3rver serves objects to anonymous GETs, as a public bucket would. */
  publicUrl: string;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'media'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'lr-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: `${endpoint}/${bucket}`,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
