/**
 * The old client's contract on /api/v1 through the real gateway, auth, catalog and orders: every
 * route documents its answer in the OpenAPI document, a product without images still has
 * `images[0].url` (its category's placeholder) wherever /api/v1 shows a product, and the console
 * keeps its own shape (`id` first, the old API's fields, only uploaded images).
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { apiProductSchema, placeholderImageUrl } from '@lr/contracts';
import { startCatalog, startOrders } from './service-starters.js';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

/** The old backend's field order, which its clients (and diffing tools) see. */
const PRODUCT_FIELDS = [
  '_id',
  'name',
  'description',
  'category',
  'SubCategory',
  'ProductSize',
  'Stock',
  'images',
  'image',
  'price',
  'ratings',
  'numOfReviews',
  'reviews',
  'isShow',
  'lowStockThreshold',
  'createdAt',
  'updatedAt',
];

describe('/api/v1 contract', () => {
  let h: AuthHarness;
  let admin: string;
  let school: string;

  const get = (url: string, cookie?: string) =>
    h.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    h = await startAuthHarness();
    await startCatalog(h);
    await startOrders(h);
    [admin, school] = await Promise.all([h.loginAs('admin'), h.loginAs('maplegrove')]);
  });
  afterAll(() => h.close());

  it('documents a 200 answer schema for every /api/v1 route', async () => {
    const response = await get('/api/docs');
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
    const v1 = Object.entries(paths).filter(([path]) => path.startsWith('/api/v1/'));
    const gets = v1.filter(([, operations]) => operations.get !== undefined);
    expect(gets.length).toBeGreaterThan(10);
    const undocumented: string[] = [];
    for (const [path, operations] of v1) {
      for (const [method, operation] of Object.entries(operations)) {
        const content = Object.values(operation.responses['200']?.content ?? {});
        const schema = content[0]?.schema;
        if (!schema || Object.keys(schema).length === 0)
          undocumented.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undocumented).toEqual([]);
    // The document says what the old client reads, with the old API's names.
    const product =
      paths['/api/v1/product/{id}']!.get!.responses['200']!.content!['application/json']!.schema!
        .properties.product;
    expect(product.required).toEqual(expect.arrayContaining(['_id', 'SubCategory', 'price']));
    expect(product.properties.images.minItems).toBe(1);
    expect(Object.keys(paths['/api/v1/admin/orders.csv']!.get!.responses['200']!.content!)).toEqual(
      ['text/csv'],
    );
  });

  it('gives a product without images its placeholder in images[0] on every /api/v1 answer', async () => {
    const name = `Plain Cap ${randomUUID().slice(0, 8)}`;
    const placeholder = placeholderImageUrl('Sports');
    const created = await h.inject({
      method: 'POST',
      url: '/api/v1/admin/product/new',
      headers: { cookie: admin },
      payload: {
        name,
        category: 'Sports',
        SubCategory: 'One size',
        ProductSize: [{ size: 'One size', stock: 5 }],
      },
    });
    expect(created.statusCode).toBe(201);
    const product = created.json().product as Json;
    const expectPlaceholder = (shown: Json) => {
      expect(shown.images).toEqual([{ url: placeholder }]);
      expect(shown.image).toBe(placeholder);
    };
    expectPlaceholder(product);
    expect(Object.keys(product)).toEqual(PRODUCT_FIELDS);
    expect(apiProductSchema.safeParse(product).success).toBe(true);

    expectPlaceholder((await get(`/api/v1/product/${product._id}`)).json().product);
    const keyword = encodeURIComponent(name);
    const listed = (await get(`/api/v1/products?keyword=${keyword}`)).json().products as Json[];
    expect(listed).toHaveLength(1);
    expectPlaceholder(listed[0]!);
    const groups = (await get(`/api/v1/products/grouped?keyword=${keyword}`)).json()
      .groups as Json[];
    expect(groups).toHaveLength(1);
    expectPlaceholder(groups[0]!);
    const all = (await get('/api/v1/admin/products', admin)).json().products as Json[];
    expectPlaceholder(all.find((p) => p._id === product._id)!);
    const updated = await h.inject({
      method: 'PUT',
      url: `/api/v1/admin/product/${product._id}`,
      headers: { cookie: admin },
      payload: { description: 'A cap', ProductSize: 'One size', Stock: '4' },
    });
    expect(updated.statusCode).toBe(200);
    expectPlaceholder(updated.json().product);

    const placed = await h.inject({
      method: 'POST',
      url: '/api/v1/order/new',
      headers: { cookie: school },
      payload: {
        shippingInfo: {
          receivingPersonName: 'ST-1_9_NA',
          Email: 'office@maple.example',
        },
        orderItems: [{ product: product._id, ProductSize: 'One size', quantity: 1 }],
      },
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order.orderItems[0].image).toBe(placeholder);

    // The console keeps an empty images list.
    const record = (await get(`/api/console/products/${product._id}`, admin)).json();
    expect(record.images).toEqual([]);
  });

  it("keeps the console's product record: id, then the old API's fields, uploaded images only, then the value", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const boundary = `----lr${randomUUID()}`;
    const field = (key: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(
        field('name', `Photo Cap ${randomUUID().slice(0, 8)}`) +
          field('category', 'Sports') +
          field('SubCategory', 'One size') +
          field('ProductSize', '[{"size":"One size","stock":2}]') +
          `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const created = await h.inject({
      method: 'POST',
      url: '/api/v1/admin/product/new',
      headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().product._id as string;
    const plain = (
      await h.inject({
        method: 'POST',
        url: '/api/console/products',
        headers: { cookie: admin },
        payload: {
          name: `Plain Scarf ${randomUUID().slice(0, 8)}`,
          category: 'Clothing',
          SubCategory: 'One size',
          ProductSize: [{ size: 'One size', stock: 1 }],
        },
      })
    ).json().id as string;

    for (const productId of [id, plain]) {
      const v1 = (await get(`/api/v1/product/${productId}`, admin)).json().product as Json;
      const record = await get(`/api/console/products/${productId}`, admin);
      const stored = productId === plain ? [] : v1.images;
      // The fair-market value is the console's alone, after the old API's fields.
      expect(record.body).toBe(
        JSON.stringify({ id: productId, ...v1, images: stored, fairMarketValue: null }),
      );
    }
    const v1 = (await get(`/api/v1/product/${id}`, admin)).json().product as Json;
    expect(Object.keys(v1.images[0])).toEqual(['_id', 'url', 'originalUrl']);
  });
});
