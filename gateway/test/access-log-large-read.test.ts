/**
 * A read of more orders than one reply can name: an admin's walk of the old all-orders route over
 * 25,000 orders is one access-log entry whose order ids alone outgrow NATS's 1 MiB message. The
 * console's list still answers, naming the first orders and counting them all, and the CSV export
 * holds every order number of the read, in the order the walk showed them.
 */
import { ACCESS_LOG_SAMPLE, type AccessLogEntry } from '@lr/contracts';
import { insertBulkOrdersFor } from './bulk-orders-for.js';
import { startCatalog, startOrders } from './service-starters.js';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

const ORDERS = 25_000;

describe('an access-log entry of a read of every order', () => {
  let h: AuthHarness;
  let admin: string;
  let school: string;

  beforeAll(async () => {
    h = await startAuthHarness();
    await startCatalog(h);
    await startOrders(h);
    const maple = await h.loginAs('maplegrove');
    admin = await h.loginAs('admin');
    school = (await insertBulkOrdersFor(h, maple, { count: ORDERS, linesPerOrder: 1 })).name;
  }, 120_000);
  afterAll(() => h.close());

  it('is listed with its first orders and a count, and exported with all of them', async () => {
    const walk = await h.inject({
      method: 'GET',
      url: '/api/v1/admin/orders',
      headers: { cookie: admin },
    });
    expect(walk.statusCode).toBe(200);
    const shown = walk.json<{ orders: { orderId: string }[] }>().orders.map((o) => o.orderId);
    expect(shown).toHaveLength(ORDERS);

    const filter = encodeURIComponent(JSON.stringify({ person: 'admin', action: 'order-list' }));
    const list = await h.inject({
      method: 'GET',
      url: `/api/console/access-log?filter=${filter}&range=[0,9]`,
      headers: { cookie: admin },
    });
    expect(list.statusCode).toBe(200);
    const [entry, ...others] = list.json<AccessLogEntry[]>();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      orderCount: ORDERS,
      orderNumbers: shown.slice(0, ACCESS_LOG_SAMPLE),
      schoolCount: 1,
      schoolNames: [school],
    });
    expect(entry!.orderIds).toHaveLength(ACCESS_LOG_SAMPLE);

    const csv = await h.inject({
      method: 'GET',
      url: `/api/console/access-log.csv?filter=${filter}`,
      headers: { cookie: admin },
    });
    expect(csv.statusCode).toBe(200);
    const [, row, ...more] = csv.body.trim().split('\r\n');
    expect(more).toEqual([]);
    const ordersCell = row!.split(',')[5]!;
    expect(ordersCell.split(' ')).toEqual(shown);
  }, 120_000);
});
