/**
 * Who saw what and need to know over HTTP, with the real auth, catalog, orders and reporting
 * services: each route that shows student details to staff is one access-log row carrying the
 * client address the gateway saw; volunteers get orders without the teacher's phone and e-mail and a
 * contact route that is logged; only admins read the log (list and CSV); the privacy terms are
 * public; the store's consent box is recorded and the original client's orders are "not asked".
 */
import { randomUUID } from 'node:crypto';
import {
  catalogOps,
  type AccessLogEntry,
  type CatalogProduct,
  type ConsoleOrder,
} from '@lr/contracts';
import { TestEnv } from '@lr/testing';
import { reportingCaughtUp, startReportingService } from '@lr/testing/services';
import { startCatalog, startOrders } from './service-starters.js';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

const CLIENT = '203.0.113.9';
const PHONE = '555-0142';
const EMAIL = 'teacher.need@maple.example';

describe('student data access over HTTP', () => {
  let h: AuthHarness;
  let product: CatalogProduct;
  let maple: string;
  let volunteer: string;
  let admin: string;

  function orderBody(extra: Record<string, unknown> = {}) {
    return {
      shippingInfo: {
        receivingPersonName: 'NTK-1_10_Male',
        additionalComments: '',
        userLoggedInDesignation: 'Mr Need',
        phoneNo: PHONE,
        Email: EMAIL,
      },
      orderItems: [{ product: product.id, ProductSize: 'M', quantity: 1, price: 0 }],
      ...extra,
    };
  }

  async function placeAs(cookie: string, extra: Record<string, unknown> = {}) {
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/order/new',
      headers: { cookie, 'idempotency-key': randomUUID() },
      payload: orderBody(extra),
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ order: { _id: string; orderId: string } }>().order;
  }

  const get = (url: string, cookie?: string) =>
    h.inject({
      method: 'GET',
      url,
      remoteAddress: CLIENT,
      headers: cookie ? { cookie } : {},
    });

  async function logFor(orderId: string): Promise<AccessLogEntry[]> {
    const filter = encodeURIComponent(JSON.stringify({ order: orderId }));
    const response = await get(`/api/console/access-log?filter=${filter}&range=[0,99]`, admin);
    expect(response.statusCode).toBe(200);
    return response.json<AccessLogEntry[]>();
  }

  beforeAll(async () => {
    h = await startAuthHarness();
    await startCatalog(h);
    await startOrders(h);
    await startReportingService(h.env);
    product = await h.env.rpc.call(
      catalogOps.createProduct,
      {
        name: 'Snow boots',
        category: 'Footwear',
        SubCategory: 'Unisex youth sizing',
        ProductSize: [{ size: 'M', stock: 100 }],
      },
      { actor: TestEnv.actor('admin') },
    );
    [maple, volunteer, admin] = await Promise.all([
      h.loginAs('maplegrove'),
      h.loginAs('volunteer'),
      h.loginAs('admin'),
    ]);
  });
  afterAll(() => h.close());

  it('gives a volunteer the order without phone and e-mail, and the contact on request, each read logged once', async () => {
    const order = await placeAs(maple);
    const shown = await get(`/api/console/orders/${order._id}`, volunteer);
    expect(shown.statusCode).toBe(200);
    const record = shown.json<ConsoleOrder>();
    expect(record.contactDetails).toBe('withheld');
    expect(record.shippingInfo).toMatchObject({
      receivingPersonName: 'NTK-1_10_Male',
      phoneNo: '',
      Email: '',
    });

    const contact = await get(`/api/console/orders/${order._id}/contact`, volunteer);
    expect(contact.statusCode).toBe(200);
    expect(contact.json()).toEqual({
      id: order._id,
      orderId: order.orderId,
      phoneNo: PHONE,
      Email: EMAIL,
    });

    const asAdmin = await get(`/api/console/orders/${order._id}`, admin);
    expect(asAdmin.json<ConsoleOrder>()).toMatchObject({
      contactDetails: 'shown',
      shippingInfo: { phoneNo: PHONE, Email: EMAIL },
    });

    const log = await logFor(order._id);
    expect(log.map((e) => [e.actorLoginId, e.action, e.clientAddress]).sort()).toEqual(
      [
        ['admin', 'order-detail', CLIENT],
        ['volunteer', 'contact-details', CLIENT],
        ['volunteer', 'order-detail', CLIENT],
      ].sort(),
    );
    expect(log.every((e) => e.orderIds.length === 1 && e.orderNumbers[0] === order.orderId)).toBe(
      true,
    );
    expect(JSON.stringify(log)).not.toMatch(/NTK-1|Mr Need|555-0142|teacher\.need/);
  });

  it('logs the console list, pick lists and the /api/v1 reads; a school reading its own order and the dashboard are not reads of others', async () => {
    const order = await placeAs(maple);
    expect((await get(`/api/v1/order/${order._id}`, maple)).statusCode).toBe(200);
    expect((await get('/api/console/dashboard', volunteer)).statusCode).toBe(200);
    expect(await logFor(order._id)).toEqual([]);

    const list = await get(`/api/console/orders?range=[0,4]&sort=["createdAt","DESC"]`, volunteer);
    expect(list.statusCode).toBe(200);
    expect(list.json<ConsoleOrder[]>().every((o) => o.contactDetails === 'withheld')).toBe(true);
    const ids = encodeURIComponent(JSON.stringify({ id: [order._id] }));
    expect((await get(`/api/console/orders?filter=${ids}`, volunteer)).statusCode).toBe(200);
    const v1 = await get(`/api/v1/order/${order._id}`, volunteer);
    expect(
      v1.json<{ order: { shippingInfo: { phoneNo: string } } }>().order.shippingInfo.phoneNo,
    ).toBe('');
    expect((await get('/api/v1/admin/orders', admin)).statusCode).toBe(200);

    const actions = (await logFor(order._id)).map((e) => `${e.actorLoginId}:${e.action}`).sort();
    expect(actions).toEqual(
      [
        'admin:order-list',
        'volunteer:order-detail',
        'volunteer:order-list',
        'volunteer:pick-lists',
      ].sort(),
    );
  });

  it('lets only admins read the access log, as a list with Content-Range and as CSV', async () => {
    const read = await placeAs(maple);
    await get(`/api/console/orders/${read._id}`, volunteer);
    await get(`/api/console/orders/${read._id}`, admin);
    const list = await get('/api/console/access-log?range=[0,1]', admin);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toMatch(/^access-log 0-1\/\d+$/);
    expect(list.json<AccessLogEntry[]>()).toHaveLength(2);

    const csv = await get('/api/console/access-log.csv', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'When,Person (login id),Person (user id),Role,Action,Orders,Schools,Scope,Client address,Part',
    );
    expect(lines.length - 1).toBe(Number(list.headers['content-range']!.toString().split('/')[1]));
    expect(lines.slice(1).every((line) => line.endsWith(`${CLIENT},`))).toBe(true);

    for (const url of ['/api/console/access-log', '/api/console/access-log.csv']) {
      expect((await get(url, volunteer)).statusCode).toBe(403);
      expect((await get(url, maple)).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(401);
    }
    const order = await placeAs(maple);
    expect((await get(`/api/console/orders/${order._id}/contact`, maple)).statusCode).toBe(403);
    expect((await get(`/api/console/orders/${order._id}/contact`)).statusCode).toBe(401);
  });

  it('does not log the orders CSV, which holds no student details', async () => {
    await placeAs(maple);
    await reportingCaughtUp(h.env);
    const csv = await get('/api/v1/admin/orders.csv?from=2020-01-01&to=2099-12-31', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('NTK-1');
    const log = (await get('/api/console/access-log', admin)).json<AccessLogEntry[]>();
    expect(log.some((entry) => entry.scope?.startsWith('orders from'))).toBe(false);
  });

  it('records the consent box of the store; the original client without it is "not asked"', async () => {
    const asked = await placeAs(maple, { sharingConsent: true });
    const original = await placeAs(maple);
    const consentOf = async (id: string) =>
      (await get(`/api/console/orders/${id}`, admin)).json<ConsoleOrder>().sharingConsent;
    expect(await consentOf(asked._id)).toBe('given');
    expect(await consentOf(original._id)).toBe('not-asked');
    const refused = await h.inject({
      method: 'POST',
      url: '/api/v1/order/new',
      headers: { cookie: maple },
      payload: orderBody({ sharingConsent: false }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('tells anyone the privacy terms from the server configuration', async () => {
    const terms = await get('/api/v1/privacy');
    expect(terms.statusCode).toBe(200);
    expect(terms.json()).toEqual({
      success: true,
      privacy: {
        studentDataRetentionDays: 30,
        accessLogRetentionDays: 365,
        contactEmail: 'orders@lockerroom.local',
      },
    });
  });
});
