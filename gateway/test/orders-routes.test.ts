/**
 * The order routes over HTTP with the real auth, catalog and orders services: the old API's shapes on
 * /api/v1, the console dialect on /api/console/orders, and who may call what (guest, school, another
 * school, volunteer, admin).
 */
import { randomUUID } from 'node:crypto';
import {
  catalogOps,
  UI_MESSAGES,
  consoleOrderUpdateSchema,
  type CatalogProduct,
} from '@lr/contracts';
import { TestEnv, waitFor } from '@lr/testing';
import { startCatalog, startOrders } from './service-starters.js';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

interface ApiOrder {
  _id: string;
  orderId: string;
  user: { _id: string; name: string };
  shippingInfo: Record<string, string>;
  orderItems: {
    _id: string;
    product: string;
    name: string;
    SubCategory: string;
    ProductSize: string;
    quantity: number;
    requestedQuantity: number;
  }[];
  orderStatus: string;
  totalPrice: number;
  createdAt: string;
  deliveredAt: string | null;
}

describe('gateway order routes', () => {
  let h: AuthHarness;
  let product: CatalogProduct;
  let maple: string;
  let cedar: string;
  let volunteer: string;
  let admin: string;

  const shippingInfo = {
    userName: 'ignored',
    receivingPersonName: 'ST-9_11_Male',
    additionalComments: '',
    userLoggedInDesignation: 'Mr Teacher',
    userAddress: 'ignored|ignored',
    orderDate: '2020-01-01',
    phoneNo: '555-0101',
    Email: 'teacher@maple.example',
  };

  function orderBody(quantity = 1) {
    return {
      shippingInfo,
      orderItems: [
        {
          product: product.id,
          name: product.name,
          SubCategory: product.subCategory,
          ProductSize: 'M',
          quantity,
          image: '',
          price: 0,
        },
      ],
      itemsPrice: 0,
      taxPrice: 0,
      shippingPrice: 0,
      totalPrice: 0,
    };
  }

  async function placeAs(cookie: string, key: string = randomUUID()): Promise<ApiOrder> {
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/order/new',
      headers: { cookie, 'idempotency-key': key },
      payload: orderBody(),
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ order: ApiOrder }>().order;
  }

  beforeAll(async () => {
    h = await startAuthHarness();
    await startCatalog(h);
    await startOrders(h);
    product = await h.env.rpc.call(
      catalogOps.createProduct,
      {
        name: 'Rain jacket',
        category: 'Clothing',
        SubCategory: 'Unisex youth sizing',
        ProductSize: [{ size: 'M', stock: 100 }],
      },
      { actor: TestEnv.actor('admin') },
    );
    [maple, cedar, volunteer, admin] = await Promise.all([
      h.loginAs('maplegrove'),
      h.loginAs('cedarhill'),
      h.loginAs('volunteer'),
      h.loginAs('admin'),
    ]);
  });
  afterAll(() => h.close());

  describe('/api/v1', () => {
    it('accepts a zero payment only, for a logged-in caller', async () => {
      const ok = await h.inject({
        method: 'POST',
        url: '/api/v1/payment/process',
        headers: { cookie: maple },
        payload: { amount: 0 },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ success: true });
      const paid = await h.inject({
        method: 'POST',
        url: '/api/v1/payment/process',
        headers: { cookie: maple },
        payload: { amount: 500 },
      });
      expect(paid.statusCode).toBe(400);
      expect(paid.json()).toMatchObject({
        success: false,
        code: 'BAD_REQUEST',
        message: expect.stringContaining('amount'),
      });
      const guest = await h.inject({
        method: 'POST',
        url: '/api/v1/payment/process',
        payload: { amount: 0 },
      });
      expect(guest.statusCode).toBe(401);
    });

    it('places an order in the old API shape, once per Idempotency-Key', async () => {
      const key = randomUUID();
      const order = await placeAs(maple, key);
      expect(order).toMatchObject({
        orderId: expect.stringMatching(/^LR-\d{6}$/),
        user: { name: 'Maple Grove Elementary' },
        orderStatus: 'Processing',
        itemsPrice: 0,
        taxPrice: 0,
        shippingPrice: 0,
        totalPrice: 0,
        deliveredAt: null,
        shippingInfo: {
          userAddress: '120 Maple Grove Rd|North Valley',
          receivingPersonName: 'ST-9_11_Male',
          Email: 'teacher@maple.example',
        },
        orderItems: [
          {
            product: product.id,
            name: 'Rain jacket',
            SubCategory: 'Unisex youth sizing',
            ProductSize: 'M',
            quantity: 1,
            requestedQuantity: 1,
            price: 0,
          },
        ],
      });
      const again = await placeAs(maple, key);
      expect(again._id).toBe(order._id);
    });

    it('takes any opaque Idempotency-Key of visible ASCII, scoped to the account', async () => {
      for (const key of ['order_2026-11-23:abc/XYZ=', 'k', '~'.repeat(255)]) {
        const first = await placeAs(maple, key);
        expect((await placeAs(maple, key))._id).toBe(first._id);
        // Another school with the same key places its own order.
        const other = await placeAs(cedar, key);
        expect(other._id).not.toBe(first._id);
        expect(other.user.name).not.toBe(first.user.name);
        expect((await placeAs(cedar, key))._id).toBe(other._id);
      }
      const { rows } = await h.env.pool.query(
        `SELECT count(*)::int AS n FROM orders.orders WHERE idempotency_key = 'k'`,
      );
      expect(rows[0]).toEqual({ n: 2 });
    });

    it('refuses bad order bodies, keys, prices and guests', async () => {
      const post = (payload: unknown, headers: Record<string, string> = { cookie: maple }) =>
        h.inject({ method: 'POST', url: '/api/v1/order/new', headers, payload: payload as object });
      for (const key of ['has space', 'x'.repeat(256), 'caf\u00e9', 'tab\there']) {
        const refused = await post(orderBody(), { cookie: maple, 'idempotency-key': key });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({
          message: expect.stringContaining('Idempotency-Key'),
        });
      }
      expect((await post({ ...orderBody(), totalPrice: 12 })).statusCode).toBe(400);
      expect((await post({ ...orderBody(), orderItems: [] })).statusCode).toBe(400);
      expect(
        (
          await post({
            ...orderBody(),
            shippingInfo: { ...shippingInfo, receivingPersonName: 'ST-9' },
          })
        ).json(),
      ).toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('receivingPersonName'),
      });
      const tooMany = await post(orderBody(6));
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json()).toMatchObject({ success: false, code: 'CONFLICT' });
      expect((await post(orderBody(), {})).statusCode).toBe(401);
      // CSRF: another site's page cannot place an order with the school's cookie.
      expect(
        (await post(orderBody(), { cookie: maple, origin: 'https://evil.example' })).statusCode,
      ).toBe(403);
    });

    it('shows a school its own orders only; another school gets 404', async () => {
      const own = await placeAs(maple);
      const other = await placeAs(cedar);
      const mine = await h.inject({
        method: 'GET',
        url: '/api/v1/orders/me',
        headers: { cookie: maple },
      });
      expect(mine.statusCode).toBe(200);
      const ids = mine.json<{ orders: ApiOrder[] }>().orders.map((o) => o._id);
      expect(ids).toContain(own._id);
      expect(ids).not.toContain(other._id);

      expect(
        (
          await h.inject({
            method: 'GET',
            url: `/api/v1/order/${own._id}`,
            headers: { cookie: maple },
          })
        ).json(),
      ).toMatchObject({
        success: true,
        order: { _id: own._id },
      });
      expect(
        (
          await h.inject({
            method: 'GET',
            url: `/api/v1/order/${other._id}`,
            headers: { cookie: maple },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await h.inject({
            method: 'GET',
            url: `/api/v1/order/${other._id}`,
            headers: { cookie: volunteer },
          })
        ).statusCode,
      ).toBe(200);
      expect((await h.inject({ method: 'GET', url: `/api/v1/order/${own._id}` })).statusCode).toBe(
        401,
      );
      expect(
        (
          await h.inject({
            method: 'GET',
            url: '/api/v1/order/nonsense',
            headers: { cookie: admin },
          })
        ).statusCode,
      ).toBe(404);
    });

    it('lists all orders for admins and volunteers only', async () => {
      expect(
        (await h.inject({ method: 'GET', url: '/api/v1/admin/orders', headers: { cookie: maple } }))
          .statusCode,
      ).toBe(403);
      expect((await h.inject({ method: 'GET', url: '/api/v1/admin/orders' })).statusCode).toBe(401);
      const all = await h.inject({
        method: 'GET',
        url: '/api/v1/admin/orders',
        headers: { cookie: volunteer },
      });
      expect(all.statusCode).toBe(200);
      expect(all.json<{ success: boolean; orders: ApiOrder[] }>().orders.length).toBeGreaterThan(0);
    });

    it('processes an order from JSON or from the old form with a comma-joined newQuantity', async () => {
      const order = await placeAs(maple);
      expect(
        (
          await h.inject({
            method: 'PUT',
            url: `/api/v1/admin/order/${order._id}`,
            headers: { cookie: maple },
            payload: { status: 'Printed' },
          })
        ).statusCode,
      ).toBe(403);
      const form = await h.inject({
        method: 'PUT',
        url: `/api/v1/admin/order/${order._id}`,
        headers: { cookie: volunteer, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'status=Printed&newQuantity=0',
      });
      expect(form.statusCode).toBe(200);
      expect(form.json()).toMatchObject({
        success: true,
        order: { orderStatus: 'Printed', orderItems: [{ quantity: 0, requestedQuantity: 1 }] },
      });

      const refused = await h.inject({
        method: 'PUT',
        url: `/api/v1/admin/order/${order._id}`,
        headers: { cookie: admin },
        payload: { status: 'CheckEmail' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toContain(
        'allowed: Packing, Ready for Pickup, Delivered, Processing',
      );

      const json = await h.inject({
        method: 'PUT',
        url: `/api/v1/admin/order/${order._id}`,
        headers: { cookie: admin },
        payload: { status: 'Delivered', newQuantity: [0] },
      });
      expect(json.statusCode).toBe(200);
      expect(json.json<{ order: ApiOrder }>().order.deliveredAt).not.toBeNull();
      const badQuantity = await h.inject({
        method: 'PUT',
        url: `/api/v1/admin/order/${order._id}`,
        headers: { cookie: admin },
        payload: { status: 'Processing', newQuantity: [3] },
      });
      expect(badQuantity.statusCode).toBe(400);
    });

    it('answers the short-stock commit with the original message', async () => {
      const scarce = await h.env.rpc.call(
        catalogOps.createProduct,
        {
          name: 'Snow boots',
          category: 'Footwear',
          SubCategory: 'Unisex youth sizing',
          ProductSize: [{ size: '6', stock: 1 }],
        },
        { actor: TestEnv.actor('admin') },
      );
      const placeBoots = async (cookie: string) => {
        const response = await h.inject({
          method: 'POST',
          url: '/api/v1/order/new',
          headers: { cookie, 'idempotency-key': randomUUID() },
          payload: {
            ...orderBody(),
            orderItems: [{ product: scarce.id, ProductSize: '6', quantity: 1 }],
          },
        });
        expect(response.statusCode).toBe(201);
        return response.json<{ order: ApiOrder }>().order;
      };
      const first = await placeBoots(maple);
      const second = await placeBoots(cedar);
      const commit = (id: string) =>
        h.inject({
          method: 'PUT',
          url: `/api/v1/admin/order/${id}`,
          headers: { cookie: admin },
          payload: { status: 'Printed' },
        });
      expect((await commit(first._id)).statusCode).toBe(200);
      await waitFor(async () => {
        const p = await h.env.rpc.call(
          catalogOps.getProduct,
          { id: scarce.id },
          { actor: TestEnv.actor('admin') },
        );
        return p.sizes[0]?.stock === 0;
      });
      const refused = await commit(second._id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        success: false,
        code: 'CONFLICT',
        message: UI_MESSAGES.inventoryBelowZero,
      });
    });

    it('lets a school cancel its own Processing order, an admin delete any, and nobody else', async () => {
      const own = await placeAs(maple);
      const others = await placeAs(cedar);
      const del = (id: string, cookie?: string) =>
        h.inject({
          method: 'DELETE',
          url: `/api/v1/admin/order/${id}`,
          headers: cookie ? { cookie } : {},
        });
      expect((await del(others._id, maple)).statusCode).toBe(404);
      expect((await del(own._id, volunteer)).statusCode).toBe(403);
      expect((await del(own._id)).statusCode).toBe(401);
      const cancelled = await del(own._id, maple);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toEqual({ success: true });
      expect((await del(others._id, admin)).statusCode).toBe(200);
      expect((await del(others._id, admin)).statusCode).toBe(404);
    });
  });

  describe('/api/console/orders', () => {
    it('lists newest first with Content-Range, filters and pages, for staff only', async () => {
      const a = await placeAs(cedar);
      const b = await placeAs(cedar);
      const list = await h.inject({
        method: 'GET',
        url: `/api/console/orders?range=${encodeURIComponent('[0,1]')}&filter=${encodeURIComponent(JSON.stringify({ school: 'cedar' }))}`,
        headers: { cookie: volunteer },
      });
      expect(list.statusCode).toBe(200);
      const records = list.json<{ id: string; orderId: string; orderStatus: string }[]>();
      expect(records.map((r) => r.id)).toEqual([b._id, a._id]);
      expect(list.headers['content-range']).toMatch(/^orders 0-1\/\d+$/);

      const byNumber = await h.inject({
        method: 'GET',
        url: `/api/console/orders?filter=${encodeURIComponent(JSON.stringify({ q: a.orderId }))}`,
        headers: { cookie: admin },
      });
      expect(byNumber.json<{ id: string }[]>().map((r) => r.id)).toEqual([a._id]);

      const many = await h.inject({
        method: 'GET',
        url: `/api/console/orders?filter=${encodeURIComponent(JSON.stringify({ id: [a._id, b._id] }))}`,
        headers: { cookie: admin },
      });
      expect(
        many
          .json<{ id: string }[]>()
          .map((r) => r.id)
          .sort(),
      ).toEqual([a._id, b._id].sort());

      expect(
        (await h.inject({ method: 'GET', url: '/api/console/orders', headers: { cookie: maple } }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await h.inject({
            method: 'GET',
            url: `/api/console/orders?sort=${encodeURIComponent('["password","ASC"]')}`,
            headers: { cookie: admin },
          })
        ).statusCode,
      ).toBe(400);
    });

    it('reads, processes, shows the history of and deletes one order', async () => {
      const order = await placeAs(maple);
      const one = await h.inject({
        method: 'GET',
        url: `/api/console/orders/${order._id}`,
        headers: { cookie: volunteer },
      });
      expect(one.json()).toMatchObject({
        id: order._id,
        orderId: order.orderId,
        orderStatus: 'Processing',
      });
      // A volunteer cannot list products, so each line carries its size's current stock.
      const current = await h.inject({ method: 'GET', url: `/api/v1/product/${product.id}` });
      const sizeM = current
        .json<{ product: { ProductSize: { size: string; stock: number }[] } }>()
        .product.ProductSize.find((s) => s.size === 'M');
      expect(one.json<{ orderItems: { stock?: number }[] }>().orderItems[0]?.stock).toBe(
        sizeM?.stock,
      );

      const put = await h.inject({
        method: 'PUT',
        url: `/api/console/orders/${order._id}`,
        headers: { cookie: volunteer },
        payload: { status: 'Ready for Pickup', newQuantity: [1] },
      });
      expect(put.statusCode).toBe(200);
      // Answered once catalog took the stock: its decision comes with the order.
      const changed = consoleOrderUpdateSchema.parse(put.json());
      expect(changed).toMatchObject({
        id: order._id,
        orderStatus: 'Ready for Pickup',
        stock: { outcome: 'committed', version: changed.version },
      });
      const stock = (query: string, cookie: string) =>
        h.inject({
          method: 'GET',
          url: `/api/console/orders/${order._id}/stock?${query}`,
          headers: { cookie },
        });
      const followed = await stock(`version=${changed.version}`, volunteer);
      expect(followed.statusCode).toBe(200);
      expect(followed.json()).toEqual({ outcome: 'committed', version: changed.version });
      expect((await stock(`version=${changed.version}`, maple)).statusCode).toBe(403);
      const bad = await stock('version=none', admin);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toContain('version');

      const history = await h.inject({
        method: 'GET',
        url: `/api/console/orders/${order._id}/history`,
        headers: { cookie: admin },
      });
      expect(history.json()).toEqual([
        expect.objectContaining({
          by: 'Maple Grove Elementary',
          from: null,
          to: 'Processing',
          quantities: [1],
          reason: null,
        }),
        expect.objectContaining({
          by: 'Volunteer',
          from: 'Processing',
          to: 'Ready for Pickup',
          quantities: [1],
          reason: null,
        }),
      ]);
      expect(
        (
          await h.inject({
            method: 'GET',
            url: `/api/console/orders/${order._id}/history`,
            headers: { cookie: maple },
          })
        ).statusCode,
      ).toBe(403);

      expect(
        (
          await h.inject({
            method: 'DELETE',
            url: `/api/console/orders/${order._id}`,
            headers: { cookie: volunteer },
          })
        ).statusCode,
      ).toBe(403);
      const deleted = await h.inject({
        method: 'DELETE',
        url: `/api/console/orders/${order._id}`,
        headers: { cookie: admin },
      });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toMatchObject({ id: order._id });
      expect(
        (
          await h.inject({
            method: 'GET',
            url: `/api/console/orders/${order._id}`,
            headers: { cookie: admin },
          })
        ).statusCode,
      ).toBe(404);
    });
  });
});
