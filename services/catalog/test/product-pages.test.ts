/**
 * Product pages at volume against the real PostgreSQL and NATS: large products (long descriptions)
 * cut a console page to the reply budget, the name-order keyset walk still returns every product
 * once, getProducts answers in the order asked, and pages or id lists over the maximum are refused.
 */
import { randomUUID } from 'node:crypto';
import {
  catalogOps,
  PAGE_SIZE_MAX,
  REPLY_BUDGET_BYTES,
  type ConsoleList,
  type InputOf,
  type CatalogProduct,
} from '@lr/contracts';
import { TestEnv } from '@lr/testing';
import { admin, startCatalog } from './support/catalog-env.js';

const PRODUCTS = 180;

describe('product pages', () => {
  let env: TestEnv;

  const list = (input: InputOf<typeof catalogOps.consoleListProducts>) =>
    env.rpc.call(catalogOps.consoleListProducts, input, {
      actor: admin,
    });

  beforeAll(async () => {
    env = await TestEnv.create();
    await startCatalog(env);
    // 5,000-character descriptions: a hundred of them pass the reply budget.
    await env.pool.query(
      `INSERT INTO catalog.products (name, description, category, sub_category)
       SELECT 'Paged product ' || lpad(g::text, 3, '0'), repeat('d', 5000), 'Clothing',
              'Unisex adult sizing'
       FROM generate_series(1, $1::int) AS g`,
      [PRODUCTS],
    );
  });
  afterAll(() => env.close());

  it('cuts a page of large products to the reply budget and says where to go on', async () => {
    const page = await list({ range: { start: 0, end: PAGE_SIZE_MAX - 1 } });
    expect(page.total).toBe(PRODUCTS);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.length).toBeLessThan(PAGE_SIZE_MAX);
    expect(Buffer.byteLength(JSON.stringify(page.items))).toBeLessThan(REPLY_BUDGET_BYTES + 8192);
    expect(page.next).toEqual(expect.any(String));
  });

  it('walks every product once, by name, with the keyset cursor', async () => {
    const names: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: ConsoleList<CatalogProduct> = await list({
        range: { start: 0, end: PAGE_SIZE_MAX - 1 },
        sort: { field: 'name', order: 'ASC' },
        after,
      });
      names.push(...page.items.map((p) => p.name));
      after = page.next ?? null;
      pages += 1;
    } while (after && pages < 50);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(names).toHaveLength(PRODUCTS);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(PRODUCTS);
  });

  it('answers getProducts in the order asked, cut to the budget', async () => {
    const first = await list({ range: { start: 0, end: PAGE_SIZE_MAX - 1 } });
    const second = await list({ range: { start: 0, end: PAGE_SIZE_MAX - 1 }, after: first.next });
    const ids = [...first.items, ...second.items]
      .map((p) => p.id)
      .reverse()
      .slice(0, PAGE_SIZE_MAX);
    const found = await env.rpc.call(catalogOps.getProducts, { ids });
    expect(found.length).toBeLessThan(PAGE_SIZE_MAX);
    expect(found.map((p) => p.id)).toEqual(ids.slice(0, found.length));
  });

  it('refuses pages and id lists over the maximum, a forged cursor, and a cursor out of name order', async () => {
    await expect(list({ range: { start: 0, end: PAGE_SIZE_MAX } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const ids = Array.from({ length: PAGE_SIZE_MAX + 1 }, () => randomUUID());
    await expect(env.rpc.call(catalogOps.getProducts, { ids })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(list({ range: { start: 0, end: 9 }, after: 'junk' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const first = await list({ range: { start: 0, end: 9 } });
    await expect(
      list({
        range: { start: 0, end: 9 },
        after: first.next,
        sort: { field: 'Stock', order: 'ASC' },
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
