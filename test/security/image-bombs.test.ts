/**
 * Image decoding cannot take the gateway down: a 16383 x 16383 PNG (a
 * 1 MB file that decodes to 1 GB) is refused from its header with nothing decoded or created; eight
 * large but allowed uploads at once go through the image queue two at a time while /health keeps
 * answering and memory stays bounded; a form whose second image cannot be read leaves no file; a
 * phone photo's EXIF (GPS position) is gone from every file stored and served, with its orientation
 * applied.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { multipartForm, solidPng, waitFor } from '@lr/testing';
import { ImageQueue } from '../../gateway/src/core/image-queue.js';
import { startFullStack, type FullStack } from '../support/full-stack.js';

const CONCURRENCY = 2;
const MB = 1024 * 1024;

interface ConsoleProduct {
  id: string;
  images: { url: string; originalUrl: string }[];
}

function productForm(name: string, images: Buffer[]) {
  return multipartForm(
    {
      name,
      category: 'Sports',
      SubCategory: 'One size',
      ProductSize: JSON.stringify([{ size: 'A', stock: 1 }]),
    },
    images.map((data, i) => ({ field: 'images', data, filename: `${i}.img`, type: 'image/png' })),
  );
}

describe('image decoding cannot take the gateway down', () => {
  let stack: FullStack;
  let admin: string;
  let queue: ImageQueue;
  let productsDir: string;

  const mediaFile = (url: string) => path.join(stack.env.dataDir, url.replace(/^\//, ''));
  const productFiles = () => (existsSync(productsDir) ? readdirSync(productsDir) : []);
  const createProduct = (name: string, images: Buffer[]) => {
    const form = productForm(name, images);
    return stack.request({
      method: 'POST',
      url: '/api/console/products',
      cookie: admin,
      headers: form.headers,
      payload: form.payload,
    });
  };

  beforeAll(async () => {
    stack = await startFullStack({
      IMAGE_CONCURRENCY: String(CONCURRENCY),
      IMAGE_QUEUE_MAX: '16',
      IMAGE_UPLOADS_PER_MINUTE: '30',
      IMAGE_MAX_PIXELS: '40000000',
    });
    admin = await stack.login('admin');
    queue = stack.app.get(ImageQueue);
    productsDir = path.join(stack.env.dataDir, 'media', 'products');
  }, 120_000);
  afterAll(() => stack.close());

  it('refuses a 16383 x 16383 PNG from its header: 413 with the limit, nothing decoded or created', async () => {
    const bomb = await solidPng(16383, 16383);
    const started = queue.stats().started;
    const response = await createProduct('Zz Bomb', [bomb]);
    expect(response.statusCode).toBe(413);
    expect(JSON.parse(response.body)).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message:
        'images: the image is 16383 x 16383 pixels (268.4 megapixels); at most 40 megapixels are accepted',
    });
    expect(queue.stats().started).toBe(started);
    expect(productFiles()).toEqual([]);
    const list = await stack.request({
      method: 'GET',
      url: `/api/console/products?filter=${encodeURIComponent(JSON.stringify({ q: 'Zz Bomb' }))}`,
      cookie: admin,
    });
    expect(JSON.parse(list.body)).toEqual([]);
  });

  it('works on eight large uploads at most two at a time; /health answers meanwhile and memory stays bounded', async () => {
    // 24 megapixels each, allowed (under 40): about 96 MB of pixels once decoded.
    const large = await solidPng(6000, 4000, [30, 90, 200, 255]);
    expect(large.length).toBeLessThan(5 * MB);
    const before = queue.stats();
    const rssBefore = process.memoryUsage.rss();
    // Sampled while the uploads run: the process's lifetime peak (maxRSS) would also hold the peaks
    // of test files that ran earlier in the same worker.
    let peakRss = rssBefore;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, 5);
    const uploads = Array.from({ length: 8 }, (_, i) => createProduct(`Zz Large ${i}`, [large]));
    await waitFor(() => queue.stats().active > 0, { message: 'the image queue to start' });

    const health = await stack.request({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    // /health was answered while images were still waiting or being worked on.
    const during = queue.stats();
    expect(during.active + during.waiting).toBeGreaterThan(0);

    const responses = await Promise.all(uploads).finally(() => clearInterval(sampler));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const after = queue.stats();
    expect(after.started - before.started).toBe(8);
    expect(after.peakActive).toBeLessThanOrEqual(CONCURRENCY);
    expect(after.refused).toBe(before.refused);
    // The bound is what fits beside the gateway's usual memory under its 512 Mi pod limit
    // (deploy/k8s/gateway.yaml).
    expect(peakRss - rssBefore).toBeLessThan(400 * MB);

    const product = JSON.parse(responses[0]!.body) as ConsoleProduct;
    const stored = await sharp(mediaFile(product.images[0]!.originalUrl)).metadata();
    expect(stored).toMatchObject({ format: 'png', width: 6000, height: 4000 });
  }, 120_000);

  it('creates nothing and leaves no file when a later image of the form cannot be read', async () => {
    const files = productFiles();
    const good = await solidPng(50, 50);
    const broken = (await solidPng(64, 64)).subarray(0, 60);
    const response = await createProduct('Zz Half Broken', [good, broken]);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'images: the image could not be read',
    });
    expect(productFiles()).toEqual(files);
    const list = await stack.request({
      method: 'GET',
      url: `/api/console/products?filter=${encodeURIComponent(JSON.stringify({ q: 'Zz Half' }))}`,
      cookie: admin,
    });
    expect(JSON.parse(list.body)).toEqual([]);
  });

  it('strips EXIF (GPS position) from the stored and served files and applies the orientation', async () => {
    const photo = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#884422' },
    })
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'PhoneCo' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .jpeg()
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.exif?.toString('latin1')).toContain('PhoneCo');
    const response = await createProduct('Zz Photo', [photo]);
    expect(response.statusCode).toBe(201);
    const { images } = JSON.parse(response.body) as ConsoleProduct;
    for (const [url, format] of [
      [images[0]!.originalUrl, 'jpeg'],
      [images[0]!.url, 'webp'],
    ] as const) {
      const onDisk = await sharp(mediaFile(url)).metadata();
      const served = await stack.request({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      for (const metadata of [onDisk, await sharp(served.rawPayload).metadata()]) {
        expect(metadata).toMatchObject({ format, width: 20, height: 40 });
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(metadata.orientation).toBeUndefined();
      }
    }
  });
});
