/**
 * The demo orders of `npm start`: written through the service's own writer with the real auth and
 * catalog demo data, so their events flow (catalog takes the stock of the committed ones), and
 * seeding twice adds nothing.
 */
import { ordersOps } from '@lr/contracts';
import { countUnsent } from '@lr/nest-kit';
import { TestEnv, waitFor } from '@lr/testing';
import {
  seedDemoCatalog,
  startAuthService,
  startCatalogService,
  startOrdersService,
} from '@lr/testing/services';
import { seedDemoData } from '../src/index.js';

describe('demo orders', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await TestEnv.create();
    await startAuthService(env);
    await startCatalogService(env);
    await startOrdersService(env);
    await seedDemoCatalog(env);
  });
  afterAll(() => env.close());

  it('seeds backdated orders in every stage once, and their events reach the catalog', async () => {
    expect(await seedDemoData(env.pool)).toBe('12 orders (5 delivered)');
    expect(await seedDemoData(env.pool)).toBeNull();

    const { items: orders } = await env.rpc.call(
      ordersOps.listAll,
      {},
      { actor: TestEnv.actor('admin') },
    );
    expect(orders).toHaveLength(12);
    const delivered = orders.filter((o) => o.status === 'Delivered');
    expect(delivered).toHaveLength(5);
    for (const order of delivered) {
      expect(Date.parse(order.deliveredAt!)).toBeGreaterThan(Date.parse(order.createdAt));
    }
    expect(new Set(orders.map((o) => o.userId)).size).toBeGreaterThan(5);
    expect(orders.every((o) => /\|/.test(o.shippingInfo.userAddress) && o.lines.length > 0)).toBe(
      true,
    );

    await waitFor(async () => (await countUnsent(env.pool, 'orders')) === 0, {
      message: 'demo events published',
    });
    const committed = orders.filter((o) => o.status !== 'Processing');
    const expectedUnits = committed.flatMap((o) => o.lines).reduce((sum, l) => sum + l.quantity, 0);
    await waitFor(
      async () => {
        const { rows } = await env.pool.query<{ units: number }>(
          "SELECT coalesce(-sum(delta), 0)::int AS units FROM catalog.stock_movements WHERE reason = 'order-commit'",
        );
        return rows[0]?.units === expectedUnits;
      },
      { message: `catalog committed ${expectedUnits} units` },
    );
  });
});
