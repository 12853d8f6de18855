/**
 * The storage adapters: the local one on a real directory, the S3 one against a real S3-compatible
 * server (s3rver, started by the test): storing, the public URL, removal (what deleting a user's
 * avatar relies on), refusals, and URLs that are not ours left alone.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@lr/nest-kit';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
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
});

describe('S3 media storage against an S3-compatible server', () => {
  let s3: TestS3Server;
  let storage: S3MediaStorage;
  const options = () => ({ ...s3, region: 'us-east-1' });
  const key = (name = NAME, suffix = 'web.webp') => `avatars/${name}.${suffix}`;

  beforeAll(async () => {
    s3 = await startS3Server();
    storage = new S3MediaStorage(options());
  });
  afterAll(() => s3.close());

  it('stores an object and answers its public URL, which serves it', async () => {
    const url = await storage.put(key(), Buffer.from('web version'), 'image/webp');
    expect(url).toBe(`${s3.publicUrl}/${key()}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(await response.text()).toBe('web version');
    expect(storage.keyOf(url)).toBe(key());
  });

  it('removes an object, and removing a missing one is not an error', async () => {
    const url = await storage.put(key('a'.repeat(32)), Buffer.from('x'), 'image/webp');
    await storage.remove(key('a'.repeat(32)));
    expect((await fetch(url)).status).toBe(404);
    await expect(storage.remove(key('a'.repeat(32)))).resolves.toBeUndefined();
    await expect(storage.remove(key('b'.repeat(32)))).resolves.toBeUndefined();
  });

  it('removes an avatar and the originals an earlier version kept, nothing else', async () => {
    const web = await storage.put(key(NAME), Buffer.from('web'), 'image/webp');
    const original = await storage.put(key(NAME, 'png'), Buffer.from('png'), 'image/png');
    const other = await storage.put(key('f'.repeat(32)), Buffer.from('other'), 'image/webp');
    await storeOver(storage).removeAvatar(web);
    expect((await fetch(web)).status).toBe(404);
    expect((await fetch(original)).status).toBe(404);
    expect((await fetch(other)).status).toBe(200);
  });

  it('only maps URLs under S3_PUBLIC_URL, of names the gateway writes, to keys', () => {
    expect(storage.keyOf(`${s3.publicUrl}/products/${NAME}.png`)).toBe(`products/${NAME}.png`);
    expect(storage.keyOf(`/media/avatars/${NAME}.web.webp`)).toBeNull();
    expect(storage.keyOf(`${s3.publicUrl}/avatars/../secrets.txt`)).toBeNull();
    expect(storage.keyOf(`https://elsewhere.example/media/avatars/${NAME}.web.webp`)).toBeNull();
  });

  it('says clearly when the server refuses the credentials or knows no such bucket', async () => {
    const wrongKey = new S3MediaStorage({ ...options(), accessKeyId: 'NOT-A-KEY' });
    await expect(wrongKey.put(key(), Buffer.from('x'), 'image/webp')).rejects.toThrow(
      `image storage refused to store ${key()}: InvalidAccessKeyId (HTTP 403)`,
    );
    await expect(wrongKey.remove(key())).rejects.toThrow(
      `image storage refused to delete ${key()}: InvalidAccessKeyId (HTTP 403)`,
    );
    // Removing an avatar never throws: the change it follows is already made.
    await expect(
      storeOver(wrongKey).removeAvatar(`${s3.publicUrl}/${key()}`),
    ).resolves.toBeUndefined();

    const noBucket = new S3MediaStorage({ ...options(), bucket: 'no-such-bucket' });
    await expect(noBucket.remove(key())).rejects.toThrow('NoSuchBucket (HTTP 404)');
  });
});
