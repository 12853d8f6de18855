/**
 * The inventory consumer's batch window (INVENTORY_BATCH_WINDOW_MS) against the real PostgreSQL and
 * NATS: order events arriving a little apart are applied in one transaction, and an event that no
 * other joins is still applied once its window has passed.
 */
import { TestEnv, waitFor } from '@lr/testing';
import {
  createProduct,
  ledgerMismatches,
  OrderBuilder,
  processedCount,
  publish,
  sizeId,
  startCatalog,
  stockOf,
} from './support/catalog-env.js';

const WINDOW_MS = 600;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('inventory batch window', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await TestEnv.create();
    await startCatalog(env, { INVENTORY_BATCH_WINDOW_MS: String(WINDOW_MS) });
  });
  afterAll(() => env.close());

  afterEach(async () => {
    expect(await ledgerMismatches(env)).toEqual([]);
  });

  /** The transactions (by their start time, which every row they wrote carries) of the orders' movements. */
  async function transactionsOf(orderIds: string[]): Promise<number> {
    const { rows } = await env.pool.query<{ n: number }>(
      `SELECT count(DISTINCT created_at)::int AS n FROM catalog.stock_movements
        WHERE order_id = ANY($1::uuid[])`,
      [orderIds],
    );
    return rows[0]?.n ?? 0;
  }

  it('applies order events that arrive within the window of the first in one transaction', async () => {
    const product = await createProduct(env, {
      name: 'Batched Shoes',
      ProductSize: [{ size: '5', stock: 5 }],
    });
    const before = await processedCount(env);
    const orders = [1, 2, 3].map(
      () => new OrderBuilder([{ productId: product.id, size: '5', quantity: 1 }]),
    );
    // Apart by more than a batch of one takes, well within the window.
    for (const order of orders) {
      await publish(env, order.move('Printed'));
      await sleep(40);
    }
    await waitFor(async () => (await processedCount(env)) >= before + orders.length, {
      message: 'three status changes applied',
    });
    expect(await stockOf(env, sizeId(product, '5'))).toBe(2);
    expect(await transactionsOf(orders.map((o) => o.id))).toBe(1);
  });

  it('applies an event no other joins once its window has passed', async () => {
    const product = await createProduct(env, {
      name: 'Lone Shoes',
      ProductSize: [{ size: '5', stock: 1 }],
    });
    const order = new OrderBuilder([{ productId: product.id, size: '5', quantity: 1 }]);
    const before = await processedCount(env);
    const sent = Date.now();
    await publish(env, order.move('Printed'));
    await waitFor(async () => (await processedCount(env)) >= before + 1, {
      message: 'the lone status change applied',
    });
    // It waited for company before it was applied.
    expect(Date.now() - sent).toBeGreaterThanOrEqual(WINDOW_MS - 50);
    expect(await stockOf(env, sizeId(product, '5'))).toBe(0);
  });
});
