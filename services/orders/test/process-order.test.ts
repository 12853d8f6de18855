/**
 * Processing orders through ordersOps.update against the real PostgreSQL, NATS, auth and catalog
 * services: every allowed and refused transition of ORDER_TRANSITIONS, quantities only while
 * Processing, catalog's refusal of a commit answered with the change, deliveredAt, the events and
 * history, and a commit rejection catalog decides after the answer returning the order.
 */
import { randomUUID } from 'node:crypto';
import {
  ordersOps,
  EVENTS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  UI_MESSAGES,
  type Actor,
  type OrderHistoryEntry,
  type OrderSnapshot,
  type OrderStatus,
  type CatalogProduct,
} from '@lr/contracts';
import { OutboxRelay } from '@lr/nest-kit';
import { TestEnv, waitFor } from '@lr/testing';
import {
  createProduct,
  place,
  registerAccount,
  setStock,
  startOrdersWithServices,
  update,
} from '@lr/testing/services';
import { forceStatus } from './support/orders-env.js';
import { streamEvents } from './support/streams.js';

describe('processing an order', () => {
  let env: TestEnv;
  let product: CatalogProduct;
  let schoolA: Actor;
  let admin: Actor;
  let volunteer: Actor;

  beforeAll(async () => {
    env = await TestEnv.create();
    const seeded = await startOrdersWithServices(env);
    admin = await registerAccount(env, seeded.admin, 'Admin Ann', { role: 'admin' });
    volunteer = await registerAccount(env, admin, 'Volunteer Vic', { role: 'volunteer' });
    schoolA = await registerAccount(env, admin, 'Processing Primary');
    product = await createProduct(env, admin, 'Polo shirt', { S: 1000, M: 1000 });
  });
  afterAll(() => env.close());

  function newOrder(quantities: [number, number] = [2, 3]): Promise<OrderSnapshot> {
    return place(env, schoolA, [
      { productId: product.id, size: 'S', quantity: quantities[0] },
      { productId: product.id, size: 'M', quantity: quantities[1] },
    ]);
  }

  function get(id: string): Promise<OrderSnapshot> {
    return env.rpc.call(ordersOps.get, { id }, { actor: admin });
  }

  function history(id: string): Promise<OrderHistoryEntry[]> {
    return env.rpc.call(ordersOps.history, { id }, { actor: admin });
  }

  it("offers Packing from Processing, CheckEmail and Printed, and keeps Packing's own choices", () => {
    // Written out so a change to the shared table shows here (docs/adr/0151-packing-is-reachable.md).
    const into = ORDER_STATUSES.filter((from) => ORDER_TRANSITIONS[from].includes('Packing'));
    expect(into).toEqual(['Processing', 'CheckEmail', 'Printed']);
    expect(ORDER_TRANSITIONS.Packing).toEqual(['Ready for Pickup', 'Delivered', 'Processing']);
  });

  it('allows exactly the transitions of the status table', async () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (from === to) continue;
        const order = await newOrder();
        if (from !== 'Processing') await forceStatus(env, order.id, from);
        const allowed = ORDER_TRANSITIONS[from].includes(to);
        expected.push(`${from} -> ${to}: ${allowed ? 'ok' : 'CONFLICT'}`);
        const result = await update(env, volunteer, order.id, to).then(
          (o) => (o.status === to ? 'ok' : `wrong status ${o.status}`),
          (e: { code: string; details?: { allowed: OrderStatus[] } }) => {
            if (e.code === 'CONFLICT') expect(e.details?.allowed).toEqual(ORDER_TRANSITIONS[from]);
            return e.code;
          },
        );
        outcomes.push(`${from} -> ${to}: ${result}`);
        if (!allowed) expect((await get(order.id)).status).toBe(from);
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it('refuses moving to the same status except saving quantities while Processing', async () => {
    const order = await newOrder();
    await update(env, admin, order.id, 'Printed');
    await expect(update(env, admin, order.id, 'Printed')).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const other = await newOrder();
    const saved = await update(env, admin, other.id, 'Processing', [1, 0]);
    expect(saved.status).toBe('Processing');
    expect(saved.lines.map((l) => [l.requestedQuantity, l.quantity])).toEqual([
      [2, 1],
      [3, 0],
    ]);
  });

  it('changes quantities only while Processing, 0 to 5, one per line, keeping the requested ones', async () => {
    const order = await newOrder([2, 3]);
    for (const bad of [[1], [1, 2, 3], [6, 1], [-1, 1], [1.5, 1]]) {
      await expect(update(env, admin, order.id, 'Printed', bad)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
    const printed = await update(env, admin, order.id, 'Printed', [1, 0]);
    expect(printed.lines.map((l) => [l.requestedQuantity, l.quantity])).toEqual([
      [2, 1],
      [3, 0],
    ]);
    // Versions: placed 1, items adjusted 2, status changed 3.
    expect(printed.version).toBe(3);
    const events = await waitFor(async () => {
      const mine = (await streamEvents(env.nc, env.namespace)).filter(
        (e) => e.data.order.id === order.id,
      );
      return mine.length === 3 ? mine : null;
    });
    expect(events.map((e) => [e.type, e.version])).toEqual([
      [EVENTS.ordersOrderPlaced, 1],
      [EVENTS.ordersOrderItemsAdjusted, 2],
      [EVENTS.ordersOrderStatusChanged, 3],
    ]);
    expect(events[1]?.data.previousQuantities?.map((p) => p.quantity)).toEqual([2, 3]);
    expect(events[2]?.data).toMatchObject({ from: 'Processing', to: 'Printed', reason: null });
    expect(events[2]?.data.order.lines.map((l) => l.quantity)).toEqual([1, 0]);

    // Out of Processing: sending the same quantities back is harmless, changing them is refused.
    await expect(update(env, admin, order.id, 'Ready for Pickup', [1, 0])).resolves.toMatchObject({
      status: 'Ready for Pickup',
    });
    await expect(update(env, admin, order.id, 'Processing', [2, 2])).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('only be changed while the order is Processing'),
    });
  });

  it("answers a commit the stock does not cover with catalog's refusal, the order back in Processing", async () => {
    const scarce = await createProduct(env, admin, 'Winter boot', { '4': 5 });
    const order = await place(env, schoolA, [{ productId: scarce.id, size: '4', quantity: 3 }]);
    // The stock went down meanwhile (a recount in the catalog).
    await setStock(env, admin, scarce.id, '4', 2);
    const refused = await update(env, admin, order.id, 'Ready for Pickup');
    expect(refused).toMatchObject({
      status: 'Processing',
      version: 3,
      stock: {
        outcome: 'refused',
        version: 2,
        shortLines: [
          expect.objectContaining({ productId: scarce.id, size: '4', requested: 3, available: 2 }),
        ],
      },
    });
    // Giving fewer makes it fit.
    await expect(update(env, admin, order.id, 'Ready for Pickup', [2])).resolves.toMatchObject({
      status: 'Ready for Pickup',
      stock: { outcome: 'committed' },
    });
  });

  it('sets deliveredAt on entering Delivered and clears it on leaving', async () => {
    const order = await newOrder();
    const delivered = await update(env, admin, order.id, 'Delivered');
    expect(delivered.deliveredAt).not.toBeNull();
    expect(Date.parse(delivered.deliveredAt!)).toBeGreaterThanOrEqual(Date.parse(order.createdAt));
    const back = await update(env, admin, order.id, 'Processing');
    expect(back.deliveredAt).toBeNull();
    expect((await history(order.id)).map((h) => [h.from, h.to, h.by?.name ?? null])).toEqual([
      [null, 'Processing', schoolA.name],
      ['Processing', 'Delivered', 'Admin Ann'],
      ['Delivered', 'Processing', 'Admin Ann'],
    ]);
  });

  it('applies one of two simultaneous changes and refuses the other, writing nothing for it', async () => {
    const order = await newOrder();
    const results = await Promise.allSettled([
      update(env, admin, order.id, 'Printed'),
      update(env, volunteer, order.id, 'CheckEmail'),
      update(env, admin, order.id, 'Delivered'),
    ]);
    const applied = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    // At least one wins; every loser was refused as a conflict (read the order before the winner wrote).
    expect(applied.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/changed by someone else|cannot move/),
      });
    }
    const final = await get(order.id);
    // One history entry and one version step per applied change, none for a refused one.
    expect((await history(order.id)).length).toBe(1 + applied.length);
    expect(final.version).toBe(1 + applied.length);
  });

  it('lets only admins and volunteers process, and 404s unknown orders', async () => {
    const order = await newOrder();
    await expect(update(env, schoolA, order.id, 'Printed')).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(update(env, null, order.id, 'Printed')).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(update(env, admin, randomUUID(), 'Printed')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(update(env, admin, 'not-an-id', 'Printed')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      env.rpc.call(ordersOps.update, { id: order.id, status: 'Shipped' } as never, {
        actor: admin,
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  describe('when catalog rejects a commit', () => {
    // A rejection decided after the change was answered (pending): the stock drops before the
    // catalog applies the commit. Holding an outbox relay fixes that order of events without timing luck.
    const relayOf = (service: 'orders' | 'catalog') =>
      env.apps.get(service)!.get(OutboxRelay, { strict: false });

    async function unsentRejections(orderIds: string[]): Promise<number> {
      const { rows } = await env.pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM catalog.outbox WHERE sent_at IS NULL AND subject LIKE $1 AND envelope->'data'->>'orderId' = ANY($2)",
        [`%${EVENTS.catalogInventoryCommitRejected}`, orderIds],
      );
      return rows[0]?.n ?? 0;
    }

    afterEach(async () => {
      await relayOf('orders').start();
      await relayOf('catalog').start();
      await setStock(env, admin, product.id, 'S', 1000);
    });

    it('returns the order to Processing with the reason when it is still at the rejected version', async () => {
      const order = await newOrder();
      await relayOf('orders').stop();
      const committed = await update(env, admin, order.id, 'CheckEmail');
      await setStock(env, admin, product.id, 'S', 1);
      await relayOf('orders').start();
      const back = await waitFor(async () => {
        const o = await get(order.id);
        return o.status === 'Processing' ? o : null;
      });
      expect(back.version).toBe(committed.version + 1);
      const last = (await history(order.id)).at(-1);
      expect(last).toMatchObject({ from: 'CheckEmail', to: 'Processing', by: null });
      expect(last?.reason).toContain(UI_MESSAGES.inventoryBelowZero);
      expect(last?.reason).toContain('Polo shirt (S)');
      const event = await waitFor(async () =>
        (await streamEvents(env.nc, env.namespace)).find(
          (e) =>
            e.data.order.id === order.id &&
            e.type === EVENTS.ordersOrderStatusChanged &&
            e.data.to === 'Processing',
        ),
      );
      expect(event.data).toMatchObject({ from: 'CheckEmail', to: 'Processing', changedBy: null });
      expect(event.data.reason).toContain('Polo shirt');
    });

    it('ignores a rejection of a version the order has moved past', async () => {
      const order = await newOrder();
      // A rejection for the current version after it, to know the first was handled.
      const other = await newOrder();
      await relayOf('orders').stop();
      await update(env, admin, order.id, 'Printed');
      await update(env, admin, other.id, 'Printed');
      await setStock(env, admin, product.id, 'S', 1);
      // Catalog rejects both commits; its rejections wait in its outbox while the order moves on.
      await relayOf('catalog').stop();
      await relayOf('orders').start();
      await waitFor(async () => (await unsentRejections([order.id, other.id])) === 2, {
        message: 'catalog rejected both commits',
      });
      await setStock(env, admin, product.id, 'S', 1000);
      const moved = await update(env, admin, order.id, 'Ready for Pickup');
      await relayOf('catalog').start();
      await waitFor(async () => (await get(other.id)).status === 'Processing');
      expect(await get(order.id)).toMatchObject({
        status: 'Ready for Pickup',
        version: moved.version,
      });
    });
  });
});
