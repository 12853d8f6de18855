/**
 * The report routes over HTTP with the real auth and reporting services: admin only (volunteers
 * 403, guests 401), the old API's response shape, CSV downloads and the console's rebuild button.
 */
import { events, newOrder, nextVersion, publish } from '@lr/testing';
import { reportingCaughtUp, startReportingService } from '@lr/testing/services';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

describe('gateway reporting routes', () => {
  let h: AuthHarness;
  let adminCookie: string;
  let volunteerCookie: string;
  let userCookie: string;

  const order = newOrder({
    school: '=cmd|"/c calc"!A1',
    student: 'S1_10_Male',
    createdAt: '2026-06-01T09:00:00.000Z',
    lines: [
      { name: 'Sneakers', category: 'Footwear', quantity: 2 },
      { name: 'Hoodie, grey', category: 'Clothing', quantity: 1 },
    ],
  });
  const deliveredOrder = nextVersion(order, {
    status: 'Delivered',
    deliveredAt: '2026-06-02T11:00:00.000Z',
  });
  const other = newOrder({
    school: 'Brook High',
    student: 'S2_9_Female',
    createdAt: '2026-06-10T09:00:00.000Z',
    lines: [{ name: 'Sneakers', category: 'Footwear', quantity: 1 }],
  });

  beforeAll(async () => {
    h = await startAuthHarness();
    await startReportingService(h.env);
    await publish(h.env.nc, h.env.namespace, [
      events.placed(order),
      events.statusChanged(deliveredOrder, 'Processing'),
      events.placed(other),
    ]);
    await reportingCaughtUp(h.env);
    [adminCookie, volunteerCookie, userCookie] = await Promise.all([
      h.loginAs('admin'),
      h.loginAs('volunteer'),
      h.loginAs('maplegrove'),
    ]);
  });
  afterAll(() => h.close());

  it('answers the report in the old API shape for an admin', async () => {
    const response = await h.inject({
      method: 'GET',
      url: '/api/v1/admin/report',
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      report: {
        ordersReceived: 2,
        ordersFulfilled: 1,
        averageFulfilmentHours: 26,
        itemsFulfilled: 4,
        // No donation or stock count in this test: the stock intake figures are zero.
        itemsReceived: 0,
        itemsReceivedByKind: [],
        countAdjustments: { counts: 0, adjustedSizes: 0, net: 0, absolute: 0 },
        studentsHelped: 2,
        topItems: [
          { name: 'Sneakers', count: 2 },
          { name: 'Hoodie, grey', count: 1 },
        ],
        topSchools: [
          // '=' sorts before 'B'
          { name: '=cmd|"/c calc"!A1', count: 1 },
          { name: 'Brook High', count: 1 },
        ],
        weekly: {
          ordersReceived: [
            { week: '2026-06-01', count: 1 },
            { week: '2026-06-08', count: 1 },
          ],
          ordersFulfilled: [
            { week: '2026-06-01', count: 1 },
            { week: '2026-06-08', count: 0 },
          ],
          itemsByCategory: [
            { week: '2026-06-01', category: 'Clothing', quantity: 1 },
            { week: '2026-06-01', category: 'Footwear', quantity: 2 },
            { week: '2026-06-08', category: 'Footwear', quantity: 1 },
          ],
        },
      },
    });
  });

  it('applies from/to and treats empty parameters as no bound', async () => {
    const ranged = await h.inject({
      method: 'GET',
      url: '/api/v1/admin/report?from=2026-06-05&to=',
      headers: { cookie: adminCookie },
    });
    expect(ranged.json().report.ordersReceived).toBe(1);
    const bad = await h.inject({
      method: 'GET',
      url: '/api/v1/admin/report?from=2026-06-30&to=2026-06-01',
      headers: { cookie: adminCookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it.each(['/api/v1/admin/report', '/api/v1/admin/report.csv', '/api/v1/admin/orders.csv'])(
    'refuses %s to volunteers, users and guests',
    async (url) => {
      expect(
        (await h.inject({ method: 'GET', url, headers: { cookie: volunteerCookie } })).statusCode,
      ).toBe(403);
      expect(
        (await h.inject({ method: 'GET', url, headers: { cookie: userCookie } })).statusCode,
      ).toBe(403);
      const guest = await h.inject({ method: 'GET', url });
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    },
  );

  it('downloads the report tables as an escaped CSV attachment', async () => {
    const response = await h.inject({
      method: 'GET',
      url: '/api/v1/admin/report.csv',
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="lr345-report_start_to_today.csv"',
    );
    expect(response.body.startsWith('\uFEFFLR345 Report\r\n')).toBe(true);
    expect(response.body).toContain('Orders received,2\r\n');
    expect(response.body).toContain(`"'=cmd|""/c calc""!A1",1\r\n`);
  });

  it('streams every order line as CSV', async () => {
    const response = await h.inject({
      method: 'GET',
      url: '/api/v1/admin/orders.csv?to=2026-06-05',
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="lr345-orders_start_to_2026-06-05.csv"',
    );
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^Order,Created,Status,/);
    expect(lines.slice(1, -1)).toHaveLength(2);
    expect(lines[1]).toContain(`"'=cmd|""/c calc""!A1"`);
    expect(lines[2]).toContain('"Hoodie, grey"');
  });

  it('documents the report routes in the OpenAPI document', async () => {
    const response = await h.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/admin/report',
        '/api/v1/admin/report.csv',
        '/api/v1/admin/orders.csv',
        '/api/console/report/rebuild',
      ]),
    );
  });

  it('rebuilds from the console (admin only) to the same figures', async () => {
    const before = (
      await h.inject({
        method: 'GET',
        url: '/api/v1/admin/report',
        headers: { cookie: adminCookie },
      })
    ).json();
    const refused = await h.inject({
      method: 'POST',
      url: '/api/console/report/rebuild',
      headers: { cookie: volunteerCookie },
    });
    expect(refused.statusCode).toBe(403);
    const response = await h.inject({
      method: 'POST',
      url: '/api/console/report/rebuild',
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true, ordersApplied: 2, eventsApplied: 3 });
    const after = (
      await h.inject({
        method: 'GET',
        url: '/api/v1/admin/report',
        headers: { cookie: adminCookie },
      })
    ).json();
    expect(after).toEqual(before);
    // Its progress, for the console: admins only, finished with every event replayed.
    const hidden = await h.inject({
      method: 'GET',
      url: '/api/console/report/rebuild',
      headers: { cookie: volunteerCookie },
    });
    expect(hidden.statusCode).toBe(403);
    const status = await h.inject({
      method: 'GET',
      url: '/api/console/report/rebuild',
      headers: { cookie: adminCookie },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ running: false, replayed: 3, total: 3 });
  });
});
