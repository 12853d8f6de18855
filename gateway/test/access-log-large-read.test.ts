/**
 * A read of more orders than one reply can name: an admin's walk of the old all-orders route over
 * 25,000 orders is one access-log entry whose order ids alone outgrow NATS's 1 MiB message. The
 * console's list still answers, naming the first orders and counting them all, and the CSV export
 * holds every order number of the read, in the order the walk showed them, on as many rows as keep
 * each cell within what a spreadsheet program shows.
 */
import { ACCESS_LOG_SAMPLE, type AccessLogEntry } from '@lr/contracts';
import { CSV_CELL_CHARS_MAX } from '../src/api/orders/access-log.controller.js';
import { insertBulkOrdersFor } from './bulk-orders-for.js';
import { startCatalog, startOrders } from './service-starters.js';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

const ORDERS = 25_000;
// The services' error lines reach the run's output (this file's environment only): a walk cut off
// mid-stream fails here as "response destroyed before completion", and only the gateway's log line
// says which call failed and why.
process.env.TEST_LOG_LEVEL ??= 'error';
// Both steps wait up to five minutes: the heaviest file of the run (25,000 orders walked in 250
// page calls, then exported) takes seconds alone and has taken minutes beside the rest of
// `npm test` on two cores.

describe('an access-log entry of a read of every order', () => {
  let h: AuthHarness;
  let admin: string;
  let school: string;

  beforeAll(async () => {
    // 250 page calls in a row, on a process this file shares with the services and with the rest of
    // the run: a page held up behind a long pause of that process must not cut the walk off. This
    // file checks what is listed and exported, not how fast (the growth benchmark does that).
    h = await startAuthHarness({}, undefined, { RPC_TIMEOUT_MS: '120000' });
    await startCatalog(h);
    await startOrders(h);
    const maple = await h.loginAs('maplegrove');
    admin = await h.loginAs('admin');
    school = (await insertBulkOrdersFor(h, maple, { count: ORDERS, linesPerOrder: 1 })).name;
  }, 300_000);
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
    const [, ...rows] = csv.body.trim().split('\r\n');
    const fields = rows.map((row) => row.split(','));
    // "LR-000001 " is ten characters: a part holds at most a cell's worth of them.
    const parts = Math.ceil((ORDERS * 10) / CSV_CELL_CHARS_MAX);
    expect(rows.length).toBeGreaterThanOrEqual(parts);
    expect(rows.length).toBeLessThanOrEqual(parts + 1);
    expect(fields.map((row) => row[9])).toEqual(
      rows.map((_, part) => `${part + 1} of ${rows.length}`),
    );
    // Every part repeats the read's own fields (when, who, action, scope, address).
    for (const row of fields) {
      expect([...row.slice(0, 5), ...row.slice(7, 9)]).toEqual([
        ...fields[0]!.slice(0, 5),
        ...fields[0]!.slice(7, 9),
      ]);
      expect(row[5]!.length).toBeLessThanOrEqual(CSV_CELL_CHARS_MAX);
    }
    expect(fields.flatMap((row) => row[5]!.split(' '))).toEqual(shown);
    expect(fields.map((row) => row[6])).toEqual([school, ...rows.slice(1).map(() => '')]);
  }, 300_000);
});
