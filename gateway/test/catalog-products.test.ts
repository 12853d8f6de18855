/**
 * Catalog routes through the real gateway with the real auth, catalog and orders services: shapes of
 * the old API, visibility, the old admin forms (multipart with an image), the console dialect, reviews,
 * the dashboard per role, the placeholder image, and the allowed/refused status per role.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { catalogOps } from '@lr/contracts';
import { countUnsent, NATS_CONNECTION, type NatsConnection } from '@lr/nest-kit';
import { TestEnv, waitFor } from '@lr/testing';
import { startCatalog, startOrders } from './service-starters.js';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function multipart(
  fields: [string, string][],
  files: [string, Buffer][] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lr${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const [name, data] of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('gateway catalog routes', () => {
  let h: AuthHarness;
  let admin: string;
  let volunteer: string;
  let user: string;
  let png: Buffer;

  const get = (url: string, cookie?: string) =>
    h.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string | undefined,
    payload?: unknown,
  ) =>
    h.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });

  async function createJson(body: Json): Promise<Json> {
    const response = await send('POST', '/api/console/products', admin, body);
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  beforeAll(async () => {
    h = await startAuthHarness();
    await startCatalog(h);
    await startOrders(h);
    [admin, volunteer, user] = await Promise.all([
      h.loginAs('admin'),
      h.loginAs('volunteer'),
      h.loginAs('TEST USER'),
    ]);
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  });
  afterAll(() => h.close());

  it('creates a product from the old multipart form with an image, then lists and shows it', async () => {
    const form = multipart(
      [
        ['name', 'Rain Boots 50%_off'],
        ['category', 'Footwear'],
        ['SubCategory', "Unisex toddler's sizing"],
        ['description', 'Keeps feet dry'],
        [
          'ProductSize',
          JSON.stringify([
            { size: '6', stock: 2 },
            { size: '7', stock: 0 },
          ]),
        ],
        ['isShow', 'true'],
      ],
      [['images', png]],
    );
    const created = await h.inject({
      method: 'POST',
      url: '/api/v1/admin/product/new',
      headers: { cookie: admin, ...form.headers },
      payload: form.payload,
    });
    expect(created.statusCode).toBe(201);
    const { success, product } = created.json();
    expect(success).toBe(true);
    expect(product).toMatchObject({
      name: 'Rain Boots 50%_off',
      category: 'Footwear',
      SubCategory: "Unisex toddler's sizing",
      Stock: 2,
      price: 0,
      ratings: 0,
      numOfReviews: 0,
      reviews: [],
      isShow: true,
    });
    expect(product.ProductSize.map((s: Json) => [s.size, s.stock])).toEqual([
      ['6', 2],
      ['7', 0],
    ]);
    expect(product.images).toHaveLength(1);
    const media = await get(product.images[0].url);
    expect(media.statusCode).toBe(200);

    const one = await get(`/api/v1/product/${product._id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().product._id).toBe(product._id);

    // The keyword's % and _ match literally, not as wildcards.
    const found = (await get('/api/v1/products?keyword=50%25_off')).json();
    expect(found.products.map((p: Json) => p._id)).toEqual([product._id]);
    expect((await get('/api/v1/products?keyword=5%25%25')).json().products).toEqual([]);
  });

  it('refuses bad product input with 400 naming the field', async () => {
    const base = {
      name: 'Bad',
      category: 'Footwear',
      SubCategory: 'One size',
      ProductSize: [{ size: 'A', stock: 1 }],
    };
    const cases: [Json, string][] = [
      [{ ...base, category: 'Food' }, 'category'],
      [{ ...base, SubCategory: 'Huge' }, 'SubCategory'],
      [{ ...base, ProductSize: [{ size: 'A', stock: -1 }] }, 'ProductSize'],
      [{ ...base, ProductSize: [{ size: 'A', stock: 1.5 }] }, 'ProductSize'],
      [{ ...base, ProductSize: [{ size: ' ', stock: 1 }] }, 'ProductSize'],
      [
        {
          ...base,
          ProductSize: [
            { size: 'A', stock: 1 },
            { size: 'a', stock: 2 },
          ],
        },
        'named twice',
      ],
      [{ ...base, name: '' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const response = await send('POST', '/api/v1/admin/product/new', admin, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(response.json().message).toContain(field);
    }
    const notImage = multipart(
      [
        ['name', 'X'],
        ['category', 'Sports'],
        ['SubCategory', 'One size'],
        ['ProductSize', '[{"size":"A","stock":1}]'],
      ],
      [['images', Buffer.from('not an image at all')]],
    );
    const refused = await h.inject({
      method: 'POST',
      url: '/api/v1/admin/product/new',
      headers: { cookie: admin, ...notImage.headers },
      payload: notImage.payload,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('hides hidden products from guests and users, not from admins; malformed ids are 404', async () => {
    const hidden = await createJson({
      name: 'Secret Scarf',
      category: 'Miscellaneous',
      SubCategory: 'One size',
      ProductSize: [{ size: 'One size', stock: 4 }],
      isShow: false,
    });
    expect((await get(`/api/v1/product/${hidden.id}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/product/${hidden.id}`, user)).statusCode).toBe(404);
    expect((await get(`/api/v1/product/${hidden.id}`, admin)).statusCode).toBe(200);
    expect((await get('/api/v1/product/not-a-uuid')).statusCode).toBe(404);
    expect((await get('/api/v1/products?keyword=Secret Scarf')).json().products).toEqual([]);
    expect(
      (await get('/api/v1/products?keyword=Secret Scarf', admin)).json().products,
    ).toHaveLength(1);
    const guestList = (await get('/api/v1/products?category=Miscellaneous')).json();
    // No page size named: every matching product on the one page (the old client's home page).
    expect(guestList).toMatchObject({
      success: true,
      resultPerPage: Math.max(1, guestList.products.length),
    });
    expect(typeof guestList.productsCount).toBe('number');
    expect(guestList.products.every((p: Json) => p.category === 'Miscellaneous' && p.isShow)).toBe(
      true,
    );
    expect((await get('/api/v1/products?category=Food')).statusCode).toBe(400);
  });

  it('groups records of one name for the store, each size carrying its own product id', async () => {
    const boys = await createJson({
      name: 'Group Hoodie',
      category: 'Clothing',
      SubCategory: "Boy's sizing",
      ProductSize: [{ size: 'S', stock: 1 }],
    });
    const girls = await createJson({
      name: 'group hoodie',
      category: 'Clothing',
      SubCategory: "Girl's sizing",
      ProductSize: [
        { size: 'S', stock: 0 },
        { size: 'M', stock: 3 },
      ],
    });
    const body = (await get('/api/v1/products/grouped?keyword=group hoodie')).json();
    expect(body).toMatchObject({ success: true, resultPerPage: 12, filteredGroupsCount: 1 });
    expect(body.groups).toHaveLength(1);
    const [group] = body.groups;
    expect(group.image).toBe('/media/placeholder/clothing.svg');
    expect(group.subCategories).toEqual([
      {
        SubCategory: "Boy's sizing",
        productId: boys.id,
        sizes: [{ _id: boys.ProductSize[0]._id, size: 'S', stock: 1, productId: boys.id }],
      },
      {
        SubCategory: "Girl's sizing",
        productId: girls.id,
        sizes: girls.ProductSize.map((s: Json) => ({
          _id: s._id,
          size: s.size,
          stock: s.stock,
          productId: girls.id,
        })),
      },
    ]);
  });

  it('updates with the old form: new total recorded as a movement, read-only fields refused when changed', async () => {
    const product = await createJson({
      name: 'Track Pants',
      category: 'Clothing',
      SubCategory: "Girl's sizing",
      ProductSize: [{ size: 'M', stock: 5 }],
    });
    const form = multipart([
      ['name', 'Track Pants'],
      ['category', 'Clothing'],
      ['SubCategory', "Girl's sizing"],
      ['description', 'Now with pockets'],
      ['ProductSize', 'M'],
      ['Stock', '8'],
      ['isShow', 'false'],
    ]);
    const updated = await h.inject({
      method: 'PUT',
      url: `/api/v1/admin/product/${product.id}`,
      headers: { cookie: admin, ...form.headers },
      payload: form.payload,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().product).toMatchObject({
      description: 'Now with pockets',
      isShow: false,
      Stock: 8,
    });
    const lower = await send('PUT', `/api/v1/admin/product/${product.id}`, admin, {
      ProductSize: 'M',
      Stock: '6',
    });
    expect(lower.json().product.Stock).toBe(6);

    const movements = await get(
      `/api/console/movements?filter=${encodeURIComponent(JSON.stringify({ productId: product.id }))}&sort=${encodeURIComponent('["createdAt","ASC"]')}`,
      admin,
    );
    expect(movements.statusCode).toBe(200);
    expect(movements.headers['content-range']).toBe('movements 0-2/3');
    expect(movements.json().map((m: Json) => [m.reason, m.delta, m.actorName])).toEqual(
      [
        ['initial', 5, 'Admin'],
        ['restock', 3, 'Admin'],
        ['correction', -2, 'Admin'],
      ].map(([r, d]) => [r, d, expect.any(String)]),
    );

    const renamed = await send('PUT', `/api/v1/admin/product/${product.id}`, admin, {
      name: 'Other name',
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toContain('name');
    expect(
      (
        await send('PUT', `/api/v1/admin/product/${product.id}`, admin, {
          ProductSize: 'M',
          Stock: '-1',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await send('PUT', `/api/v1/admin/product/${product.id}`, admin, {
          ProductSize: 'XXL',
          Stock: '1',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('serves the console products resource: filters, sort, Content-Range, edits, images, delete', async () => {
    const product = await createJson({
      name: 'Console Cap',
      category: 'Sports',
      SubCategory: 'One size',
      ProductSize: [{ size: 'One size', stock: 0 }],
    });
    const list = await get(
      `/api/console/products?filter=${encodeURIComponent(JSON.stringify({ q: 'console cap', outOfStock: true }))}&range=[0,14]&sort=["Stock","ASC"]`,
      admin,
    );
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('products 0-0/1');
    expect(list.json()[0]).toMatchObject({ id: product.id, _id: product.id, Stock: 0 });

    const edited = await send('PUT', `/api/console/products/${product.id}`, admin, {
      id: product.id,
      name: 'Console Cap',
      description: 'Adjustable',
      isShow: true,
      addStock: [{ size: 'One size', quantity: 4 }],
      newSizes: [{ size: 'Kids', stock: 2 }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().ProductSize.map((s: Json) => [s.size, s.stock])).toEqual([
      ['One size', 4],
      ['Kids', 2],
    ]);

    const form = multipart(
      [],
      [
        ['images', png],
        ['images', png],
      ],
    );
    const withImages = await h.inject({
      method: 'POST',
      url: `/api/console/products/${product.id}/images`,
      headers: { cookie: admin, ...form.headers },
      payload: form.payload,
    });
    expect(withImages.statusCode).toBe(201);
    const images = withImages.json().images as Json[];
    expect(images).toHaveLength(2);
    const removed = await send(
      'DELETE',
      `/api/console/products/${product.id}/images/${images[0]!._id}`,
      admin,
    );
    expect(removed.json().images.map((i: Json) => i._id)).toEqual([images[1]!._id]);

    const getMany = await get(
      `/api/console/products?filter=${encodeURIComponent(JSON.stringify({ id: [product.id] }))}`,
      admin,
    );
    expect(getMany.json().map((p: Json) => p.id)).toEqual([product.id]);

    const deleted = await send('DELETE', `/api/console/products/${product.id}`, admin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().id).toBe(product.id);
    expect((await get(`/api/console/products/${product.id}`, admin)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/v1/admin/product/${product.id}`, admin)).statusCode).toBe(
      404,
    );
  });

  it('takes reviews from logged-in users (one per user, replaced) and lets admins list and delete them', async () => {
    const product = await createJson({
      name: 'Reviewed Ball',
      category: 'Sports',
      SubCategory: 'One size',
      ProductSize: [{ size: 'One size', stock: 1 }],
    });
    expect(
      (
        await send('PUT', '/api/v1/review', undefined, {
          rating: 4,
          comment: 'x',
          productId: product.id,
        })
      ).statusCode,
    ).toBe(401);
    // The body is checked with the contract's schema before the catalog is asked.
    for (const [body, message] of [
      [{ rating: 4, comment: 'x' }, 'productId: is required'],
      [{ rating: 4, productId: '' }, 'productId: is required'],
      [{ productId: product.id, rating: 0 }, 'rating: must be between 0.5 and 5'],
      [[{ rating: 4 }], 'The request body must be an object'],
    ] as const) {
      const refused = await send('PUT', '/api/v1/review', user, body);
      expect([refused.statusCode, refused.json().message]).toEqual([400, message]);
    }
    expect(
      (
        await send('PUT', '/api/v1/review', user, {
          rating: 4.3,
          comment: 'x',
          productId: product.id,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await send('PUT', '/api/v1/review', user, {
          rating: 6,
          comment: 'x',
          productId: product.id,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await send('PUT', '/api/v1/review', user, {
          rating: 4,
          comment: 'x',
          productId: randomUUID(),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await send('PUT', '/api/v1/review', user, {
          rating: 2,
          comment: 'meh',
          productId: product.id,
        })
      ).json(),
    ).toEqual({ success: true });
    expect(
      (
        await send('PUT', '/api/v1/review', user, {
          rating: 4.5,
          comment: 'Great',
          productId: product.id,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await send('PUT', '/api/v1/review', volunteer, {
          rating: 3.5,
          comment: 'Fine',
          productId: product.id,
        })
      ).statusCode,
    ).toBe(200);
    const shown = (await get(`/api/v1/product/${product.id}`)).json().product;
    expect(shown).toMatchObject({ ratings: 4, numOfReviews: 2 });
    expect(shown.reviews.map((r: Json) => [r.name, r.rating, r.comment])).toEqual([
      ['TEST USER', 4.5, 'Great'],
      [expect.any(String), 3.5, 'Fine'],
    ]);

    const list = await get(
      `/api/console/reviews?filter=${encodeURIComponent(JSON.stringify({ productId: product.id }))}`,
      admin,
    );
    expect(list.headers['content-range']).toBe('reviews 0-1/2');
    const first = list.json()[0];
    expect((await get('/api/console/reviews', user)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/console/reviews/${first.id}`, admin)).statusCode).toBe(200);
    expect((await get(`/api/v1/product/${product.id}`)).json().product.numOfReviews).toBe(1);
    expect((await send('DELETE', `/api/console/reviews/${first.id}`, admin)).statusCode).toBe(404);
  });

  it('gives the dashboard per role: admin everything, volunteer the Processing count only', async () => {
    await createJson({
      name: 'Dash Mitts',
      category: 'Miscellaneous',
      SubCategory: 'One size',
      ProductSize: [
        { size: 'S', stock: 0 },
        { size: 'M', stock: 2 },
      ],
    });
    const full = await get('/api/console/dashboard', admin);
    expect(full.statusCode).toBe(200);
    const body = full.json();
    expect(body).toMatchObject({ processingOrders: 0 });
    expect(body.productsCount).toBeGreaterThan(0);
    expect(body.usersCount).toBeGreaterThan(0);
    expect(body.outOfStock).toEqual(
      expect.arrayContaining([{ name: 'Dash Mitts', entries: ['One size | S'] }]),
    );
    expect(body.lowStock).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Dash Mitts', size: 'M', stock: 2 }),
      ]),
    );
    expect(body.inStockSizes + body.outOfStockSizes).toBeGreaterThan(0);
    expect((await get('/api/console/dashboard', volunteer)).json()).toEqual({
      processingOrders: 0,
    });
    expect((await get('/api/console/dashboard', user)).statusCode).toBe(403);
    expect((await get('/api/console/dashboard')).statusCode).toBe(401);
  });

  it('serves a generated placeholder image per category', async () => {
    const svg = await get('/media/placeholder/footwear.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('Footwear');
    expect((await get('/media/placeholder/nothing.svg')).statusCode).toBe(404);
  });

  it('answers each admin route with the right status per role', async () => {
    const product = await createJson({
      name: 'Role Check',
      category: 'Sports',
      SubCategory: 'One size',
      ProductSize: [{ size: 'A', stock: 1 }],
    });
    const routes: [string, string, Json | undefined][] = [
      ['GET', '/api/v1/admin/products', undefined],
      [
        'POST',
        '/api/v1/admin/product/new',
        {
          name: 'R',
          category: 'Sports',
          SubCategory: 'One size',
          ProductSize: [{ size: 'A', stock: 1 }],
        },
      ],
      ['PUT', `/api/v1/admin/product/${product.id}`, { description: 'd' }],
      ['GET', '/api/console/products', undefined],
      ['GET', `/api/console/products/${product.id}`, undefined],
      [
        'POST',
        '/api/console/products',
        {
          name: 'R2',
          category: 'Sports',
          SubCategory: 'One size',
          ProductSize: [{ size: 'A', stock: 1 }],
        },
      ],
      ['PUT', `/api/console/products/${product.id}`, { description: 'e' }],
      ['GET', '/api/console/movements', undefined],
      ['GET', '/api/console/reviews', undefined],
    ];
    for (const [method, url, payload] of routes) {
      const as = (cookie?: string) =>
        h.inject({
          method: method as 'GET',
          url,
          headers: cookie ? { cookie } : {},
          ...(payload ? { payload } : {}),
        });
      expect([url, (await as()).statusCode]).toEqual([url, 401]);
      expect([url, (await as(user)).statusCode]).toEqual([url, 403]);
      expect([url, (await as(volunteer)).statusCode]).toEqual([url, 403]);
      expect([url, (await as(admin)).statusCode]).toEqual([url, method === 'POST' ? 201 : 200]);
    }
    const all = (await get('/api/v1/admin/products', admin)).json();
    expect(all.success).toBe(true);
    expect(all.products.length).toBeGreaterThan(3);
    expect((await send('DELETE', `/api/v1/admin/product/${product.id}`, user)).statusCode).toBe(
      403,
    );
    expect((await send('DELETE', `/api/v1/admin/product/${product.id}`, admin)).json()).toEqual({
      success: true,
      message: 'Product Deleted Successfully',
    });
  });

  it('caches public reads and drops them on catalog events and on writes through the gateway', async () => {
    const product = await createJson({
      name: 'Cached Cap',
      category: 'Sports',
      SubCategory: 'One size',
      ProductSize: [{ size: 'One size', stock: 3 }],
    });
    const url = `/api/v1/product/${product.id}`;
    // Let the creation's own events go by first (they would empty the cache).
    await waitFor(async () => (await countUnsent(h.env.pool, 'catalog')) === 0, {
      message: 'outbox drained',
    });
    // ... and reach this gateway: its connection's flush returns once it has read every message the
    // server sent it before (the events were on their way when JetStream acked them).
    await h.app.get<NatsConnection>(NATS_CONNECTION).flush();
    expect((await get(url)).json().product.Stock).toBe(3);
    // A change nobody announces (straight in the database) is not seen by cached public reads ...
    await h.env.pool.query('UPDATE catalog.product_sizes SET stock = 9 WHERE product_id = $1', [
      product.id,
    ]);
    expect((await get(url)).json().product.Stock).toBe(3);
    expect((await get(url, user)).json().product.Stock).toBe(3);
    // ... while admins always read through.
    expect((await get(url, admin)).json().product.Stock).toBe(9);
    await h.env.pool.query('UPDATE catalog.product_sizes SET stock = 3 WHERE product_id = $1', [
      product.id,
    ]);

    // A stock change made by the catalog (here straight over NATS, as an order commit would) publishes
    // catalog.inventory.adjusted.v1, which empties the cache.
    await h.env.rpc.call(
      catalogOps.updateProduct,
      { id: product.id, addStock: [{ size: 'One size', quantity: 2 }] },
      { actor: TestEnv.actor('admin') },
    );
    await waitFor(async () => (await get(url)).json().product.Stock === 5, {
      message: 'cache invalidated by the event',
    });

    // A write through the gateway empties it at once.
    expect((await get('/api/v1/products?keyword=Cached Cap')).json().products).toHaveLength(1);
    await send('PUT', `/api/console/products/${product.id}`, admin, { isShow: false });
    expect((await get('/api/v1/products?keyword=Cached Cap')).json().products).toHaveLength(0);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('accepts images up to 5 MB each and 6 at most, checked by content', async () => {
    const product = await createJson({
      name: 'Upload Limits',
      category: 'Sports',
      SubCategory: 'One size',
      ProductSize: [{ size: 'A', stock: 1 }],
    });
    const upload = (files: Buffer[]) => {
      const form = multipart(
        [],
        files.map((data) => ['images', data] as [string, Buffer]),
      );
      return h.inject({
        method: 'POST',
        url: `/api/console/products/${product.id}/images`,
        headers: { cookie: admin, ...form.headers },
        payload: form.payload,
      });
    };
    // About 3 MB of noise, still a real PNG.
    const noise = Buffer.alloc(1100 * 1000 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) % 251;
    const big = await sharp(noise, { raw: { width: 1100, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(big.length).toBeLessThan(5 * 1024 * 1024);
    const accepted = await upload([big]);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().images).toHaveLength(1);

    const tooBig = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload([tooBig])).statusCode).toBe(400);
    expect((await upload(Array.from({ length: 7 }, () => png))).statusCode).toBe(400);
    // Six in total per product: one is there, six more are refused.
    expect((await upload(Array.from({ length: 6 }, () => png))).statusCode).toBe(400);
    expect((await get(`/api/console/products/${product.id}`, admin)).json().images).toHaveLength(1);
  });
});
