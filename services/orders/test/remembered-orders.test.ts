/**
 * A status change that starts from the order as this process last showed staff or wrote it
 * (recent-orders.ts), against the real PostgreSQL, NATS, auth and catalog: it does not read the
 * order again, and whatever changed the stored rows meanwhile (an erasure, a replaced line image,
 * a change that left the version alone) makes it start again from the stored order, so the answer
 * and the rows written are the ones a fresh read would give.
 */
import { jest } from '@jest/globals';
import {
  ordersOps,
  ERASED_MARKER,
  type Actor,
  type CatalogProduct,
  type OrderSnapshot,
} from '@lr/contracts';
import { metrics } from '@lr/nest-kit';
import { TestEnv } from '@lr/testing';
import {
  createProduct,
  place,
  registerAccount,
  startOrdersWithServices,
  update,
} from '@lr/testing/services';
import { OrderReadsRepository } from '../src/orders/order-reads.repository.js';
import { RecentOrders } from '../src/orders/recent-orders.js';
import { PersonalDataRetention } from '../src/privacy/personal-data-retention.js';
import { forceStatus } from './support/orders-env.js';

describe('a change from a remembered order', () => {
  let env: TestEnv;
  let product: CatalogProduct;
  let school: Actor;
  let admin: Actor;
  let volunteer: Actor;
  /** Counts the service's reads of one order (and still reads). */
  let reads: ReturnType<typeof jest.spyOn>;

  beforeAll(async () => {
    env = await TestEnv.create();
    const seeded = await startOrdersWithServices(env, { STUDENT_DATA_RETENTION_ENABLED: 'false' });
    admin = await registerAccount(env, seeded.admin, 'Admin Rue', { role: 'admin' });
    volunteer = await registerAccount(env, admin, 'Volunteer Ray', { role: 'volunteer' });
    school = await registerAccount(env, admin, 'Memory Lane Primary');
    product = await createProduct(env, admin, 'Fleece', { S: 1000, M: 1000 });
    // Every instance's (the orders and pickups modules each have one).
    reads = jest.spyOn(OrderReadsRepository.prototype, 'findWithLines');
  });
  afterAll(async () => {
    reads?.mockRestore();
    await env.close();
  });

  const newOrder = () =>
    place(env, school, [
      { productId: product.id, size: 'S', quantity: 2 },
      { productId: product.id, size: 'M', quantity: 1 },
    ]);
  const get = (id: string, actor: Actor = volunteer) =>
    env.rpc.call(ordersOps.get, { id }, { actor });
  /** What a change's answer and a view of the order both show. */
  const asShown = ({
    id,
    status,
    version,
    deliveredAt,
    shippingInfo,
    lines,
    pickup,
  }: OrderSnapshot) => ({ id, status, version, deliveredAt, shippingInfo, lines, pickup });
  /** The order's reads by the service since `from` (the spy's call count then). */
  const readsSince = (from: number) => reads.mock.calls.length - from;
  async function changesFromMemory(): Promise<{ used: number; outdated: number }> {
    const { values } = await metrics.orders.rememberedOrderChanges.get();
    const of = (outcome: string) => values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
    return { used: of('used'), outdated: of('outdated') };
  }
  async function stored(id: string) {
    const { rows } = await env.pool.query<{ status: string; version: number; changes: string }>(
      `SELECT o.status, o.version,
              (SELECT count(*) FROM orders.order_status_history h WHERE h.order_id = o.id) AS changes
       FROM orders.orders o WHERE o.id = $1`,
      [id],
    );
    return { ...rows[0]!, changes: Number(rows[0]!.changes) };
  }

  it('moves an order on a second time without reading it again', async () => {
    const order = await newOrder();
    const before = reads.mock.calls.length;
    const memory = await changesFromMemory();
    const printed = await update(env, volunteer, order.id, 'Printed');
    expect(readsSince(before)).toBe(1);
    const back = await update(env, volunteer, order.id, 'Processing');
    const adjusted = await update(env, volunteer, order.id, 'Processing', [1, 1]);
    const again = await update(env, admin, order.id, 'Printed');
    expect(readsSince(before)).toBe(1);
    expect((await changesFromMemory()).used - memory.used).toBe(3);
    expect([printed, back, adjusted, again].map((o) => [o.status, o.version])).toEqual([
      ['Printed', 2],
      ['Processing', 3],
      ['Processing', 4],
      ['Printed', 5],
    ]);
    // The answers are the stored order, lines included: as a fresh read shows it.
    expect(again.lines.map((l) => l.quantity)).toEqual([1, 1]);
    expect(asShown(again)).toEqual(asShown(await get(order.id, admin)));
    expect(await stored(order.id)).toEqual({ status: 'Printed', version: 5, changes: 5 });
  });

  it('changes an order staff just opened without reading it again; a school opening it does not count', async () => {
    const opened = await newOrder();
    await get(opened.id, admin);
    const before = reads.mock.calls.length;
    await update(env, admin, opened.id, 'Printed');
    expect(readsSince(before)).toBe(0);

    const seenBySchool = await newOrder();
    await get(seenBySchool.id, school);
    const next = reads.mock.calls.length;
    await update(env, admin, seenBySchool.id, 'Printed');
    expect(readsSince(next)).toBe(1);
  });

  it('forgets an order erased on request; the next change answers without the erased details', async () => {
    const order = await newOrder();
    await update(env, volunteer, order.id, 'Printed');
    const recent = env.apps.get('orders')!.get(RecentOrders, { strict: false });
    await env.rpc.call(ordersOps.privacyErase, { orderId: order.id }, { actor: admin });
    expect(recent.take(order.id)).toBeUndefined();
    const answer = await update(env, volunteer, order.id, 'Processing');
    expect(answer.shippingInfo.receivingPersonName).toBe(ERASED_MARKER);
    expect(JSON.stringify(answer)).not.toContain(order.shippingInfo.receivingPersonName);
    expect(await stored(order.id)).toMatchObject({ status: 'Processing', version: 3, changes: 3 });
  });

  it('starts again from the stored order when a writer elsewhere changed it, the version left alone', async () => {
    const order = await newOrder();
    await update(env, volunteer, order.id, 'Printed');
    const memory = await changesFromMemory();
    // As a reminder's claim or another replica's erasure does: the version stays, the row changes.
    await env.pool.query(
      `UPDATE orders.orders SET shipping_info = shipping_info || '{"receivingPersonName": "erased"}'
       WHERE id = $1`,
      [order.id],
    );
    const answer = await update(env, volunteer, order.id, 'Processing');
    expect((await changesFromMemory()).outdated - memory.outdated).toBe(1);
    expect(answer.shippingInfo.receivingPersonName).toBe('erased');
    expect(await stored(order.id)).toMatchObject({ status: 'Processing', version: 3, changes: 3 });
  });

  /** Gives the order's second line an image, as a line of a product with one has. */
  async function withImage(order: OrderSnapshot, image: string): Promise<void> {
    await env.pool.query('UPDATE orders.order_lines SET image = $2 WHERE id = $1', [
      order.lines[1]!.lineId,
      image,
    ]);
  }

  it("starts again when one of the order's lines changed meanwhile (a removed image's placeholder)", async () => {
    const order = await newOrder();
    const image = `/images/products/${order.id}.jpg`;
    await withImage(order, image);
    await update(env, volunteer, order.id, 'Printed');
    const memory = await changesFromMemory();
    await env.rpc.call(ordersOps.forgetImages, { urls: [image] }, { actor: admin });
    const answer = await update(env, volunteer, order.id, 'Processing');
    expect((await changesFromMemory()).outdated - memory.outdated).toBe(1);
    expect(answer.lines[1]?.image).not.toBe(image);
    expect(answer.lines[1]?.image).toBe((await get(order.id)).lines[1]?.image);
  });

  it('lets the stored order decide a change the remembered one would refuse', async () => {
    const order = await newOrder();
    await update(env, volunteer, order.id, 'Printed');
    await update(env, volunteer, order.id, 'Packing');
    // Back to Printed by a writer that leaves the version alone: the remembered order still says
    // Packing, from which Packing is no move at all.
    await forceStatus(env, order.id, 'Printed');
    const answer = await update(env, volunteer, order.id, 'Packing');
    expect(answer.status).toBe('Packing');
    expect(await stored(order.id)).toMatchObject({ status: 'Packing', version: 4 });
  });

  it('answers a change of nothing with the stored order, not the remembered one', async () => {
    const order = await newOrder();
    const image = `/images/products/${order.id}.jpg`;
    await withImage(order, image);
    await update(env, volunteer, order.id, 'Printed');
    await update(env, volunteer, order.id, 'Processing');
    await env.rpc.call(ordersOps.forgetImages, { urls: [image] }, { actor: admin });
    // Processing to Processing with the same quantities writes nothing.
    const answer = await update(env, volunteer, order.id, 'Processing');
    expect(answer.lines[1]?.image).not.toBe(image);
    expect(answer.version).toBe(3);
  });

  it('books a pickup from the stored order and moves on from the order as that left it', async () => {
    const order = await newOrder();
    await update(env, volunteer, order.id, 'Printed');
    await update(env, volunteer, order.id, 'Packing');
    const before = reads.mock.calls.length;
    // Entering Ready for Pickup writes the pickup too: it reads the stored order first.
    const ready = await update(env, volunteer, order.id, 'Ready for Pickup');
    expect(readsSince(before)).toBe(1);
    expect(ready.pickup).not.toBeNull();
    const delivered = await update(env, volunteer, order.id, 'Delivered');
    expect(readsSince(before)).toBe(1);
    expect(delivered.pickup).toEqual(ready.pickup);
    expect(asShown(delivered)).toEqual(asShown(await get(order.id)));
  });

  it('is held by one process only: a change made elsewhere is found, and no change is lost', async () => {
    const order = await newOrder();
    await update(env, volunteer, order.id, 'Printed');
    await update(env, volunteer, order.id, 'Packing');
    // Another replica's change of the same order (the version moves too).
    await env.pool.query(
      `UPDATE orders.orders SET status = 'Printed', version = version + 1 WHERE id = $1`,
      [order.id],
    );
    const answer = await update(env, volunteer, order.id, 'Packing');
    expect(answer).toMatchObject({ status: 'Packing', version: 5 });
    const recent = env.apps.get('orders')!.get(RecentOrders, { strict: false });
    expect(recent.take(order.id)?.order.version).toBe(5);
  });

  it('is not left holding an order deleted meanwhile', async () => {
    const order = await newOrder();
    await update(env, volunteer, order.id, 'Printed');
    await env.rpc.call(ordersOps.delete, { id: order.id }, { actor: admin });
    await expect(update(env, volunteer, order.id, 'Processing')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  // Last: the job's far-off clock erases every delivered order of this suite.
  it('is emptied of the orders the retention job erases', async () => {
    const order = await newOrder();
    await update(env, volunteer, order.id, 'Printed');
    await update(env, volunteer, order.id, 'Packing');
    await update(env, volunteer, order.id, 'Delivered');
    const recent = env.apps.get('orders')!.get(RecentOrders, { strict: false });
    const retention = env.apps.get('orders')!.get(PersonalDataRetention, { strict: false });
    const run = await retention.run(new Date(Date.now() + 10 * 365 * 24 * 3_600_000));
    expect(run.erased).toBeGreaterThanOrEqual(1);
    expect(recent.take(order.id)).toBeUndefined();
  });
});
