/**
 * Requests sent again with the same request id, as RpcClient resends a call whose reply did not
 * come (the replica died after writing, or the NATS node with the reply did): against the real
 * PostgreSQL, NATS, auth and catalog services, each write applies once and every copy of the
 * request gets the same reply; reads simply answer again.
 */
import { randomUUID } from 'node:crypto';
import { ordersOps, type Actor, type OrderSnapshot, type CatalogProduct } from '@lr/contracts';
import { callWithRequestId, TestEnv } from '@lr/testing';
import {
  createProduct,
  place,
  registerAccount,
  shipping,
  startOrdersWithServices,
  update,
} from '@lr/testing/services';

describe('resent requests', () => {
  let env: TestEnv;
  let product: CatalogProduct;
  let school: Actor;
  let admin: Actor;

  beforeAll(async () => {
    env = await TestEnv.create();
    ({ admin } = await startOrdersWithServices(env));
    school = await registerAccount(env, admin, 'Resend Academy');
    product = await createProduct(env, admin, 'Fleece', { M: 1000 });
  });
  afterAll(() => env.close());

  const newOrder = () => place(env, school, [{ productId: product.id, size: 'M', quantity: 2 }]);

  /** Sends one request with `requestId`, as one attempt of a call. */
  const send = <T>(subject: string, input: unknown, requestId: string, actor: Actor = admin) =>
    callWithRequestId<T>(env, subject, input, { actor, requestId });

  async function historyLength(orderId: string): Promise<number> {
    const { rows } = await env.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders.order_status_history WHERE order_id = $1',
      [orderId],
    );
    return rows[0]!.n;
  }

  async function eventsAbout(orderId: string, subject: string): Promise<number> {
    const { rows } = await env.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders.outbox
        WHERE subject = $1 AND envelope->'data'->'order'->>'id' = $2`,
      [subject, orderId],
    );
    return rows[0]!.n;
  }

  async function status(orderId: string): Promise<string | null> {
    const { rows } = await env.pool.query<{ status: string }>(
      'SELECT status FROM orders.orders WHERE id = $1',
      [orderId],
    );
    return rows[0]?.status ?? null;
  }

  it('applies a resent status change once and answers it with the first reply', async () => {
    const order = await newOrder();
    const requestId = randomUUID();
    const change = { id: order.id, status: 'CheckEmail' };
    const first = await send<OrderSnapshot>(ordersOps.update.subject, change, requestId);
    expect(first).toMatchObject({ ok: true, data: { status: 'CheckEmail', version: 2 } });
    const again = await send<OrderSnapshot>(ordersOps.update.subject, change, requestId);
    expect(again).toEqual(first);
    expect(await historyLength(order.id)).toBe(2);
    expect(await eventsAbout(order.id, 'orders.order.status-changed.v1')).toBe(1);

    // The same change under a new id is a new request: refused, the order is there already.
    const fresh = await send(ordersOps.update.subject, change, randomUUID());
    expect(fresh).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('does not repeat a revert resent after the order moved on', async () => {
    const order = await newOrder();
    await update(env, admin, order.id, 'CheckEmail');
    const revertId = randomUUID();
    const revert = { id: order.id, status: 'Processing' };
    const first = await send<OrderSnapshot>(ordersOps.update.subject, revert, revertId);
    expect(first).toMatchObject({ ok: true, data: { status: 'Processing' } });
    // Someone commits it again; the revert's resend arrives afterwards and must not undo that.
    await update(env, admin, order.id, 'CheckEmail');
    const late = await send<OrderSnapshot>(ordersOps.update.subject, revert, revertId);
    expect(late).toEqual(first);
    expect(await status(order.id)).toBe('CheckEmail');
    expect(await historyLength(order.id)).toBe(4);
  });

  it('applies a status change once when its copies arrive together', async () => {
    const order = await newOrder();
    const requestId = randomUUID();
    const change = { id: order.id, status: 'CheckEmail' };
    const replies = await Promise.all(
      [1, 2, 3].map(() => send<OrderSnapshot>(ordersOps.update.subject, change, requestId)),
    );
    expect(replies[0]).toMatchObject({ ok: true, data: { status: 'CheckEmail' } });
    expect(replies[1]).toEqual(replies[0]);
    expect(replies[2]).toEqual(replies[0]);
    expect(await historyLength(order.id)).toBe(2);
    expect(await eventsAbout(order.id, 'orders.order.status-changed.v1')).toBe(1);
  });

  it('records a change that changes nothing, so its resend changes nothing either', async () => {
    const order = await newOrder();
    const requestId = randomUUID();
    const stay = { id: order.id, status: 'Processing' };
    const first = await send<OrderSnapshot>(ordersOps.update.subject, stay, requestId);
    expect(first).toMatchObject({ ok: true, data: { status: 'Processing', version: 1 } });
    await update(env, admin, order.id, 'CheckEmail');
    // Without the record this would be a revert to Processing.
    const late = await send<OrderSnapshot>(ordersOps.update.subject, stay, requestId);
    expect(late).toEqual(first);
    expect(await status(order.id)).toBe('CheckEmail');
  });

  it('places one order for a resent placement without an Idempotency-Key', async () => {
    const requestId = randomUUID();
    const input = {
      shippingInfo: shipping(),
      lines: [{ productId: product.id, size: 'M', quantity: 1 }],
    };
    const replies = await Promise.all(
      [1, 2].map(() => send<OrderSnapshot>(ordersOps.place.subject, input, requestId, school)),
    );
    const again = await send<OrderSnapshot>(ordersOps.place.subject, input, requestId, school);
    expect(replies[0]).toMatchObject({ ok: true });
    const placed = (replies[0] as { data: OrderSnapshot }).data;
    for (const reply of [replies[1], again]) {
      expect(reply).toMatchObject({ ok: true, data: { id: placed.id } });
    }
    const { rows } = await env.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders.orders WHERE user_id = $1 AND idempotency_key = $2',
      [school.id, requestId],
    );
    expect(rows[0]!.n).toBe(1);
    expect(await eventsAbout(placed.id, 'orders.order.placed.v1')).toBe(1);
    // The school's hourly count of requests holds each of its orders once, this one included.
    const counts = await env.pool.query<{ counted: number; placed: number }>(
      `SELECT coalesce((SELECT placed FROM orders.placement_windows
                         WHERE user_id = $1 AND window_start = date_trunc('hour', now())), 0) AS counted,
              (SELECT count(*)::int FROM orders.orders
                WHERE user_id = $1 AND created_at >= date_trunc('hour', now())) AS placed`,
      [school.id],
    );
    expect(counts.rows[0]!.counted).toBe(counts.rows[0]!.placed);
  });

  it('deletes once and answers a resent delete with the first reply, not 404', async () => {
    const order = await newOrder();
    await update(env, admin, order.id, 'CheckEmail');
    const requestId = randomUUID();
    const first = await send<OrderSnapshot>(ordersOps.delete.subject, { id: order.id }, requestId);
    expect(first).toMatchObject({ ok: true, data: { id: order.id } });
    const again = await send<OrderSnapshot>(ordersOps.delete.subject, { id: order.id }, requestId);
    expect(again).toEqual(first);
    expect(await status(order.id)).toBeNull();
    expect(await eventsAbout(order.id, 'orders.order.deleted.v1')).toBe(1);
    // A new delete of the same order is a new request: the order is gone.
    const fresh = await send(ordersOps.delete.subject, { id: order.id }, randomUUID());
    expect(fresh).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('refuses a request id reused for another request, and writes nothing for it', async () => {
    const order = await newOrder();
    const requestId = randomUUID();
    await send(ordersOps.update.subject, { id: order.id, status: 'CheckEmail' }, requestId);
    const other = await send(ordersOps.delete.subject, { id: order.id }, requestId);
    expect(other).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(await status(order.id)).toBe('CheckEmail');
  });

  it('answers a resent read again, recording nothing', async () => {
    const order = await newOrder();
    const requestId = randomUUID();
    const first = await send<OrderSnapshot>(ordersOps.get.subject, { id: order.id }, requestId);
    const again = await send<OrderSnapshot>(ordersOps.get.subject, { id: order.id }, requestId);
    expect(first).toMatchObject({ ok: true, data: { id: order.id } });
    expect(again).toEqual(first);
    const { rows } = await env.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders.rpc_replies WHERE request_id = $1',
      [requestId],
    );
    expect(rows[0]!.n).toBe(0);
  });
});
