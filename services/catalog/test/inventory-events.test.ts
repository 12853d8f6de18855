/**
 * The inventory consumer against the real PostgreSQL and NATS: order events published to JetStream
 * as the orders service does, stock checked in the database, the ledger invariant after each scenario.
 */
import { randomUUID } from 'node:crypto';
import { catalogOps, DURABLE_CONSUMERS, EVENTS, type CatalogProduct } from '@lr/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { TestEnv, waitFor } from '@lr/testing';
import {
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

describe('inventory from order events', () => {
  let env: TestEnv;
  let product: CatalogProduct;
  let size5: string;
  let size6: string;
  let processed = 0;

  /** Publishes events and waits until the consumer has recorded them (or skipped them as duplicates). */
  async function deliver(...events: Parameters<typeof publish>[1][]): Promise<void> {
    for (const event of events) await publish(env, event);
    processed += events.length;
    await waitFor(async () => (await processedCount(env)) >= processed, {
      message: `${processed} processed events`,
    });
  }

  beforeAll(async () => {
    env = await TestEnv.create();
    await startCatalog(env);
  });
  afterAll(() => env.close());

  beforeEach(async () => {
    product = await createProduct(env, { name: `Shoes ${randomUUID().slice(0, 6)}` });
    size5 = sizeId(product, '5');
    size6 = sizeId(product, '6');
  });

  afterEach(async () => {
    expect(await ledgerMismatches(env)).toEqual([]);
  });

  it('deducts once on leaving Processing, not again between committed statuses (the old double deduction)', async () => {
    const order = new OrderBuilder([{ productId: product.id, size: '5', quantity: 2 }]);
    await deliver(order.move('Printed'));
    expect(await stockOf(env, size5)).toBe(1);
    await deliver(
      order.move('Ready for Pickup'),
      order.move('Processing'),
      order.move('Delivered'),
    );
    // Ready for Pickup: nothing; back to Processing: +2; Delivered: -2 again.
    expect(await stockOf(env, size5)).toBe(1);
    const adjusted = await outboxEvents<{
      productId: string;
      stock: number;
      reason: string;
      orderVersion?: number | null;
    }>(env, EVENTS.catalogInventoryAdjusted);
    const mine = adjusted.filter(
      (e) => e.data.productId === product.id && e.data.reason.startsWith('order'),
    );
    // Each names the order version whose event it applied (how orders answers that change).
    expect(mine.map((e) => [e.data.reason, e.data.stock, e.data.orderVersion])).toEqual([
      ['order-commit', 1, 2],
      ['order-release', 3, 4],
      ['order-commit', 1, 5],
    ]);
  });

  it('gives back exactly what was committed on revert, and on delete of an undelivered order', async () => {
    const order = new OrderBuilder([
      { productId: product.id, size: '5', quantity: 3 },
      { productId: product.id, size: '6', quantity: 1 },
    ]);
    await deliver(order.move('CheckEmail'));
    expect([await stockOf(env, size5), await stockOf(env, size6)]).toEqual([0, 0]);
    await deliver(order.move('Processing'));
    expect([await stockOf(env, size5), await stockOf(env, size6)]).toEqual([3, 1]);
    await deliver(order.move('Printed'), order.deleted());
    expect([await stockOf(env, size5), await stockOf(env, size6)]).toEqual([3, 1]);
  });

  it('keeps the stock of a deleted Delivered order and gives nothing for a deleted Processing one', async () => {
    const delivered = new OrderBuilder([{ productId: product.id, size: '5', quantity: 2 }]);
    await deliver(delivered.move('Delivered'), delivered.deleted());
    expect(await stockOf(env, size5)).toBe(1);
    const neverCommitted = new OrderBuilder([{ productId: product.id, size: '5', quantity: 1 }]);
    await deliver(neverCommitted.deleted());
    expect(await stockOf(env, size5)).toBe(1);
  });

  it('applies a deletion that overtakes the status changes before it (they come through another consumer)', async () => {
    const delivered = new OrderBuilder([{ productId: product.id, size: '5', quantity: 2 }]);
    const deliveredMoves = [delivered.move('Printed'), delivered.move('Delivered')];
    // Deleted before the catalog saw it delivered: its stock still left the building.
    await deliver(delivered.deleted());
    expect(await stockOf(env, size5)).toBe(1);
    await deliver(...deliveredMoves);
    expect(await stockOf(env, size5)).toBe(1);

    const printed = new OrderBuilder([{ productId: product.id, size: '6', quantity: 1 }]);
    const printedMove = printed.move('Printed');
    await deliver(printed.deleted());
    await deliver(printedMove);
    expect(await stockOf(env, size6)).toBe(1);
  });

  it('hands the inventory consumers only status changes and deletions, not placed orders', async () => {
    const jsm = await jetstreamManager(env.nc);
    const stream = `${env.namespace}_ORDERS`;
    const delivered = async (name: string) =>
      (await jsm.consumers.info(stream, `${env.namespace}_${name}`)).delivered.consumer_seq;
    const before = [
      await delivered(DURABLE_CONSUMERS.catalogInventory.name),
      await delivered(DURABLE_CONSUMERS.catalogInventoryDeleted.name),
    ];
    for (let i = 0; i < 5; i += 1) {
      const placed = new OrderBuilder([{ productId: product.id, size: '5', quantity: 1 }]);
      await publish(env, {
        eventId: randomUUID(),
        type: EVENTS.ordersOrderPlaced,
        version: 1,
        occurredAt: new Date().toISOString(),
        correlationId: randomUUID(),
        data: { order: placed.snapshot() },
      });
    }
    const order = new OrderBuilder([{ productId: product.id, size: '5', quantity: 1 }]);
    await deliver(order.move('Printed'));
    expect(await stockOf(env, size5)).toBe(2);
    expect([
      await delivered(DURABLE_CONSUMERS.catalogInventory.name),
      await delivered(DURABLE_CONSUMERS.catalogInventoryDeleted.name),
    ]).toEqual([before[0]! + 1, before[1]]);
  });

  it('applies nothing and publishes commit-rejected naming the short lines when one line is short', async () => {
    const order = new OrderBuilder([
      { productId: product.id, size: '5', quantity: 2 },
      { productId: product.id, size: '6', quantity: 2 },
    ]);
    const event = order.move('Printed');
    await deliver(event);
    expect([await stockOf(env, size5), await stockOf(env, size6)]).toEqual([3, 1]);
    const rejected = await outboxEvents<{
      orderId: string;
      sourceEventId: string;
      shortLines: unknown[];
    }>(env, EVENTS.catalogInventoryCommitRejected);
    const mine = rejected.find((e) => e.data.orderId === order.id);
    expect(mine?.data.sourceEventId).toBe(event.eventId);
    expect(mine?.data.shortLines).toEqual([
      { productId: product.id, size: '6', name: product.name, requested: 2, available: 1 },
    ]);
    // The orders service returns it to Processing: a release of a rejected commit gives back nothing.
    await deliver(order.move('Processing'));
    expect([await stockOf(env, size5), await stockOf(env, size6)]).toEqual([3, 1]);
  });

  it('rejects a line whose product or size does not exist', async () => {
    const order = new OrderBuilder([
      { productId: product.id, size: '5', quantity: 1 },
      { productId: randomUUID(), size: '5', quantity: 1 },
      { productId: product.id, size: '99', quantity: 1 },
    ]);
    await deliver(order.move('Printed'));
    expect(await stockOf(env, size5)).toBe(3);
    const rejected = await outboxEvents<{
      orderId: string;
      shortLines: { size: string; available: number }[];
    }>(env, EVENTS.catalogInventoryCommitRejected);
    expect(
      rejected
        .find((e) => e.data.orderId === order.id)
        ?.data.shortLines.map((l) => [l.size, l.available]),
    ).toEqual([
      ['5', 0],
      ['99', 0],
    ]);
  });

  it('two orders for the last units: the first succeeds, the second is rejected, stock ends at 0 (true concurrency: inventory-concurrency.test.ts)', async () => {
    const a = new OrderBuilder([{ productId: product.id, size: '5', quantity: 2 }]);
    const b = new OrderBuilder([{ productId: product.id, size: '5', quantity: 2 }]);
    await deliver(a.move('Printed'), b.move('Printed'));
    expect(await stockOf(env, size5)).toBe(1);
    const c = new OrderBuilder([{ productId: product.id, size: '5', quantity: 1 }]);
    const d = new OrderBuilder([{ productId: product.id, size: '5', quantity: 1 }]);
    await deliver(c.move('Ready for Pickup'), d.move('Ready for Pickup'));
    expect(await stockOf(env, size5)).toBe(0);
    const rejected = (
      await outboxEvents<{ orderId: string }>(env, EVENTS.catalogInventoryCommitRejected)
    ).map((e) => e.data.orderId);
    expect([a.id, b.id].filter((id) => rejected.includes(id))).toHaveLength(1);
    expect([c.id, d.id].filter((id) => rejected.includes(id))).toHaveLength(1);
  });

  it('absorbs duplicates and a replay of the whole stream without changing stock', async () => {
    const order = new OrderBuilder([{ productId: product.id, size: '5', quantity: 1 }]);
    const events = [order.move('Printed'), order.move('Processing'), order.move('Delivered')];
    await deliver(...events);
    expect(await stockOf(env, size5)).toBe(2);
    const before = await processedCount(env);
    // Replayed with new msgIDs (past JetStream's duplicate window): the processed-events table absorbs them.
    for (const event of events) await publish(env, event, randomUUID());
    const marker = new OrderBuilder([{ productId: product.id, size: '6', quantity: 1 }]);
    await publish(env, marker.move('Printed'));
    await waitFor(async () => (await processedCount(env)) === before + 1, {
      message: 'marker processed',
    });
    processed = before + 1;
    expect(await stockOf(env, size5)).toBe(2);
    expect(await stockOf(env, size6)).toBe(0);
  });

  it('ignores an older order version arriving after a newer one', async () => {
    const order = new OrderBuilder([{ productId: product.id, size: '5', quantity: 2 }]);
    const commit = order.move('Printed');
    const revert = order.move('Processing');
    await deliver(revert, commit);
    expect(await stockOf(env, size5)).toBe(3);
  });

  it('answers the stock check with the short lines', async () => {
    const hidden = await createProduct(env, { name: 'Hidden thing', isShow: false });
    const result = await env.rpc.call(catalogOps.inventoryCheck, {
      lines: [
        { productId: product.id, size: '5', quantity: 3 },
        { productId: product.id, size: '6', quantity: 1 },
        { productId: product.id, size: '6', quantity: 1 },
        { productId: 'not-a-uuid', size: '5', quantity: 1 },
        { productId: hidden.id, size: '5', quantity: 1 },
      ],
    });
    expect(result).toEqual({
      shortLines: [
        { productId: product.id, size: '6', name: product.name, requested: 2, available: 1 },
        { productId: 'not-a-uuid', size: '5', name: '', requested: 1, available: 0 },
        { productId: hidden.id, size: '5', name: 'Hidden thing', requested: 1, available: 0 },
      ],
    });
    const allowHidden = await env.rpc.call(catalogOps.inventoryCheck, {
      lines: [{ productId: hidden.id, size: '5', quantity: 1 }],
      allowHidden: true,
    });
    expect(allowHidden.shortLines).toEqual([]);
  });

  it('replays the whole ORDERS stream from the start (consumer deleted, service restarted) without changing stock', async () => {
    const order = new OrderBuilder([{ productId: product.id, size: '5', quantity: 2 }]);
    await deliver(order.move('Printed'), order.move('Ready for Pickup'));
    const before = await env.pool.query('SELECT id, stock FROM catalog.product_sizes ORDER BY id');
    const movementsBefore = await env.pool.query(
      'SELECT count(*)::int AS n FROM catalog.stock_movements',
    );
    const processedBefore = await processedCount(env);

    await env.stopService('catalog');
    const jsm = await jetstreamManager(env.nc);
    const stream = `${env.namespace}_ORDERS`;
    const durable = `${env.namespace}_${DURABLE_CONSUMERS.catalogInventory.name}`;
    await jsm.consumers.delete(stream, durable);
    await startCatalog(env);
    // The new consumer starts at the first message of the stream: every event is delivered again.
    await waitFor(
      async () => {
        const info = await jsm.consumers.info(stream, durable);
        return (
          info.num_pending === 0 &&
          info.num_ack_pending === 0 &&
          info.delivered.stream_seq >= processedBefore
        );
      },
      { message: 'replay finished' },
    );
    expect(
      (await env.pool.query('SELECT id, stock FROM catalog.product_sizes ORDER BY id')).rows,
    ).toEqual(before.rows);
    expect(
      (await env.pool.query('SELECT count(*)::int AS n FROM catalog.stock_movements')).rows,
    ).toEqual(movementsBefore.rows);
    expect(await processedCount(env)).toBe(processedBefore);
  });
});
