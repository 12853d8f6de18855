/** The demo catalog: enough variety for the store and the console, ledger-consistent, seeded once. */
import { CATEGORIES } from '@lr/contracts';
import { TestEnv } from '@lr/testing';
import { seedDemoData } from '../src/index.js';
import { ledgerMismatches } from './support/catalog-env.js';

describe('demo data', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await TestEnv.create();
  });
  afterAll(() => env.close());

  it('seeds 40+ products over all categories and 6+ SubCategory values, some hidden, some sizes at 0, once', async () => {
    const first = await seedDemoData(env.pool);
    expect(first.inserted).toBeGreaterThanOrEqual(40);
    expect((await seedDemoData(env.pool)).inserted).toBe(0);
    const { rows } = await env.pool.query<{
      products: number;
      categories: string[];
      subs: number;
      hidden: number;
      zero: number;
      multi: number;
    }>(`
      SELECT (SELECT count(*)::int FROM catalog.products) AS products,
             (SELECT array_agg(DISTINCT category ORDER BY category) FROM catalog.products) AS categories,
             (SELECT count(DISTINCT sub_category)::int FROM catalog.products) AS subs,
             (SELECT count(*)::int FROM catalog.products WHERE NOT is_show) AS hidden,
             (SELECT count(*)::int FROM catalog.product_sizes WHERE stock = 0) AS zero,
             (SELECT count(*)::int FROM (SELECT product_id FROM catalog.product_sizes GROUP BY product_id HAVING count(*) > 1) m) AS multi`);
    const figures = rows[0]!;
    expect(figures.products).toBe(first.inserted);
    expect(figures.categories).toEqual([...CATEGORIES].sort());
    expect(figures.subs).toBeGreaterThanOrEqual(6);
    expect(figures.hidden).toBeGreaterThanOrEqual(2);
    expect(figures.zero).toBeGreaterThan(0);
    expect(figures.multi).toBeGreaterThan(20);
    expect(await ledgerMismatches(env)).toEqual([]);
  });
});
