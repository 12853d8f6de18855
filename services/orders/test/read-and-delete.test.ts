/**
 * Reading and deleting orders against the real PostgreSQL and NATS, with the real auth and catalog
 * services: a school sees and cancels only its own orders (another school's is 404), staff see all,
 * the console list filters and pages, and a deletion publishes the order as it was.
 */
import { randomUUID } from 'node:crypto';
import {
  ordersOps,
  EVENTS,
  type Actor,
  type InputOf,
  type OrderSnapshot,
  type CatalogProduct,
} from '@lr/contracts';
import { TestEnv, waitFor } from '@lr/testing';
import {
  createProduct,
  registerAccount,
  shipping,
  startOrdersWithServices,
  update,
} from '@lr/testing/services';
import { streamEvents } from './support/streams.js';

describe('reading and deleting orders', () => {
  let env: TestEnv;
  let product: CatalogProduct;
  let schoolA: Actor;
  let schoolB: Actor;
  let admin: Actor;
  let volunteer: Actor;

  beforeAll(async () => {
    env = await TestEnv.create();
    ({ admin } = await startOrdersWithServices(env));
    volunteer = await registerAccount(env, admin, 'Volunteer Val', { role: 'volunteer' });
    schoolA = await registerAccount(env, admin, 'Alpha Academy');
    schoolB = await registerAccount(env, admin, 'Beta High');
    product = await createProduct(env, admin, 'Hoodie', { M: 1000 });
  });
  afterAll(() => env.close());

  function orderFor(actor: Actor = schoolA, student = 'S-1_10_Male'): Promise<OrderSnapshot> {
    return env.rpc.call(
      ordersOps.place,
      {
        shippingInfo: shipping({ receivingPersonName: student }),
        lines: [{ productId: product.id, size: 'M', quantity: 1 }],
      },
      { actor },
    );
  }

  it('shows a school only its own orders, newest first; another school gets 404', async () => {
    const a1 = await orderFor(schoolA);
    const a2 = await orderFor(schoolA);
    const b1 = await orderFor(schoolB);
    const mine = await env.rpc.call(ordersOps.listMine, {}, { actor: schoolA });
    expect(mine.items.map((o) => o.id)).toEqual([a2.id, a1.id]);
    expect(mine.next).toBeNull();
    await expect(
      env.rpc.call(ordersOps.get, { id: a1.id }, { actor: schoolA }),
    ).resolves.toMatchObject({ id: a1.id });
    await expect(
      env.rpc.call(ordersOps.get, { id: b1.id }, { actor: schoolA }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      env.rpc.call(ordersOps.get, { id: b1.id }, { actor: volunteer }),
    ).resolves.toMatchObject({ id: b1.id });
    await expect(env.rpc.call(ordersOps.get, { id: b1.id }, { actor: null })).rejects.toMatchObject(
      { code: 'UNAUTHORIZED' },
    );
    await expect(env.rpc.call(ordersOps.listMine, {}, { actor: null })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('lists every order for staff only', async () => {
    const { items: all } = await env.rpc.call(ordersOps.listAll, {}, { actor: volunteer });
    expect(all.length).toBeGreaterThanOrEqual(3);
    const times = all.map((o) => Date.parse(o.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    await expect(env.rpc.call(ordersOps.listAll, {}, { actor: schoolA })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      env.rpc.call(ordersOps.history, { id: all[0]!.id }, { actor: schoolA }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lets a school cancel its own Processing order only, and never another school’s', async () => {
    const own = await orderFor(schoolA);
    const other = await orderFor(schoolB);
    await expect(
      env.rpc.call(ordersOps.delete, { id: other.id }, { actor: schoolA }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      env.rpc.call(ordersOps.delete, { id: own.id }, { actor: volunteer }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const committed = await orderFor(schoolA);
    await update(env, admin, committed.id, 'Printed');
    await expect(
      env.rpc.call(ordersOps.delete, { id: committed.id }, { actor: schoolA }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });

    await expect(
      env.rpc.call(ordersOps.delete, { id: own.id }, { actor: schoolA }),
    ).resolves.toMatchObject({ id: own.id });
    await expect(
      env.rpc.call(ordersOps.get, { id: own.id }, { actor: schoolA }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      env.rpc.call(ordersOps.get, { id: other.id }, { actor: schoolB }),
    ).resolves.toMatchObject({ id: other.id });
  });

  it('lets an admin delete any order and publishes it as it was', async () => {
    const order = await orderFor(schoolB);
    const delivered = await update(env, admin, order.id, 'Delivered');
    await env.rpc.call(ordersOps.delete, { id: order.id }, { actor: admin });
    const event = await waitFor(async () =>
      (await streamEvents(env.nc, env.namespace)).find(
        (e) => e.type === EVENTS.ordersOrderDeleted && e.data.order.id === order.id,
      ),
    );
    expect(event.version).toBe(delivered.version + 1);
    expect(event.data.order).toMatchObject({
      status: 'Delivered',
      lines: [expect.objectContaining({ quantity: 1 })],
    });
    await expect(
      env.rpc.call(ordersOps.delete, { id: order.id }, { actor: admin }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      env.rpc.call(ordersOps.delete, { id: randomUUID() }, { actor: admin }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  describe('console list', () => {
    const list = (
      filter: Record<string, unknown>,
      range = { start: 0, end: 99 },
      sort?: InputOf<typeof ordersOps.consoleList>['sort'],
    ) => env.rpc.call(ordersOps.consoleList, { filter, range, sort }, { actor: volunteer });

    it('filters by status, school, order number, student id and date, and pages', async () => {
      const gamma = await registerAccount(env, admin, 'Gamma Grammar');
      const o1 = await orderFor(gamma, 'GX-77_9_Female');
      const o2 = await orderFor(gamma, 'GX-78_11_NA');
      await update(env, admin, o2.id, 'Ready for Pickup');

      expect((await list({ school: 'gamma' })).items.map((o) => o.id)).toEqual([o2.id, o1.id]);
      expect(
        (await list({ school: 'gamma', status: 'Ready for Pickup' })).items.map((o) => o.id),
      ).toEqual([o2.id]);
      expect((await list({ q: o1.orderNumber })).items.map((o) => o.id)).toEqual([o1.id]);
      expect(
        (await list({ q: String(Number(o1.orderNumber.slice(3))) })).items.map((o) => o.id),
      ).toEqual([o1.id]);
      expect((await list({ q: 'gx-78' })).items.map((o) => o.id)).toEqual([o2.id]);
      // The search box finds a school by part of its name, in any case.
      expect((await list({ q: 'MA GRAM' })).items.map((o) => o.id)).toEqual([o2.id, o1.id]);
      expect((await list({ q: 'Gamma Grammar' })).total).toBe(2);
      expect((await list({ q: '100%' })).total).toBe(0);
      expect((await list({ userId: gamma.id, from: '2000-01-01', to: '2000-12-31' })).total).toBe(
        0,
      );
      const today = new Date().toISOString().slice(0, 10);
      expect(
        (await list({ userId: gamma.id, createdAt_gte: today, createdAt_lte: today })).total,
      ).toBe(2);
      expect((await list({ id: [o1.id, 'junk'] })).items.map((o) => o.id)).toEqual([o1.id]);

      const all = await list({});
      const page = await list({}, { start: 1, end: 2 });
      expect(page.total).toBe(all.total);
      expect(page.items.map((o) => o.id)).toEqual(all.items.slice(1, 3).map((o) => o.id));
      const oldestFirst = await list(
        {},
        { start: 0, end: 99 },
        { field: 'createdAt', order: 'ASC' },
      );
      expect(oldestFirst.items.map((o) => o.id)).toEqual([...all.items].reverse().map((o) => o.id));
    });

    it('refuses bad filters and non-staff', async () => {
      await expect(list({ createdAt_gte: 'yesterday-ish' })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
      await expect(list({ status: 'Shipped' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(list({ createdAt_lte: '+275760-09-13T00:00:00Z' })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
      await expect(list({}, { start: 1e15, end: 1e15 + 5 })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
      await expect(list({ q: "%_\\' OR 1=1 --" })).resolves.toMatchObject({ total: 0 });
      await expect(
        env.rpc.call(
          ordersOps.consoleList,
          { filter: {}, range: { start: 0, end: 9 } },
          { actor: schoolA },
        ),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });

    it('returns several orders by id for staff', async () => {
      const o = await orderFor(schoolA);
      const many = await env.rpc.call(
        ordersOps.getMany,
        { ids: [o.id, randomUUID()] },
        { actor: admin },
      );
      expect(many.map((x) => x.id)).toEqual([o.id]);
    });

    it('totals the list by status from counts that follow every placement, change and delete', async () => {
      const counted = async () =>
        (
          await env.pool.query<{ status: string; n: number }>(
            `SELECT status, sum(orders)::int AS n FROM orders.order_counts
              GROUP BY status HAVING sum(orders) <> 0 ORDER BY status`,
          )
        ).rows;
      const actual = async () =>
        (
          await env.pool.query<{ status: string; n: number }>(
            'SELECT status, count(*)::int AS n FROM orders.orders GROUP BY status ORDER BY status',
          )
        ).rows;
      const placed = await orderFor(schoolB, 'CNT-1_10_NA');
      await update(env, admin, placed.id, 'Printed');
      const cancelled = await orderFor(schoolB, 'CNT-2_10_NA');
      await env.rpc.call(ordersOps.delete, { id: cancelled.id }, { actor: schoolB });
      expect(await counted()).toEqual(await actual());
      const printed = (await actual()).find((row) => row.status === 'Printed')?.n;
      expect(printed).toBeGreaterThan(0);
      await expect(list({ status: 'Printed' }, { start: 0, end: 0 })).resolves.toMatchObject({
        total: printed,
      });
      const everything = (await actual()).reduce((sum, row) => sum + row.n, 0);
      await expect(list({}, { start: 0, end: 0 })).resolves.toMatchObject({ total: everything });
      await expect(list({ status: [] }, { start: 0, end: 0 })).resolves.toMatchObject({
        total: 0,
      });
    });
  });
});
