/**
 * Stock effects end to end with the real auth, catalog and orders services on the real PostgreSQL
 * and NATS: a commit takes exactly the given quantities once, moves
 * between committed statuses take nothing (Packing included), a revert and a delete give back what was committed, a
 * race for the last units leaves the loser in Processing (catalog's refusal, answered with the
 * change), and an orders crash between its commit and the relay's publish loses no event.
 */
import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import {
  ordersOps,
  catalogOps,
  UI_MESSAGES,
  namespacedStream,
  type Actor,
  type CatalogProduct,
} from '@lr/contracts';
import { OutboxRelay, countUnsent } from '@lr/nest-kit';
import { TestEnv, waitFor } from '@lr/testing';
import {
  place,
  startAuthService,
  startCatalogService,
  startOrdersService,
  update,
} from '@lr/testing/services';

describe('inventory effects with the catalog service', () => {
  let env: TestEnv;
  let maple: Actor;
  let cedar: Actor;
  const admin = TestEnv.actor('admin', 'Admin Ann');

  async function schoolActor(loginId: string): Promise<Actor> {
    const { rows } = await env.pool.query<{ id: string; name: string; login_id: string }>(
      'SELECT id, name, login_id FROM auth.users WHERE login_id = $1',
      [loginId],
    );
    const row = rows[0];
    if (!row) throw new Error(`no demo school ${loginId}`);
    return { id: row.id, name: row.name, loginId: row.login_id, role: 'user' };
  }

  async function createProduct(sizes: Record<string, number>): Promise<CatalogProduct> {
    return env.rpc.call(
      catalogOps.createProduct,
      {
        name: `Trainers ${randomUUID().slice(0, 8)}`,
        category: 'Footwear',
        SubCategory: 'Unisex youth sizing',
        ProductSize: Object.entries(sizes).map(([size, stock]) => ({ size, stock })),
      },
      { actor: admin },
    );
  }

  async function stockOf(productId: string): Promise<Record<string, number>> {
    const product = await env.rpc.call(catalogOps.getProduct, { id: productId }, { actor: admin });
    return Object.fromEntries(product.sizes.map((s) => [s.size, s.stock]));
  }

  /** Waits until the stock equals `expected` (events are asynchronous). */
  async function expectStock(productId: string, expected: Record<string, number>): Promise<void> {
    await waitFor(
      async () => JSON.stringify(await stockOf(productId)) === JSON.stringify(expected),
      {
        message: `stock ${JSON.stringify(expected)}`,
      },
    ).catch(async (error: unknown) => {
      expect(await stockOf(productId)).toEqual(expected);
      throw error;
    });
  }

  /** Movements of the catalog ledger for an order (proves nothing was applied twice). */
  async function movementsOf(orderId: string): Promise<{ delta: number; reason: string }[]> {
    const { rows } = await env.pool.query<{ delta: number; reason: string }>(
      'SELECT delta, reason FROM catalog.stock_movements WHERE order_id = $1 ORDER BY created_at, id',
      [orderId],
    );
    return rows;
  }

  beforeAll(async () => {
    env = await TestEnv.create();
    await startAuthService(env);
    await startCatalogService(env);
    await startOrdersService(env);
    maple = await schoolActor('maplegrove');
    cedar = await schoolActor('cedarhill');
  });
  afterAll(() => env.close());

  it('uses the profile address and the catalog copy of the product', async () => {
    const product = await createProduct({ '4': 3 });
    const order = await place(env, maple, [{ productId: product.id, size: '4', quantity: 1 }]);
    expect(order.shippingInfo.userAddress).toBe('120 Maple Grove Rd|North Valley');
    expect(order.shippingInfo.userName).toBe('Maple Grove Elementary');
    expect(order.lines[0]).toMatchObject({
      name: product.name,
      category: 'Footwear',
      subCategory: 'Unisex youth sizing',
      image: '/media/placeholder/footwear.svg',
    });
    await expect(
      place(env, maple, [{ productId: product.id, size: '4', quantity: 4 }]),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('commits the given quantities once, takes nothing between committed statuses, gives back on revert', async () => {
    const product = await createProduct({ '3': 5, '5': 2 });
    const order = await place(env, maple, [
      { productId: product.id, size: '3', quantity: 3 },
      { productId: product.id, size: '5', quantity: 2 },
    ]);
    await expectStock(product.id, { '3': 5, '5': 2 }); // placing takes nothing

    await update(env, admin, order.id, 'Printed', [2, 1]);
    await expectStock(product.id, { '3': 3, '5': 1 });

    // The old app deducted again here; we do not.
    await update(env, admin, order.id, 'Ready for Pickup');
    const delivered = await update(env, admin, order.id, 'Processing');
    await expectStock(product.id, { '3': 5, '5': 2 });
    expect(delivered.lines.map((l) => l.quantity)).toEqual([2, 1]);
    const moves = await movementsOf(order.id);
    expect(
      moves
        .filter((m) => m.reason === 'order-commit')
        .map((m) => m.delta)
        .sort((x, y) => x - y),
    ).toEqual([-2, -1]);
    expect(
      moves
        .filter((m) => m.reason === 'order-release')
        .map((m) => m.delta)
        .sort((x, y) => x - y),
    ).toEqual([1, 2]);
    expect(moves).toHaveLength(4);
  });

  it('takes nothing when a picked-up order goes from Ready for Pickup straight to Delivered', async () => {
    const product = await createProduct({ '6': 4 });
    const order = await place(env, maple, [{ productId: product.id, size: '6', quantity: 3 }]);
    await update(env, admin, order.id, 'Ready for Pickup', [3]);
    await expectStock(product.id, { '6': 1 });

    const delivered = await update(env, admin, order.id, 'Delivered');
    expect(delivered.status).toBe('Delivered');
    // Let the Delivered event through to catalog, then check it moved nothing.
    await waitFor(async () => (await countUnsent(env.pool, 'orders')) === 0);
    const marker = await place(env, cedar, [{ productId: product.id, size: '6', quantity: 1 }]);
    await update(env, admin, marker.id, 'Printed');
    await expectStock(product.id, { '6': 0 });
    expect((await movementsOf(order.id)).map((m) => [m.reason, m.delta])).toEqual([
      ['order-commit', -3],
    ]);
  });

  it('reaches Packing from Processing (taking the stock once) and from Printed and CheckEmail (taking nothing)', async () => {
    const product = await createProduct({ '7': 10 });
    const fromProcessing = await place(env, maple, [
      { productId: product.id, size: '7', quantity: 2 },
    ]);
    const packing = await update(env, admin, fromProcessing.id, 'Packing', [2]);
    expect(packing.status).toBe('Packing');
    await expectStock(product.id, { '7': 8 });

    const fromPrinted = await place(env, cedar, [
      { productId: product.id, size: '7', quantity: 1 },
    ]);
    await update(env, admin, fromPrinted.id, 'Printed');
    await expectStock(product.id, { '7': 7 });
    await expect(update(env, admin, fromPrinted.id, 'Packing')).resolves.toMatchObject({
      status: 'Packing',
    });

    const fromCheckEmail = await place(env, cedar, [
      { productId: product.id, size: '7', quantity: 3 },
    ]);
    await update(env, admin, fromCheckEmail.id, 'CheckEmail');
    await expectStock(product.id, { '7': 4 });
    await update(env, admin, fromCheckEmail.id, 'Packing');
    // Packing keeps its own choices: on to Ready for Pickup, then Delivered.
    await update(env, admin, fromCheckEmail.id, 'Ready for Pickup');
    await expect(update(env, admin, fromCheckEmail.id, 'Delivered')).resolves.toMatchObject({
      status: 'Delivered',
    });

    await waitFor(async () => (await countUnsent(env.pool, 'orders')) === 0);
    await expectStock(product.id, { '7': 4 });
    for (const order of [fromProcessing, fromPrinted, fromCheckEmail]) {
      const commits = (await movementsOf(order.id)).filter((m) => m.reason === 'order-commit');
      expect(commits).toHaveLength(1);
    }
  });

  it('gives back a committed undelivered order on delete, but not a delivered one', async () => {
    const product = await createProduct({ M: 4 });
    const undelivered = await place(env, maple, [
      { productId: product.id, size: 'M', quantity: 2 },
    ]);
    const delivered = await place(env, cedar, [{ productId: product.id, size: 'M', quantity: 1 }]);
    await update(env, admin, undelivered.id, 'CheckEmail');
    await update(env, admin, delivered.id, 'Delivered');
    await expectStock(product.id, { M: 1 });

    await env.rpc.call(ordersOps.delete, { id: undelivered.id }, { actor: admin });
    await expectStock(product.id, { M: 3 });
    await env.rpc.call(ordersOps.delete, { id: delivered.id }, { actor: admin });
    // Let the delete event through, then check nothing came back.
    await waitFor(async () => (await countUnsent(env.pool, 'orders')) === 0);
    const marker = await place(env, maple, [{ productId: product.id, size: 'M', quantity: 1 }]);
    await update(env, admin, marker.id, 'Printed');
    await expectStock(product.id, { M: 2 });
  });

  it('returns the loser of a race for the last units to Processing and never goes below zero', async () => {
    const product = await createProduct({ XL: 2 });
    const a = await place(env, maple, [{ productId: product.id, size: 'XL', quantity: 2 }]);
    const b = await place(env, cedar, [{ productId: product.id, size: 'XL', quantity: 2 }]);
    // Orders checks no stock itself: both changes are made, catalog takes the stock for one and
    // refuses the other, and each answer says which.
    const results = await Promise.all([
      update(env, admin, a.id, 'Printed'),
      update(env, volunteerActor(), b.id, 'Printed'),
    ]);
    await expectStock(product.id, { XL: 0 });
    expect(results.map((r) => r.stock.outcome).sort()).toEqual(['committed', 'refused']);
    const refused = results.find((r) => r.stock.outcome === 'refused')!;
    expect(refused.status).toBe('Processing');
    expect(refused.stock.shortLines).toEqual([
      expect.objectContaining({ productId: product.id, size: 'XL', requested: 2, available: 0 }),
    ]);

    const final = await Promise.all(
      [a, b].map((o) => env.rpc.call(ordersOps.get, { id: o.id }, { actor: admin })),
    );
    expect(final.map((o) => o.status).sort()).toEqual(['Printed', 'Processing']);
    const loser = final.find((o) => o.status === 'Processing')!;
    expect(loser.id).toBe(refused.id);
    const history = await env.rpc.call(ordersOps.history, { id: loser.id }, { actor: admin });
    expect(history.at(-1)).toMatchObject({ from: 'Printed', to: 'Processing', by: null });
    expect(history.at(-1)?.reason).toContain(UI_MESSAGES.inventoryBelowZero);
    expect(await movementsOf(loser.id)).toEqual([]);
  });

  it('loses no event when the orders service dies between its commit and the publish', async () => {
    const product = await createProduct({ S: 6 });
    const order = await place(env, maple, [{ productId: product.id, size: 'S', quantity: 4 }]);
    await waitFor(async () => (await countUnsent(env.pool, 'orders')) === 0);

    // Stop the relay so the status change is committed but not published, then "crash".
    await env.apps.get('orders')!.get(OutboxRelay, { strict: false }).stop();
    const published = await ordersStreamLastSequence();
    // Catalog cannot decide on an event it never got: the change answers pending.
    const pending = await update(env, admin, order.id, 'Ready for Pickup', [3]);
    expect(pending.stock).toEqual({ outcome: 'pending', version: pending.version });
    expect(await countUnsent(env.pool, 'orders')).toBeGreaterThan(0);
    await env.stopService('orders');
    // Nothing reached the stream, so the catalog cannot have taken stock for it.
    expect(await ordersStreamLastSequence()).toBe(published);
    expect(await stockOf(product.id)).toEqual({ S: 6 });

    await startOrdersService(env);
    await expectStock(product.id, { S: 3 });
    await waitFor(async () => (await countUnsent(env.pool, 'orders')) === 0);
    expect(await movementsOf(order.id)).toEqual([
      expect.objectContaining({ delta: -3, reason: 'order-commit' }),
    ]);
  });

  async function ordersStreamLastSequence(): Promise<number> {
    const jsm = await jetstreamManager(env.nc);
    return (await jsm.streams.info(namespacedStream(env.namespace, 'ORDERS'))).state.last_seq;
  }

  function volunteerActor(): Actor {
    return TestEnv.actor('volunteer', 'Volunteer Vic');
  }
});
