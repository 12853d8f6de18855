/**
 * Avatars through the gateway with MEDIA_STORAGE=s3 and the real auth service: the upload ends as an
 * object in an S3-compatible server (s3rver), its public URL serves it, nothing is written to the
 * local media folder, and the avatar a new one replaces is removed from the bucket.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { multipartForm, solidPng } from '@lr/testing';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';
import { startS3Server, type TestS3Server } from './s3-server.js';

describe('gateway image uploads into S3', () => {
  let s3: TestS3Server;
  let h: AuthHarness;

  const updateAvatar = async (data: Buffer) => {
    const form = multipartForm({ name: 'Pine Ridge', email: 'pineridge' }, [
      { field: 'avatar', data, filename: 'me.png', type: 'image/png' },
    ]);
    const response = await h.inject({
      method: 'PUT',
      url: '/api/v1/me/update',
      headers: { ...form.headers, cookie: await h.loginAs('pineridge') },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { user: { avatar: { url: string } } }).user.avatar.url;
  };

  beforeAll(async () => {
    s3 = await startS3Server('lr-media');
    h = await startAuthHarness({}, undefined, {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_PUBLIC_URL: `${s3.publicUrl}/`,
    });
  });
  afterAll(async () => {
    await h?.close();
    await s3?.close();
  });

  it('stores the avatar in the bucket and answers the public URL that serves it', async () => {
    const url = await updateAvatar(await solidPng(24, 12));
    expect(url).toMatch(new RegExp(`^${s3.publicUrl}/avatars/[0-9a-f]{32}\\.web\\.webp$`));
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const stored = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 24, height: 12 });
    const localMedia = path.join(h.env.dataDir, 'media');
    expect(existsSync(localMedia) ? readdirSync(localMedia) : []).toEqual([]);
  });

  it('removes the replaced avatar from the bucket', async () => {
    const first = await updateAvatar(await solidPng(10, 10));
    const second = await updateAvatar(await solidPng(12, 12));
    expect(second).not.toBe(first);
    expect((await fetch(second)).status).toBe(200);
    expect((await fetch(first)).status).toBe(404);
  });
});
