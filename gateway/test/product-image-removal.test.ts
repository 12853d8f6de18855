/**
 * A product image that is deleted (on its own, replaced by the old edit form, or with its product)
 * leaves media storage: the web version and the original, in the local folder and in an S3 bucket
 * (s3rver). An order line that named it shows its category's placeholder instead.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { placeholderImageUrl } from '@lr/contracts';
import { multipartForm, solidPng } from '@lr/testing';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';
import { startS3Server, type TestS3Server } from './s3-server.js';
import { startCatalog, startOrders } from './service-starters.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(['local', 's3'] as const)('removing product images from %s storage', (storage) => {
  let s3: TestS3Server | undefined;
  let h: AuthHarness;
  let admin: string;
  let school: string;

  beforeAll(async () => {
    s3 = storage === 's3' ? await startS3Server('lr-product-media') : undefined;
    h = await startAuthHarness(
      {},
      undefined,
      s3
        ? {
            MEDIA_STORAGE: 's3',
            S3_ENDPOINT: s3.endpoint,
            S3_BUCKET: s3.bucket,
            S3_REGION: 'eu-west-1',
            S3_ACCESS_KEY_ID: s3.accessKeyId,
            S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
            S3_PUBLIC_URL: `${s3.publicUrl}/`,
          }
        : {},
    );
    await startCatalog(h);
    await startOrders(h);
    admin = await h.loginAs('admin');
    school = await h.loginAs('maplegrove');
  });
  afterAll(async () => {
    await h?.close();
    await s3?.close();
  });

  /** Whether a stored file is still there (the local folder, or the bucket's public URL). */
  async function stored(url: string): Promise<boolean> {
    if (s3) return (await fetch(url)).status === 200;
    return existsSync(path.join(h.env.dataDir, url.replace(/^\/media\//, 'media/')));
  }

  async function createWithImages(name: string, count: number): Promise<Json> {
    const images = await Promise.all(Array.from({ length: count }, (_, i) => solidPng(20 + i, 10)));
    const form = multipartForm(
      {
        name,
        category: 'Footwear',
        SubCategory: 'One size',
        ProductSize: JSON.stringify([{ size: 'One size', stock: 20 }]),
      },
      images.map((data, i) => ({ field: 'images', data, filename: `${i}.png`, type: 'image/png' })),
    );
    const response = await h.inject({
      method: 'POST',
      url: '/api/console/products',
      headers: { ...form.headers, cookie: admin },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(201);
    const product = response.json() as Json;
    expect(product.images).toHaveLength(count);
    for (const image of product.images as Json[]) {
      expect(await stored(image.url)).toBe(true);
      expect(await stored(image.originalUrl)).toBe(true);
    }
    return product;
  }

  async function orderOf(productId: string): Promise<Json> {
    const placed = await h.inject({
      method: 'POST',
      url: '/api/v1/order/new',
      headers: { cookie: school, 'idempotency-key': randomUUID() },
      payload: {
        shippingInfo: { receivingPersonName: 'A_12_NA', Email: 'teacher@example.org' },
        orderItems: [{ product: productId, ProductSize: 'One size', quantity: 1 }],
      },
    });
    expect([200, 201]).toContain(placed.statusCode);
    return (placed.json() as { order: Json }).order;
  }

  const lineImage = async (orderId: string) => {
    const response = await h.inject({
      method: 'GET',
      url: `/api/v1/order/${orderId}`,
      headers: { cookie: admin },
    });
    return ((response.json() as { order: Json }).order.orderItems as Json[])[0]!.image as string;
  };

  it('removes a deleted image and its original; the order line shows the placeholder', async () => {
    const product = await createWithImages(`Removal Boot ${storage}`, 2);
    const [first, second] = product.images as Json[];
    const order = await orderOf(product.id);
    expect(await lineImage(order._id)).toBe(first!.url);

    const removed = await h.inject({
      method: 'DELETE',
      url: `/api/console/products/${product.id}/images/${first!._id}`,
      headers: { cookie: admin },
    });
    expect(removed.statusCode).toBe(200);
    expect(await stored(first!.url)).toBe(false);
    expect(await stored(first!.originalUrl)).toBe(false);
    expect(await stored(second!.url)).toBe(true);
    expect(await lineImage(order._id)).toBe(placeholderImageUrl('Footwear'));

    const deleted = await h.inject({
      method: 'DELETE',
      url: `/api/console/products/${product.id}`,
      headers: { cookie: admin },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await stored(second!.url)).toBe(false);
    expect(await stored(second!.originalUrl)).toBe(false);
  });

  it('removes the images the old edit form replaces, and those of a product it deletes', async () => {
    const product = await createWithImages(`Replaced Boot ${storage}`, 1);
    const [old] = product.images as Json[];
    const form = multipartForm({ description: 'New photo' }, [
      { field: 'images', data: await solidPng(40, 20), filename: 'new.png', type: 'image/png' },
    ]);
    const edited = await h.inject({
      method: 'PUT',
      url: `/api/v1/admin/product/${product.id}`,
      headers: { ...form.headers, cookie: admin },
      payload: form.payload,
    });
    expect(edited.statusCode).toBe(200);
    const [replacement] = (edited.json() as { product: { images: Json[] } }).product.images;
    expect(replacement!.url).not.toBe(old!.url);
    expect(await stored(old!.url)).toBe(false);
    expect(await stored(old!.originalUrl)).toBe(false);
    expect(await stored(replacement!.url)).toBe(true);

    const deleted = await h.inject({
      method: 'DELETE',
      url: `/api/v1/admin/product/${product.id}`,
      headers: { cookie: admin },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await stored(replacement!.url)).toBe(false);
  });
});
