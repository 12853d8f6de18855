/**
 * The report fed by the real orders service (its outbox and relay), not by hand-built events: this
 * pins the producer/consumer contract. Auth and catalog run for real beside orders.
 */
import { ordersOps, reportingOps, type Actor, type OrderSnapshot } from '@lr/contracts';
import { TestEnv, waitFor } from '@lr/testing';
import {
  createProduct,
  place,
  registerAccount,
  shipping,
  startOrdersWithServices,
  update,
} from '@lr/testing/services';
import { admin, caughtUp, report, startReporting } from './support/reporting-env.js';

describe('report from the real orders service', () => {
  let env: TestEnv;
  let orderAdmin: Actor;
  let schoolA: Actor;
  let schoolB: Actor;

  beforeAll(async () => {
    env = await startReporting();
    ({ admin: orderAdmin } = await startOrdersWithServices(env));
    schoolA = await registerAccount(env, orderAdmin, 'Abbey Primary');
    schoolB = await registerAccount(env, orderAdmin, 'Brook High');
  });
  afterAll(async () => {
    await env.close();
  });

  it('counts placed, adjusted, delivered and deleted orders as they happen, and a rebuild agrees', async () => {
    const polo = await createProduct(env, orderAdmin, 'Polo shirt', { S: 100, M: 100 });
    const cap = await createProduct(
      env,
      orderAdmin,
      'Cap',
      { 'One size': 100 },
      { category: 'Sports', SubCategory: 'One size' },
    );
    const first: OrderSnapshot = await place(env, schoolA, [
      { productId: polo.id, size: 'S', quantity: 2 },
      { productId: cap.id, size: 'One size', quantity: 3 },
    ]);
    const second = await place(env, schoolA, [{ productId: polo.id, size: 'M', quantity: 1 }], {
      shippingInfo: shipping({ receivingPersonName: 'S-2002_9_Male' }),
    });
    await place(env, schoolB, [{ productId: cap.id, size: 'One size', quantity: 1 }]);
    // first: polo reduced to 1, then delivered; second: deleted
    await update(env, orderAdmin, first.id, 'Processing', [1, 3]);
    await update(env, orderAdmin, first.id, 'Delivered');
    await env.rpc.call(ordersOps.delete, { id: second.id }, { actor: orderAdmin });

    // The relay publishes asynchronously: wait until the orders outbox is empty, then for our consumer.
    await waitFor(
      async () =>
        (await env.pool.query('SELECT 1 FROM orders.outbox WHERE sent_at IS NULL')).rowCount === 0,
      { message: 'the orders outbox to drain' },
    );
    await caughtUp(env);
    const live = await report(env);
    expect(live).toMatchObject({
      ordersReceived: 2,
      ordersFulfilled: 1,
      averageFulfilmentHours: 0,
      itemsFulfilled: 1 + 3 + 1,
      // both remaining orders use the default student id S-1001, at two schools: two students
      studentsHelped: 2,
      topItems: [
        { name: 'Cap', count: 2 },
        { name: 'Polo shirt', count: 1 },
      ],
      topSchools: [
        { name: 'Abbey Primary', count: 1 },
        { name: 'Brook High', count: 1 },
      ],
    });

    const rebuilt = await env.rpc.call(reportingOps.rebuild, {}, { actor: admin });
    expect(rebuilt.ordersApplied).toBe(2);
    expect(await report(env)).toEqual(live);
  });
});
