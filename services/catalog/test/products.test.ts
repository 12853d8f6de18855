/**
 * Product rules in the catalog service against the real PostgreSQL and NATS: validation, visibility,
 * stable pages, safe keyword search, grouping, edits through the ledger, events, delete.
 */
import {
  catalogOps,
  EVENTS,
  catalogProductSchema,
  type Operation,
  type InputOf,
  type Actor,
} from '@lr/contracts';
import { TestEnv } from '@lr/testing';
import {
  admin,
  failureOf,
  createProduct,
  ledgerMismatches,
  outboxEvents,
  sizeId,
  startCatalog,
  stockOf,
} from './support/catalog-env.js';

const user = TestEnv.actor('user', 'Maple School');
const volunteer = TestEnv.actor('volunteer', 'Vol');

describe('products', () => {
  let env: TestEnv;

  const call = <Op extends Operation>(op: Op, input: InputOf<Op>, actor: Actor | null = admin) =>
    env.rpc.call(op, input, { actor });

  beforeAll(async () => {
    env = await TestEnv.create();
    await startCatalog(env);
  });
  afterAll(() => env.close());
  afterEach(async () => {
    expect(await ledgerMismatches(env)).toEqual([]);
  });

  it('creates a product visible by default, as a neutral snapshot, with an initial movement per stocked size and an event', async () => {
    const product = await createProduct(env, { name: 'Ledger Shoes' });
    expect(product).toMatchObject({ isShow: true, subCategory: "Boy's sizing", images: [] });
    expect(product.sizes.map((s) => [s.size, s.stock, s.lowStockThreshold])).toEqual([
      ['5', 3, null],
      ['6', 1, null],
    ]);
    // Only the gateway's mappings know the old names and the free price.
    expect(catalogProductSchema.strict().safeParse(product).success).toBe(true);
    const { rows } = await env.pool.query(
      'SELECT size, delta, reason, actor_name FROM catalog.stock_movements WHERE product_id = $1 ORDER BY id',
      [product.id],
    );
    expect(rows).toEqual([
      { size: '5', delta: 3, reason: 'initial', actor_name: 'Admin One' },
      { size: '6', delta: 1, reason: 'initial', actor_name: 'Admin One' },
    ]);
    const created = await outboxEvents<{ productId: string }>(env, EVENTS.catalogProductCreated);
    expect(created.map((e) => e.data.productId)).toContain(product.id);
  });

  it('refuses bad input naming the field, and non-admins', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ category: 'Shoes' }, 'category'],
      [{ SubCategory: 'Giant sizing' }, 'SubCategory'],
      [{ ProductSize: [] }, 'ProductSize'],
      [{ ProductSize: [{ size: '5', stock: -2 }] }, 'ProductSize.0.stock'],
      [{ ProductSize: [{ size: '5', stock: 2.5 }] }, 'ProductSize.0.stock'],
      [{ ProductSize: [{ size: '', stock: 2 }] }, 'ProductSize.0.size'],
      [
        {
          ProductSize: [
            { size: 'M', stock: 1 },
            { size: ' m ', stock: 1 },
          ],
        },
        'ProductSize.1.size',
      ],
    ];
    for (const [override, field] of bad) {
      const error = await failureOf(createProduct(env, override));
      expect([field, error?.code]).toEqual([field, 'BAD_REQUEST']);
      expect(error?.message).toContain(field);
    }
    expect(
      (await failureOf(env.rpc.call(catalogOps.createProduct, {} as never, { actor: user })))?.code,
    ).toBe('FORBIDDEN');
    expect(
      (await failureOf(env.rpc.call(catalogOps.createProduct, {} as never, { actor: volunteer })))
        ?.code,
    ).toBe('FORBIDDEN');
    expect(
      (await failureOf(env.rpc.call(catalogOps.createProduct, {} as never, { actor: null })))?.code,
    ).toBe('UNAUTHORIZED');
  });

  it('lists stable pages of 12 ordered by name then id, only visible ones for non-admins, with safe keywords', async () => {
    for (let i = 0; i < 14; i += 1)
      await createProduct(env, {
        name: `Paging Sock ${String(i).padStart(2, '0')}`,
        category: 'Clothing',
        SubCategory: 'One size',
      });
    await createProduct(env, {
      name: 'Paging Sock hidden',
      category: 'Clothing',
      SubCategory: 'One size',
      isShow: false,
    });
    const page1 = await call(catalogOps.listProducts, { keyword: 'paging sock', page: 1 }, null);
    const page2 = await call(catalogOps.listProducts, { keyword: 'paging sock', page: 2 }, null);
    expect(page1.resultPerPage).toBe(12);
    expect(page1.filteredProductsCount).toBe(14);
    expect(page1.products.map((p) => p.name)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Paging Sock ${String(i).padStart(2, '0')}`),
    );
    expect(page2.products.map((p) => p.name)).toEqual(['Paging Sock 12', 'Paging Sock 13']);
    const asAdmin = await call(catalogOps.listProducts, {
      keyword: 'paging sock',
      page: 2,
    });
    expect(asAdmin.filteredProductsCount).toBe(15);
    expect(asAdmin.productsCount).toBeGreaterThan(page1.productsCount);
    // Wildcards and quotes are matched literally (no injection, no regular expression).
    expect(
      (await failureOf(call(catalogOps.listProducts, { keyword: 'a\u0000b' }, null)))?.code,
    ).toBe('BAD_REQUEST');
    for (const keyword of ['%', '_', "' OR 1=1 --", '.*', '\\']) {
      const result = await call(catalogOps.listProducts, { keyword }, null);
      expect([keyword, result.products]).toEqual([keyword, []]);
    }
    const clothing = await call(
      catalogOps.listProducts,
      { category: 'Footwear', keyword: 'paging' },
      null,
    );
    expect(clothing.products).toEqual([]);
  });

  it('groups by name across records and paginates groups', async () => {
    const a = await createProduct(env, {
      name: 'Grouped Jacket',
      category: 'Clothing',
      SubCategory: "Girl's sizing",
    });
    const b = await createProduct(env, {
      name: 'GROUPED JACKET',
      category: 'Clothing',
      SubCategory: "Boy's sizing",
    });
    await createProduct(env, {
      name: 'Grouped Jacket',
      category: 'Clothing',
      SubCategory: "Men's sizing",
      isShow: false,
    });
    const result = await call(catalogOps.listGroupedProducts, { keyword: 'grouped jacket' }, null);
    expect(result.filteredGroupsCount).toBe(1);
    const [group] = result.groups;
    // SubCategories in SUB_CATEGORIES order; the hidden record is absent for the public.
    expect(group?.subCategories.map((s) => [s.subCategory, s.productId])).toEqual([
      ["Boy's sizing", b.id],
      ["Girl's sizing", a.id],
    ]);
    expect(group?.subCategories[1]?.sizes.every((s) => s.productId === a.id)).toBe(true);
  });

  it('hides hidden products from non-admins (404) and treats malformed ids as not found', async () => {
    const hidden = await createProduct(env, { name: 'Hidden Hat', isShow: false });
    expect((await failureOf(call(catalogOps.getProduct, { id: hidden.id }, user)))?.code).toBe(
      'NOT_FOUND',
    );
    expect((await call(catalogOps.getProduct, { id: hidden.id })).id).toBe(hidden.id);
    expect((await failureOf(call(catalogOps.getProduct, { id: 'nope' }, null)))?.code).toBe(
      'NOT_FOUND',
    );
    const many = await call(catalogOps.getProducts, { ids: [hidden.id, 'nope'] }, user);
    expect(many.map((p) => [p.id, p.isShow])).toEqual([[hidden.id, false]]);
  });

  it('edits through the ledger: restock, new total, new size; read-only fields; image limits', async () => {
    const product = await createProduct(env, { name: 'Edit Boots' });
    const updated = await call(catalogOps.updateProduct, {
      id: product.id,
      name: 'Edit Boots',
      description: 'Warm',
      isShow: false,
      addStock: [{ size: '5', quantity: 2 }],
      setStock: [{ size: '6', stock: 0 }],
      newSizes: [{ size: '7', stock: 4 }],
      addImages: [{ url: '/media/products/a.web.webp', originalUrl: '/media/products/a.png' }],
    });
    expect(updated).toMatchObject({
      description: 'Warm',
      isShow: false,
      images: [{ url: '/media/products/a.web.webp', originalUrl: '/media/products/a.png' }],
    });
    expect(updated.sizes.map((s) => [s.size, s.stock])).toEqual([
      ['5', 5],
      ['6', 0],
      ['7', 4],
    ]);
    const { rows } = await env.pool.query(
      'SELECT size, delta, reason FROM catalog.stock_movements WHERE product_id = $1 ORDER BY id',
      [product.id],
    );
    expect(rows.slice(2)).toEqual([
      { size: '7', delta: 4, reason: 'initial' },
      { size: '5', delta: 2, reason: 'restock' },
      { size: '6', delta: -1, reason: 'correction' },
    ]);
    for (const change of [{ name: 'Other' }, { category: 'Sports' }, { SubCategory: 'One size' }]) {
      expect(
        (await failureOf(call(catalogOps.updateProduct, { id: product.id, ...change })))?.message,
      ).toContain('read-only');
    }
    expect(
      (
        await failureOf(
          call(catalogOps.updateProduct, {
            id: product.id,
            addStock: [{ size: '99', quantity: 1 }],
          }),
        )
      )?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (
        await failureOf(
          call(catalogOps.updateProduct, { id: product.id, newSizes: [{ size: '5', stock: 1 }] }),
        )
      )?.message,
    ).toContain('already exists');
    expect(
      (
        await failureOf(
          call(catalogOps.updateProduct, {
            id: product.id,
            setStock: [{ size: '5', stock: -1 }],
          }),
        )
      )?.code,
    ).toBe('BAD_REQUEST');
    const sixImages = Array.from({ length: 6 }, (_, i) => ({
      url: `/media/products/${i}.webp`,
      originalUrl: `/media/products/${i}.png`,
    }));
    expect(
      (await failureOf(call(catalogOps.updateProduct, { id: product.id, addImages: sixImages })))
        ?.message,
    ).toContain('images');
    const replaced = await call(catalogOps.updateProduct, {
      id: product.id,
      addImages: sixImages,
      replaceImages: true,
    });
    expect(replaced.images).toHaveLength(6);
    expect(
      (await failureOf(call(catalogOps.updateProduct, { id: 'bad-id', description: 'x' })))?.code,
    ).toBe('NOT_FOUND');
    // A failed edit changed nothing.
    expect(await stockOf(env, sizeId(product, '5'))).toBe(5);
  });

  it('deletes a product with its sizes, keeps its ledger, publishes deleted', async () => {
    const product = await createProduct(env, { name: 'Doomed Shoes' });
    await call(catalogOps.deleteProduct, { id: product.id });
    expect((await failureOf(call(catalogOps.getProduct, { id: product.id })))?.code).toBe(
      'NOT_FOUND',
    );
    expect((await failureOf(call(catalogOps.deleteProduct, { id: product.id })))?.code).toBe(
      'NOT_FOUND',
    );
    const { rows } = await env.pool.query(
      'SELECT count(*)::int AS n FROM catalog.stock_movements WHERE product_id = $1',
      [product.id],
    );
    expect(rows[0].n).toBe(2);
    const deleted = await outboxEvents<{ productId: string }>(env, EVENTS.catalogProductDeleted);
    expect(deleted.map((e) => e.data.productId)).toContain(product.id);
  });

  it('keeps ratings equal to the mean and count of the reviews on replace and delete', async () => {
    const product = await createProduct(env, { name: 'Rated Ball' });
    const other = TestEnv.actor('user', 'Oak School');
    await call(catalogOps.upsertReview, { productId: product.id, rating: 1, comment: 'no' }, user);
    await call(
      catalogOps.upsertReview,
      { productId: product.id, rating: 4.5, comment: 'yes' },
      user,
    );
    const review = await call(
      catalogOps.upsertReview,
      { productId: product.id, rating: 3, comment: '' },
      other,
    );
    let shown = await call(catalogOps.getProduct, { id: product.id }, null);
    expect([shown.ratings, shown.numOfReviews]).toEqual([3.75, 2]);
    await call(catalogOps.deleteReview, { id: review.id });
    shown = await call(catalogOps.getProduct, { id: product.id }, null);
    expect([shown.ratings, shown.numOfReviews]).toEqual([4.5, 1]);
    expect(shown.reviews.map((r) => [r.userName, r.rating, r.comment])).toEqual([
      ['Maple School', 4.5, 'yes'],
    ]);
    expect(
      (await failureOf(call(catalogOps.upsertReview, { productId: product.id, rating: 0 }, user)))
        ?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (await failureOf(call(catalogOps.upsertReview, { productId: product.id, rating: 2 }, null)))
        ?.code,
    ).toBe('UNAUTHORIZED');
    expect((await failureOf(call(catalogOps.deleteReview, { id: review.id }, user)))?.code).toBe(
      'FORBIDDEN',
    );
  });

  it('reports availability: counts, out-of-stock grouped by name, low stock', async () => {
    await createProduct(env, {
      name: 'Avail Shoe',
      ProductSize: [
        { size: '1', stock: 0 },
        { size: '2', stock: 2 },
        { size: '3', stock: 9 },
      ],
    });
    const figures = await call(catalogOps.availability, {});
    expect(figures.outOfStock).toEqual(
      expect.arrayContaining([{ name: 'Avail Shoe', entries: ["Boy's sizing | 1"] }]),
    );
    expect(figures.lowStock.filter((l) => l.name === 'Avail Shoe').map((l) => l.size)).toEqual([
      '2',
    ]);
    expect((await failureOf(call(catalogOps.availability, {}, volunteer)))?.code).toBe('FORBIDDEN');
    // A per-product threshold: 9 units count as low once the threshold is 10.
    const shoe = figures.lowStock.find((l) => l.name === 'Avail Shoe') as unknown as {
      productId: string;
    };
    await call(catalogOps.updateProduct, { id: shoe.productId, lowStockThreshold: 10 });
    const after = await call(catalogOps.availability, {});
    expect(
      after.lowStock
        .filter((l) => l.name === 'Avail Shoe')
        .map((l) => l.size)
        .sort(),
    ).toEqual(['2', '3']);
  });
});
