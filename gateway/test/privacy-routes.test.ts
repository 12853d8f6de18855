/**
 * `/api/console/privacy` over HTTP with the real auth, catalog and orders services: an admin erases
 * one order's personal data (the old /api/v1 client then shows the erased marker) and downloads a
 * school's student as JSON and CSV; nobody else may; bad input is a 400 without a stack trace.
 */
import { randomUUID } from 'node:crypto';
import { catalogOps, ERASED_MARKER } from '@lr/contracts';
import { TestEnv } from '@lr/testing';
import { startCatalog, startOrders } from './service-starters.js';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

describe('gateway privacy routes', () => {
  let h: AuthHarness;
  let maple: string;
  let volunteer: string;
  let admin: string;
  let orderId: string;
  let schoolId: string;

  beforeAll(async () => {
    h = await startAuthHarness();
    await startCatalog(h);
    await startOrders(h);
    const product = await h.env.rpc.call(
      catalogOps.createProduct,
      {
        name: 'Gloves',
        category: 'Clothing',
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
    const placed = await h.inject({
      method: 'POST',
      url: '/api/v1/order/new',
      headers: { cookie: maple, 'idempotency-key': randomUUID() },
      payload: {
        shippingInfo: {
          receivingPersonName: 'PR-5_9_Female',
          userLoggedInDesignation: 'Mr Privacy',
          phoneNo: '555-0111',
          Email: 'privacy.teacher@maple.example',
          additionalComments: 'by Friday, please',
        },
        orderItems: [{ product: product.id, ProductSize: 'M', quantity: 1 }],
      },
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json<{ order: { _id: string; user: { _id: string } } }>().order;
    orderId = order._id;
    schoolId = order.user._id;
  });
  afterAll(() => h.close());

  const exportUrl = (format: string) =>
    `/api/console/privacy/export?school=${schoolId}&studentId=PR-5&format=${format}`;

  it('exports a student as JSON and as CSV, as downloads', async () => {
    const json = await h.inject({
      method: 'GET',
      url: exportUrl('json'),
      headers: { cookie: admin },
    });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toMatch(/^attachment; filename="privacy-export_/);
    const file = json.json<{ orders: { id: string; shippingInfo: { Email: string } }[] }>();
    expect(file.orders.map((o) => o.id)).toEqual([orderId]);
    expect(file.orders[0]!.shippingInfo.Email).toBe('privacy.teacher@maple.example');
    const csv = await h.inject({
      method: 'GET',
      url: exportUrl('csv'),
      headers: { cookie: admin },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toMatch(
      /^Order,Created,Status,Delivered,School,Address,Receiving person,Teacher/,
    );
    expect(rows[1]).toContain('PR-5_9_Female,Mr Privacy,555-0111,privacy.teacher@maple.example');
  });

  it('refuses everyone but admins, and bad input', async () => {
    for (const cookie of [maple, volunteer]) {
      const refused = await h.inject({
        method: 'POST',
        url: '/api/console/privacy/erasures',
        headers: { cookie },
        payload: { orderId },
      });
      expect(refused.statusCode).toBe(403);
      expect(
        (await h.inject({ method: 'GET', url: exportUrl('json'), headers: { cookie } })).statusCode,
      ).toBe(403);
    }
    const bad = await h.inject({
      method: 'POST',
      url: '/api/console/privacy/erasures',
      headers: { cookie: admin },
      payload: { orderId: 'not-an-id' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    const format = await h.inject({
      method: 'GET',
      url: exportUrl('xml'),
      headers: { cookie: admin },
    });
    expect(format.statusCode).toBe(400);
  });

  it('erases one order now; the old client and the console then show the erased marker', async () => {
    const erased = await h.inject({
      method: 'POST',
      url: '/api/console/privacy/erasures',
      headers: { cookie: admin },
      payload: { orderId },
    });
    expect(erased.statusCode).toBe(201);
    expect(erased.json()).toMatchObject({ id: expect.any(String), erasedOrderIds: [orderId] });
    const v1 = await h.inject({
      method: 'GET',
      url: `/api/v1/order/${orderId}`,
      headers: { cookie: maple },
    });
    expect(v1.statusCode).toBe(200);
    expect(
      v1.json<{ order: { shippingInfo: Record<string, string> } }>().order.shippingInfo,
    ).toMatchObject({
      receivingPersonName: ERASED_MARKER,
      userLoggedInDesignation: '',
      phoneNo: '',
      Email: '',
      additionalComments: '',
    });
    const console = await h.inject({
      method: 'GET',
      url: `/api/console/orders/${orderId}`,
      headers: { cookie: admin },
    });
    expect(console.statusCode).toBe(200);
    expect(
      console.json<{ shippingInfo: Record<string, string> }>().shippingInfo.receivingPersonName,
    ).toBe(ERASED_MARKER);
  });
});
