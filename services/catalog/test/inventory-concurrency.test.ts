/**
 * Two catalog replicas share the durable consumer and handle order events in parallel: orders racing
 * for the last units of a size get exactly the units there are, the rest are rejected, and stock
 * never goes below zero.
 */
import { EVENTS, type EventEnvelope } from '@lr/contracts';
import { DATABASE, parseConfig, startService, type Database } from '@lr/nest-kit';
import { TestEnv, waitFor } from '@lr/testing';
import type { INestMicroservice } from '@nestjs/common';
import { CatalogAppModule } from '../src/catalog-app.module.js';
import { catalogConfigSchema } from '../src/config.js';
import { LockedStock } from '../src/inventory/locked-stock.js';
import { OrderInventoryHandler } from '../src/inventory/order-inventory.handler.js';
import { StockLedger } from '../src/inventory/stock-ledger.js';
import {
  admin,
  createProduct,
  ledgerMismatches,
  OrderBuilder,
  outboxEvents,
  processedCount,
  publish,
  sizeId,
  startCatalog,
  stockOf,
} from './support/catalog-env.js';

describe('concurrent commits across two replicas', () => {
  let env: TestEnv;
  let replica: INestMicroservice;

  beforeAll(async () => {
    env = await TestEnv.create();
    await startCatalog(env);
    const config = parseConfig(catalogConfigSchema, env.envVars('catalog'));
    replica = await startService({
      service: 'catalog',
      module: CatalogAppModule.register(config, env.logger),
      config,
      logger: env.logger,
      shutdownHooks: false,
    });
  });
  afterAll(async () => {
    await replica.close();
    await env.close();
  });

  type BatchEvent = Parameters<OrderInventoryHandler['onBatch']>[1][number];
  /** One inventory batch in a transaction of its own on the replica, as its consumer runs it. */
  const applyBatch = (events: readonly unknown[]) =>
    replica
      .get<typeof DATABASE, Database>(DATABASE)
      .transaction((tx) =>
        replica.get(OrderInventoryHandler).onBatch(tx, events as readonly BatchEvent[]),
      );

  it('gives exactly the available units and rejects the rest', async () => {
    const product = await createProduct(env, {
      name: 'Last Units',
      ProductSize: [
        { size: '5', stock: 5 },
        { size: '6', stock: 2 },
      ],
    });
    const orders = Array.from(
      { length: 12 },
      (_, i) =>
        new OrderBuilder([
          { productId: product.id, size: '5', quantity: 1 },
          ...(i % 3 === 0 ? [{ productId: product.id, size: '6', quantity: 1 }] : []),
        ]),
    );
    const events: EventEnvelope[] = orders.map((o) => o.move('Printed'));
    await Promise.all(events.map((e) => publish(env, e)));
    await waitFor(async () => (await processedCount(env)) === events.length, {
      message: 'all commits handled',
      timeoutMs: 30_000,
    });

    const rejected = new Set(
      (await outboxEvents<{ orderId: string }>(env, EVENTS.catalogInventoryCommitRejected)).map(
        (e) => e.data.orderId,
      ),
    );
    const committed = orders.filter((o) => !rejected.has(o.id));
    const taken5 = committed.length;
    const taken6 = committed.filter((o) => o.lines.length === 2).length;
    expect(taken5).toBe(5);
    expect(taken6).toBeLessThanOrEqual(2);
    expect(await stockOf(env, sizeId(product, '5'))).toBe(0);
    expect(await stockOf(env, sizeId(product, '6'))).toBe(2 - taken6);
    expect(rejected.size).toBe(orders.length - committed.length);
    expect(await ledgerMismatches(env)).toEqual([]);

    // Every committed order's lines appear exactly once in the ledger.
    const { rows } = await env.pool.query<{ order_id: string; n: number }>(
      `SELECT order_id, count(*)::int AS n FROM catalog.stock_movements WHERE reason = 'order-commit' GROUP BY order_id`,
    );
    expect(new Map(rows.map((r) => [r.order_id, r.n]))).toEqual(
      new Map(committed.map((o) => [o.id, o.lines.length])),
    );
  });

  it('serialises truly concurrent handler transactions on the same size (no lost update, never below zero)', async () => {
    const product = await createProduct(env, {
      name: 'Race Units',
      ProductSize: [{ size: '5', stock: 3 }],
    });
    const orders = Array.from(
      { length: 8 },
      () => new OrderBuilder([{ productId: product.id, size: '5', quantity: 1 }]),
    );
    // Eight transactions at once on the pool, as eight replicas would run them.
    await Promise.all(orders.map((o) => applyBatch([o.move('Printed')])));
    expect(await stockOf(env, sizeId(product, '5'))).toBe(0);
    const rejected = (
      await outboxEvents<{ orderId: string }>(env, EVENTS.catalogInventoryCommitRejected)
    ).map((e) => e.data.orderId);
    expect(orders.filter((o) => rejected.includes(o.id))).toHaveLength(5);
    expect(await ledgerMismatches(env)).toEqual([]);
  });

  it('applies a batch holding several events of the same orders in order, stale ones skipped', async () => {
    const product = await createProduct(env, {
      name: 'Batch Units',
      ProductSize: [{ size: 'M', stock: 10 }],
    });
    const a = new OrderBuilder([{ productId: product.id, size: 'M', quantity: 2 }]);
    const b = new OrderBuilder([{ productId: product.id, size: 'M', quantity: 3 }]);
    const aPrinted = a.move('Printed');
    const batch = [
      aPrinted, // a takes 2
      b.move('Printed'), // b takes 3
      a.move('Processing'), // a gives its 2 back
      a.move('Ready for Pickup'), // a takes 2 again
      aPrinted, // stale (older version): skipped
      b.deleted(), // b gives its 3 back
    ];
    await applyBatch(batch);

    expect(await stockOf(env, sizeId(product, 'M'))).toBe(8);
    expect(await ledgerMismatches(env)).toEqual([]);
    const { rows } = await env.pool.query<{
      order_id: string;
      version: number;
      committed: boolean;
      deleted: boolean;
    }>(
      'SELECT order_id, version, committed, deleted FROM catalog.order_commitments WHERE order_id = ANY($1) ORDER BY version',
      [[a.id, b.id]],
    );
    expect(rows).toEqual([
      { order_id: b.id, version: 3, committed: false, deleted: true },
      { order_id: a.id, version: 4, committed: true, deleted: false },
    ]);
  });

  it('sees a size a product edit added while the batch waited for the product', async () => {
    const product = await createProduct(env, {
      name: 'Growing Units',
      ProductSize: [{ size: 'M', stock: 5 }],
    });
    // The edit: holds the product's lock and adds size L (with its ledger row), not yet committed.
    const edit = await env.pool.connect();
    try {
      await edit.query('BEGIN');
      await edit.query('SELECT id FROM catalog.products WHERE id = $1 FOR UPDATE', [product.id]);
      const { rows } = await edit.query<{ id: string }>(
        `INSERT INTO catalog.product_sizes (product_id, size, stock, position)
         VALUES ($1, 'L', 4, 2) RETURNING id`,
        [product.id],
      );
      const added = rows[0]!.id;
      await edit.query(
        `INSERT INTO catalog.stock_movements (product_id, size_id, size, delta, reason)
         VALUES ($1, $2, 'L', 4, 'initial')`,
        [product.id, added],
      );
      const order = new OrderBuilder([{ productId: product.id, size: 'L', quantity: 3 }]);
      const batch = applyBatch([order.move('Printed')]);
      // The batch has locked its order's commitment row and now waits for the product.
      await waitFor(async () => {
        const waiting = await env.pool.query(
          `SELECT 1 FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'
             AND query LIKE '%lock_order_batch%'`,
        );
        return waiting.rowCount === 1;
      });
      await edit.query('COMMIT');
      await batch;
      expect(await stockOf(env, added)).toBe(1);
      const rejected = await outboxEvents<{ orderId: string }>(
        env,
        EVENTS.catalogInventoryCommitRejected,
      );
      expect(rejected.map((e) => e.data.orderId)).not.toContain(order.id);
    } finally {
      // Closed, not returned to the pool: a failure above leaves its transaction (and lock) open.
      edit.release(true);
    }
    expect(await ledgerMismatches(env)).toEqual([]);
  });

  it('refuses to write stock decided on rows it did not lock, writing nothing', async () => {
    const product = await createProduct(env, {
      name: 'Stale Units',
      ProductSize: [{ size: 'M', stock: 4 }],
    });
    const ledger = replica.get(StockLedger);
    const db = replica.get<typeof DATABASE, Database>(DATABASE);
    const id = sizeId(product, 'M');
    const { rows } = await env.pool.query<{ version: number }>(
      'SELECT version FROM catalog.products WHERE id = $1',
      [product.id],
    );
    // Read without the lock; another writer then takes a unit, so this decision is stale.
    const stale = new LockedStock(
      [{ sizeId: id, productId: product.id, size: 'M', stock: 4, name: 'Stale', isShow: true }],
      new Map([[product.id, rows[0]!.version]]),
    );
    await db.transaction((tx) =>
      ledger.apply(tx, { productId: product.id, sizeId: id, delta: -1, reason: 'correction' }),
    );
    stale.move(stale.size(id)!, -2, { reason: 'correction', actor: admin });
    await expect(
      db.transaction((tx) =>
        ledger.write(
          tx,
          stale.movements,
          stale.movements.map((m) => ledger.adjustedEvent(m)),
        ),
      ),
    ).rejects.toThrow(/without its rows locked/);
    expect(await stockOf(env, id)).toBe(3);
    expect(await ledgerMismatches(env)).toEqual([]);
  });
});
