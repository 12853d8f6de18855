/**
 * The impact routes over HTTP with the real auth and reporting services: admin only (volunteers
 * and schools 403, guests 401), a required and checked range (400 naming the field), the charity
 * from the gateway's configuration, the CSV download and both routes in the OpenAPI document.
 */
import { events, newOrder, nextVersion, publish } from '@lr/testing';
import { reportingCaughtUp, startReportingService } from '@lr/testing/services';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

describe('gateway impact routes', () => {
  let h: AuthHarness;
  let adminCookie: string;
  let volunteerCookie: string;
  let userCookie: string;

  const order = newOrder({
    school: 'Brook High',
    student: 'S1_10_Male',
    createdAt: '2026-06-01T09:00:00.000Z',
    lines: [{ name: 'Sneakers', category: 'Footwear', quantity: 2 }],
  });

  beforeAll(async () => {
    h = await startAuthHarness({}, undefined, {
      CHARITY_NAME: 'Northside Locker Room',
      CHARITY_LOGO_URL: '/media/logo.png',
    });
    await startReportingService(h.env);
    await publish(h.env.nc, h.env.namespace, [
      events.placed(order),
      events.statusChanged(
        nextVersion(order, { status: 'Delivered', deliveredAt: '2026-06-02T11:00:00.000Z' }),
        'Processing',
      ),
    ]);
    await reportingCaughtUp(h.env);
    [adminCookie, volunteerCookie, userCookie] = await Promise.all([
      h.loginAs('admin'),
      h.loginAs('volunteer'),
      h.loginAs('maplegrove'),
    ]);
  });
  afterAll(() => h.close());

  const get = (url: string, cookie?: string) =>
    h.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('answers the record with the charity for an admin', async () => {
    const response = await get('/api/console/impact?from=2026-06-01&to=2026-06-30', adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      from: '2026-06-01',
      to: '2026-06-30',
      ordersDelivered: 1,
      studentsHelped: 1,
      schoolsServed: 1,
      itemsGiven: 2,
      // The product has no value in this test.
      valueGiven: '0.00',
      itemsGivenWithoutValue: 2,
      schools: [{ school: 'Brook High', orders: 1, studentsHelped: 1, items: 2, value: '0.00' }],
      charity: { name: 'Northside Locker Room', logoUrl: '/media/logo.png' },
    });
  });

  it('downloads every table as one CSV', async () => {
    const response = await get(
      '/api/console/impact.csv?from=2026-06-01&to=2026-06-30',
      adminCookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="impact_2026-06-01_to_2026-06-30.csv"',
    );
    expect(response.body).toContain(
      'School,Orders,Students helped,Items,Value\r\nBrook High,1,1,2,0.00',
    );
  });

  it.each(['/api/console/impact', '/api/console/impact.csv'])(
    '%s is for admins only',
    async (path) => {
      const url = `${path}?from=2026-06-01&to=2026-06-30`;
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, volunteerCookie)).statusCode).toBe(403);
      expect((await get(url, userCookie)).statusCode).toBe(403);
    },
  );

  it('refuses a missing or reversed range, naming the field', async () => {
    const missing = await get('/api/console/impact?from=2026-06-01', adminCookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/to/);
    const reversed = await get('/api/console/impact?from=2026-06-30&to=2026-06-01', adminCookie);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/from: must not be after to/);
  });

  it('documents both routes in OpenAPI', async () => {
    const doc = (await get('/api/docs/openapi.json')).json();
    expect(doc.paths['/api/console/impact'].get).toBeDefined();
    expect(doc.paths['/api/console/impact.csv'].get).toBeDefined();
  });
});
