/**
 * Images through the gateway with the real auth service (avatars): a huge image is refused from its
 * header before anything is decoded, a full image queue answers 503 with Retry-After, the per-account
 * upload allowance answers 429, stored avatars carry no EXIF, a refused registration leaves no file,
 * and the avatar file of a deleted user, or one replaced by a new avatar, is removed.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { multipartForm, solidPng } from '@lr/testing';
import type { LightMyRequestResponse } from 'fastify';
import { ImageQueue } from '../src/core/image-queue.js';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

/** A JPEG photo as a phone takes it: on its side (EXIF orientation 6), with a GPS position. */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#884422' } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

describe('gateway image uploads (avatars)', () => {
  let h: AuthHarness;
  let admin: string;
  let queue: ImageQueue;
  let avatarsDir: string;

  const avatarFiles = () => (existsSync(avatarsDir) ? readdirSync(avatarsDir) : []);
  const updateAvatar = (
    cookie: string,
    data: Buffer,
    name = 'Cedar Hill MS',
    loginId = 'cedarhill',
  ) => {
    const form = multipartForm({ name, email: loginId }, [
      { field: 'avatar', data, filename: 'me.png', type: 'image/png' },
    ]);
    return h.inject({
      method: 'PUT',
      url: '/api/v1/me/update',
      headers: { ...form.headers, cookie },
      payload: form.payload,
    });
  };
  const register = (loginId: string, avatar: Buffer) => {
    const form = multipartForm(
      { name: `School ${loginId}`, email: loginId, password: 'school-code', role: 'user' },
      [{ field: 'avatar', data: avatar, filename: 'a.jpg', type: 'image/jpeg' }],
    );
    return h.inject({
      method: 'POST',
      url: '/api/v1/register',
      headers: { ...form.headers, cookie: admin },
      payload: form.payload,
    });
  };
  const message = (response: LightMyRequestResponse) =>
    (response.json() as { message: string }).message;

  beforeAll(async () => {
    h = await startAuthHarness({}, undefined, {
      IMAGE_CONCURRENCY: '1',
      IMAGE_QUEUE_MAX: '0',
      IMAGE_UPLOADS_PER_MINUTE: '4',
      IMAGE_MAX_PIXELS: '40000000',
    });
    admin = await h.loginAs('admin');
    queue = h.app.get(ImageQueue);
    avatarsDir = path.join(h.env.dataDir, 'media', 'avatars');
  });
  afterAll(() => h.close());

  it('refuses a 16383 x 16383 PNG with 413 naming the limit, decoding nothing', async () => {
    const cookie = await h.loginAs('maplegrove');
    const bomb = await solidPng(16383, 16383);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = queue.stats().started;
    const form = multipartForm({ name: 'Maple Grove Elementary', email: 'maplegrove' }, [
      { field: 'avatar', data: bomb, filename: 'bomb.png', type: 'image/png' },
    ]);
    const response = await h.inject({
      method: 'PUT',
      url: '/api/v1/me/update',
      headers: { ...form.headers, cookie },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(message(response)).toBe(
      'avatar: the image is 16383 x 16383 pixels (268.4 megapixels); at most 40 megapixels are accepted',
    );
    expect(queue.stats().started).toBe(before);
    expect(avatarFiles()).toEqual([]);
  });

  it('stores an avatar without its EXIF (GPS gone) and the right way up', async () => {
    const photo = await phonePhoto();
    const sent = await sharp(photo).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif).toBeDefined();
    const cookie = await h.loginAs('cedarhill');
    const response = await updateAvatar(cookie, photo);
    expect(response.statusCode).toBe(200);
    const url = (response.json() as { user: { avatar: { url: string } } }).user.avatar.url;
    const file = path.join(h.env.dataDir, url.replace(/^\/media\//, 'media/'));
    const stored = await sharp(file).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 20, height: 40 });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    // Only the small web version is kept for an avatar.
    expect(avatarFiles()).toEqual([path.basename(file)]);
  });

  it('refuses with 400 an image whose header reads but whose pixels do not, storing nothing', async () => {
    const cookie = await h.loginAs('lakeview');
    const whole = await solidPng(64, 64);
    const files = avatarFiles();
    const started = queue.stats().started;
    const response = await updateAvatar(cookie, whole.subarray(0, 60), 'Lakeview', 'lakeview');
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('avatar: the image could not be read');
    // The header passed; decoding found the pixels missing.
    expect(queue.stats().started).toBe(started + 1);
    expect(queue.stats().active).toBe(0);
    expect(avatarFiles()).toEqual(files);
  });

  it('removes the avatar a new one replaces', async () => {
    const cookie = await h.loginAs('pineridge');
    const first = await updateAvatar(cookie, await solidPng(10, 10), 'Pine Ridge', 'pineridge');
    expect(first.statusCode).toBe(200);
    const firstFile = path.basename(first.json().user.avatar.url as string);
    expect(avatarFiles()).toContain(firstFile);
    const second = await updateAvatar(cookie, await solidPng(12, 12), 'Pine Ridge', 'pineridge');
    expect(second.statusCode).toBe(200);
    expect(avatarFiles()).toContain(path.basename(second.json().user.avatar.url as string));
    expect(avatarFiles()).not.toContain(firstFile);
  });

  it('answers 503 with Retry-After while the image queue is full, storing nothing', async () => {
    const cookie = await h.loginAs('riverside');
    let release!: () => void;
    const held = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const files = avatarFiles();
    const png = await solidPng(8, 8);
    try {
      const form = multipartForm({ name: 'Riverside High', email: 'riverside' }, [
        { field: 'avatar', data: png, filename: 'r.png', type: 'image/png' },
      ]);
      const response = await h.inject({
        method: 'PUT',
        url: '/api/v1/me/update',
        headers: { ...form.headers, cookie },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(message(response)).toMatch(/Too many images are being processed; try again in/);
    } finally {
      release();
      await held;
    }
    expect(avatarFiles()).toEqual(files);
  });

  it('limits the images one account uploads per minute with 429 and Retry-After', async () => {
    const cookie = await h.loginAs('oakpark');
    const png = await solidPng(8, 8);
    const statuses: number[] = [];
    let refused: LightMyRequestResponse | undefined;
    for (let i = 0; i < 5; i += 1) {
      const form = multipartForm({ name: 'Oak Park Primary', email: 'oakpark' }, [
        { field: 'avatar', data: png, filename: 'o.png', type: 'image/png' },
      ]);
      const response = await h.inject({
        method: 'PUT',
        url: '/api/v1/me/update',
        headers: { ...form.headers, cookie },
        payload: form.payload,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) refused = response;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(message(refused!)).toMatch(/at most 4 images per minute per account/);
    // Another account is not affected.
    const other = await updateAvatar(await h.loginAs('cedarhill'), await solidPng(8, 8));
    expect(other.statusCode).toBe(200);
  });

  it('removes the stored avatar when auth refuses the registration', async () => {
    const files = avatarFiles();
    const duplicate = await register('maplegrove', await phonePhoto());
    expect(duplicate.statusCode).toBe(409);
    expect(avatarFiles()).toEqual(files);
  });

  it("removes a deleted user's avatar file (old API and console)", async () => {
    for (const [loginId, url] of [
      ['gone-old-api', (id: string) => `/api/v1/admin/user/${id}`],
      ['gone-console', (id: string) => `/api/console/users/${id}`],
    ] as const) {
      const created = await register(loginId, await solidPng(30, 30));
      expect(created.statusCode).toBe(201);
      const user = (created.json() as { user: { _id: string; avatar: { url: string } } }).user;
      const file = path.join(avatarsDir, path.basename(user.avatar.url));
      expect(existsSync(file)).toBe(true);
      const deleted = await h.inject({
        method: 'DELETE',
        url: url(user._id),
        headers: { cookie: admin },
      });
      expect(deleted.statusCode).toBe(200);
      expect(existsSync(file)).toBe(false);
    }
  });
});
