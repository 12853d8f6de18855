/**
 * Low stock on the dashboard: new products take LOW_STOCK_THRESHOLD, and a size may have its own
 * threshold (real PostgreSQL and NATS).
 */
import { catalogOps } from '@lr/contracts';
import { parseConfig } from '@lr/nest-kit';
import { TestEnv } from '@lr/testing';
import { CatalogAppModule } from '../src/catalog-app.module.js';
import { catalogConfigSchema } from '../src/config.js';
import { admin, createProduct } from './support/catalog-env.js';

describe('low-stock thresholds', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await TestEnv.create();
    const config = parseConfig(
      catalogConfigSchema,
      env.envVars('catalog', { LOW_STOCK_THRESHOLD: '4' }),
    );
    await env.startService('catalog', CatalogAppModule.register(config, env.logger), config);
  });
  afterAll(() => env.close());

  const lowSizes = async (productId: string) =>
    (await env.rpc.call(catalogOps.availability, {}, { actor: admin })).lowStock
      .filter((l) => l.productId === productId)
      .map((l) => l.size)
      .sort();

  it('uses the configured default, then a size threshold where one is set', async () => {
    const product = await createProduct(env, {
      ProductSize: [
        { size: '5', stock: 4 },
        { size: '6', stock: 5 },
        { size: '7', stock: 9 },
      ],
    });
    expect(product.lowStockThreshold).toBe(4);
    expect(await lowSizes(product.id)).toEqual(['5']);

    const updated = await env.rpc.call(
      catalogOps.updateProduct,
      {
        id: product.id,
        sizeLowStock: [
          { size: '5', threshold: 1 },
          { size: '7', threshold: 10 },
        ],
      },
      { actor: admin },
    );
    expect(updated.sizes.map((s) => s.lowStockThreshold)).toEqual([1, null, 10]);
    expect(await lowSizes(product.id)).toEqual(['7']);

    const unknown = await env.rpc
      .call(
        catalogOps.updateProduct,
        { id: product.id, sizeLowStock: [{ size: '12', threshold: 1 }] },
        { actor: admin },
      )
      .catch((e: { code: string; message: string }) => e);
    expect(unknown).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('12') });
  });
});
