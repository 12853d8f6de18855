/**
 * A status change answers with catalog's decision on its stock, against the real PostgreSQL, NATS,
 * auth, catalog and orders services: committed when catalog took the stock, refused with the short
 * lines (the order back in Processing) when it had too little, and pending when catalog did not
 * decide in time (stopped here), after which following the change shows the decision.
 */
import { randomUUID } from 'node:crypto';
import {
  catalogOps,
  UI_MESSAGES,
  ordersOps,
  type Actor,
  type CatalogProduct,
  type StockOutcome,
} from '@lr/contracts';
import { TestEnv, waitFor } from '@lr/testing';
import {
  place,
  startAuthService,
  startCatalogService,
  startOrdersService,
  update,
} from '@lr/testing/services';

describe('the stock outcome of a status change', () => {
  let env: TestEnv;
  let school: Actor;
  const admin = TestEnv.actor('admin', 'Admin Ann');
  const volunteer = TestEnv.actor('volunteer', 'Volunteer Vic');

  beforeAll(async () => {
    env = await TestEnv.create();
    await startAuthService(env);
    await startCatalogService(env);
    // Long enough for catalog to decide on a loaded test machine; the pending case shortens it.
    await startOrdersService(env, { STOCK_DECISION_WAIT_MS: '8000' });
    const { rows } = await env.pool.query<{ id: string; name: string; login_id: string }>(
      "SELECT id, name, login_id FROM auth.users WHERE login_id = 'maplegrove'",
    );
    school = { id: rows[0]!.id, name: rows[0]!.name, loginId: rows[0]!.login_id, role: 'user' };
  });
  afterAll(() => env.close());

  async function createProduct(sizes: Record<string, number>): Promise<CatalogProduct> {
    return env.rpc.call(
      catalogOps.createProduct,
      {
        name: `Coat ${randomUUID().slice(0, 8)}`,
        category: 'Clothing',
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

  it('answers committed once catalog took the stock', async () => {
    const product = await createProduct({ M: 5 });
    const order = await place(env, school, [{ productId: product.id, size: 'M', quantity: 2 }]);
    const changed = await update(env, admin, order.id, 'Printed');
    expect(changed).toMatchObject({
      status: 'Printed',
      version: 2,
      stock: { outcome: 'committed', version: 2 },
    });
    // Answered after the decision: the stock already shows it.
    expect(await stockOf(product.id)).toEqual({ M: 3 });
  });

  it('answers none for a change that takes no stock', async () => {
    const product = await createProduct({ M: 5 });
    const order = await place(env, school, [{ productId: product.id, size: 'M', quantity: 1 }]);
    await expect(update(env, admin, order.id, 'Processing', [2])).resolves.toMatchObject({
      stock: { outcome: 'none' },
    });
  });

  it('answers refused with the short lines, the order back in Processing as catalog left it', async () => {
    const product = await createProduct({ L: 2, S: 4 });
    const first = await place(env, school, [{ productId: product.id, size: 'L', quantity: 2 }]);
    const second = await place(env, school, [
      { productId: product.id, size: 'L', quantity: 2 },
      { productId: product.id, size: 'S', quantity: 1 },
    ]);
    await update(env, admin, first.id, 'Printed');
    // A volunteer's change is answered the same way (its contact details left out).
    const refused = await update(env, volunteer, second.id, 'Printed');
    expect(refused.stock).toEqual({
      outcome: 'refused',
      version: 2,
      shortLines: [
        { productId: product.id, size: 'L', name: product.name, requested: 2, available: 0 },
      ],
    });
    expect(refused).toMatchObject({ status: 'Processing', version: 3, contactWithheld: true });
    const history = await env.rpc.call(ordersOps.history, { id: second.id }, { actor: admin });
    expect(history.at(-1)).toMatchObject({ from: 'Printed', to: 'Processing', by: null });
    expect(history.at(-1)?.reason).toContain(UI_MESSAGES.inventoryBelowZero);
    // Returned once, though the durable consumer (on any replica) handles the same refusal.
    await waitFor(async () => {
      const { rows } = await env.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM orders.processed_events p
           JOIN catalog.outbox o ON o.envelope->>'eventId' = p.event_id::text
          WHERE p.consumer = 'orders-inventory' AND o.envelope->'data'->>'orderId' = $1`,
        [second.id],
      );
      return rows[0]!.n === 1;
    });
    expect(
      (await env.rpc.call(ordersOps.history, { id: second.id }, { actor: admin })).filter(
        (entry) => entry.by === null,
      ),
    ).toHaveLength(1);
    expect(await stockOf(product.id)).toEqual({ L: 0, S: 4 });
  });

  it('answers pending within what its caller waits, though the configured wait is longer', async () => {
    // Orders here waits up to 8 s for a decision; a caller that waits 3 s still gets its answer.
    const product = await createProduct({ M: 2 });
    const order = await place(env, school, [{ productId: product.id, size: 'M', quantity: 1 }]);
    await env.stopService('catalog');
    try {
      const changed = await env.rpc.call(
        ordersOps.update,
        { id: order.id, status: 'Ready for Pickup' },
        { actor: admin, timeoutMs: 3_000 },
      );
      expect(changed).toMatchObject({ stock: { outcome: 'pending', version: 2 } });
      await expect(
        env.rpc.call(
          ordersOps.stockOutcome,
          { id: order.id, version: 2 },
          { actor: admin, timeoutMs: 2_500 },
        ),
      ).resolves.toEqual({ outcome: 'pending', version: 2 });
    } finally {
      await startCatalogService(env);
    }
  });

  it('answers pending when catalog does not decide in time, and the decision follows', async () => {
    await env.stopService('orders');
    await startOrdersService(env, { STOCK_DECISION_WAIT_MS: '300' });
    const product = await createProduct({ XS: 3 });
    const order = await place(env, school, [{ productId: product.id, size: 'XS', quantity: 3 }]);
    await env.stopService('catalog');
    try {
      const pending = await update(env, admin, order.id, 'Ready for Pickup');
      expect(pending).toMatchObject({
        status: 'Ready for Pickup',
        stock: { outcome: 'pending', version: 2 },
      });
      await expect(
        env.rpc.call(ordersOps.stockOutcome, { id: order.id, version: 2 }, { actor: admin }),
      ).resolves.toEqual({ outcome: 'pending', version: 2 });
    } finally {
      await startCatalogService(env);
    }
    // Catalog decides from the durable event once it is back; following the change shows it.
    const decided = await waitFor(
      async () => {
        const outcome: StockOutcome = await env.rpc.call(
          ordersOps.stockOutcome,
          { id: order.id, version: 2 },
          { actor: volunteer },
        );
        return outcome.outcome === 'pending' ? null : outcome;
      },
      { message: 'catalog decided on the pending commit' },
    );
    expect(decided).toEqual({ outcome: 'committed', version: 2 });
    expect(await stockOf(product.id)).toEqual({ XS: 0 });
    await expect(
      env.rpc.call(ordersOps.stockOutcome, { id: order.id, version: 2 }, { actor: school }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
