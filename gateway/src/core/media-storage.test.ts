/**
 * The storage adapters' removal (what deleting a user's avatar relies on): the local adapter on a real
 * directory, the S3 adapter's signed DELETE against a small HTTP endpoint standing in for the bucket
 * (no S3-compatible server runs in the test environment), and URLs that are not ours left alone.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@lr/nest-kit';
import { ImageQueue } from './image-queue.js';
import { ImageStore } from './image-store.js';
import { LocalMediaStorage, S3MediaStorage, type MediaStorage } from './media-storage.js';
import { UploadAllowance } from './upload-allowance.js';

const NAME = '0123456789abcdef0123456789abcdef';

function storeOver(storage: MediaStorage): ImageStore {
  return new ImageStore(
    storage,
    new ImageQueue(1, 0),
    new UploadAllowance(0),
    1_000_000,
    createLogger({ service: 'gateway', level: 'silent', pretty: false }),
  );
}

describe('media storage removal', () => {
  it('removes a local avatar (and an original an earlier version kept beside it)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lr-media-'));
    const storage = new LocalMediaStorage(dir);
    const url = await storage.put(`avatars/${NAME}.web.webp`, Buffer.from('web'));
    await storage.put(`avatars/${NAME}.png`, Buffer.from('original'));
    await storage.put(`avatars/${'f'.repeat(32)}.web.webp`, Buffer.from('someone else'));
    expect(url).toBe(`/media/avatars/${NAME}.web.webp`);
    await storeOver(storage).removeAvatar(url);
    expect(existsSync(path.join(dir, `avatars/${NAME}.web.webp`))).toBe(false);
    expect(existsSync(path.join(dir, `avatars/${NAME}.png`))).toBe(false);
    expect(existsSync(path.join(dir, `avatars/${'f'.repeat(32)}.web.webp`))).toBe(true);
    // Removing again (the file is gone) is not an error.
    await storeOver(storage).removeAvatar(url);
  });

  it('only maps URLs of names the gateway writes to keys', () => {
    const storage = new LocalMediaStorage('/tmp/none');
    expect(storage.keyOf(`/media/avatars/${NAME}.web.webp`)).toBe(`avatars/${NAME}.web.webp`);
    expect(storage.keyOf('/default-avatar.svg')).toBeNull();
    expect(storage.keyOf(`/media/avatars/../../${NAME}.web.webp`)).toBeNull();
    expect(storage.keyOf(`https://elsewhere.example/media/avatars/${NAME}.web.webp`)).toBeNull();
  });

  it('sends S3 a signed DELETE for the avatar and never throws when the bucket refuses', async () => {
    const seen: IncomingMessage[] = [];
    let status = 204;
    const server = createServer((request, response) => {
      seen.push(request);
      response.statusCode = status;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const storage = new S3MediaStorage({
        endpoint,
        bucket: 'media',
        region: 'us-east-1',
        accessKeyId: 'gateway',
        secretAccessKey: 'secret',
        publicUrl: 'https://cdn.example.org/media',
      });
      const store = storeOver(storage);
      await store.removeAvatar(`https://cdn.example.org/media/avatars/${NAME}.web.webp`);
      expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
        `DELETE /media/avatars/${NAME}.web.webp`,
        `DELETE /media/avatars/${NAME}.png`,
        `DELETE /media/avatars/${NAME}.jpeg`,
        `DELETE /media/avatars/${NAME}.webp`,
      ]);
      expect(seen[0]!.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=gateway\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
      );
      status = 500;
      await expect(
        store.removeAvatar(`https://cdn.example.org/media/avatars/${NAME}.web.webp`),
      ).resolves.toBeUndefined();
      // The default avatar is not in the bucket: nothing is sent.
      const before = seen.length;
      await store.removeAvatar('/default-avatar.svg');
      expect(seen.length).toBe(before);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
