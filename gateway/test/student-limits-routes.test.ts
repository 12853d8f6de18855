/**
 * The settings, the checkout's student pre-check, the console's order flags and requests entered
 * in the console, over HTTP with the real auth, catalog and orders services: shapes (checked
 * against their contracts), validation naming the field, and who may call what.
 */
import { randomUUID } from 'node:crypto';
import { catalogOps, type CatalogProduct } from '@lr/contracts';
import { TestEnv } from '@lr/testing';
import { startCatalog, startOrders } from './service-starters.js';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

describe('student limits and settings routes', () => {
  let h: AuthHarness;
  let product: CatalogProduct;
  let maple: string;
  let cedar: string;
  let volunteer: string;
  let admin: string;
  let mapleId: string;

  const shippingInfo = (student: string) => ({
    receivingPersonName: `${student}_11_Male`,
    additionalComments: '',
    userLoggedInDesignation: 'Mr Teacher',
    phoneNo: '555-0101',
    Email: 'teacher@maple.example',
  });
  const lines = () =>
    [{ productId: '', size: 'M', quantity: 1 }].map((l) => ({ ...l, productId: product.id }));

  function placeAs(cookie: string, student: string, extra: Record<string, unknown> = {}) {
    return h.inject({
      method: 'POST',
      url: '/api/v1/order/new',
      headers: { cookie, 'idempotency-key': randomUUID() },
      payload: {
        shippingInfo: shippingInfo(student),
        orderItems: [{ product: product.id, ProductSize: 'M', quantity: 1 }],
        ...extra,
      },
    });
  }
  const checkAs = (cookie: string | undefined, payload: unknown) =>
    h.inject({
      method: 'POST',
      url: '/api/v1/order/student-check',
      headers: cookie ? { cookie } : {},
      payload: payload as Record<string, unknown>,
    });
  const putSettings = (cookie: string, payload: Record<string, unknown>, id = 'settings') =>
    h.inject({ method: 'PUT', url: `/api/console/settings/${id}`, headers: { cookie }, payload });

  beforeAll(async () => {
    h = await startAuthHarness();
    await startCatalog(h);
    await startOrders(h);
    product = await h.env.rpc.call(
      catalogOps.createProduct,
      {
        name: 'Fleece',
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
    const me = await h.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: maple } });
    mapleId = me.json<{ user: { _id: string } }>().user._id;
  });
  afterAll(() => h.close());

  describe('/api/console/settings', () => {
    it('is one record for admins: list, read, change (the whole record sent back)', async () => {
      const list = await h.inject({
        method: 'GET',
        url: '/api/console/settings',
        headers: { cookie: admin },
      });
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-range']).toBe('settings 0-0/1');
      const [record] = list.json<Record<string, unknown>[]>();
      expect(record).toMatchObject({
        id: 'settings',
        studentRequestLimit: 2,
        studentLimitMode: 'warn',
      });

      const saved = await putSettings(admin, {
        ...record,
        studentRequestLimit: 3,
        closedDates: ['2026-12-25', '2026-12-24'],
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({
        id: 'settings',
        studentRequestLimit: 3,
        closedDates: ['2026-12-24', '2026-12-25'],
      });
      const read = await h.inject({
        method: 'GET',
        url: '/api/console/settings/settings',
        headers: { cookie: admin },
      });
      expect(read.json()).toMatchObject({ studentRequestLimit: 3 });
    });

    it('names the field of a bad value, and knows no other record', async () => {
      const bad = await putSettings(admin, { studentLimitMode: 'shout' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: expect.stringContaining('studentLimitMode') });
      const day = await putSettings(admin, { schoolYearStartMonth: 4, schoolYearStartDay: 31 });
      expect(day.statusCode).toBe(400);
      expect(day.json()).toMatchObject({ message: expect.stringContaining('schoolYearStartDay') });
      const other = await putSettings(admin, { studentRequestLimit: 1 }, 'other');
      expect(other.statusCode).toBe(404);
    });

    it('refuses everyone but admins', async () => {
      for (const cookie of [maple, volunteer]) {
        const read = await h.inject({
          method: 'GET',
          url: '/api/console/settings/settings',
          headers: { cookie },
        });
        expect(read.statusCode).toBe(403);
        expect((await putSettings(cookie, { studentRequestLimit: 9 })).statusCode).toBe(403);
      }
      const guest = await h.inject({ method: 'GET', url: '/api/console/settings' });
      expect(guest.statusCode).toBe(401);
    });
  });

  describe('the per-student limit', () => {
    beforeAll(async () => {
      const set = await putSettings(admin, { studentRequestLimit: 2, studentLimitMode: 'warn' });
      expect(set.statusCode).toBe(200);
    });

    it('tells a school about its own student only; staff and guests are refused', async () => {
      expect((await placeAs(maple, 'GW 1')).statusCode).toBe(201);
      expect((await placeAs(maple, 'gw 1')).statusCode).toBe(201);
      const mine = await checkAs(maple, { studentId: 'GW 1' });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({
        success: true,
        requests: 2,
        limit: 2,
        overLimit: true,
        reasonRequired: true,
        blocked: false,
        message: expect.stringContaining('This student has received 2 requests this school year'),
      });
      const other = await checkAs(cedar, { studentId: 'GW 1' });
      expect(other.json()).toMatchObject({ requests: 0, overLimit: false });
      expect((await checkAs(volunteer, { studentId: 'GW 1' })).statusCode).toBe(403);
      expect((await checkAs(undefined, { studentId: 'GW 1' })).statusCode).toBe(401);
      const empty = await checkAs(maple, { studentId: ' ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ message: expect.stringContaining('studentId') });
    });

    it('places over the limit with the reason given, and flags it in the console', async () => {
      const placed = await placeAs(maple, 'GW 1', { studentLimitReason: 'Outgrew everything' });
      expect(placed.statusCode).toBe(201);
      const order = placed.json<{ order: { _id: string; shippingInfo: Record<string, string> } }>()
        .order;
      expect(order.shippingInfo.studentLimitReason).toBe('Outgrew everything');

      const page = await h.inject({
        method: 'GET',
        url: `/api/console/orders?filter=${encodeURIComponent(JSON.stringify({ userId: mapleId }))}`,
        headers: { cookie: volunteer },
      });
      expect(page.statusCode).toBe(200);
      const records = page.json<{ id: string; flags: string[] }[]>();
      expect(records.find((r) => r.id === order._id)?.flags).toEqual(['over-limit', 'duplicate']);
      for (const record of records) expect(Array.isArray(record.flags)).toBe(true);
      const one = await h.inject({
        method: 'GET',
        url: `/api/console/orders/${order._id}`,
        headers: { cookie: volunteer },
      });
      expect(one.json()).toMatchObject({
        flags: ['over-limit', 'duplicate'],
        shippingInfo: { studentLimitReason: 'Outgrew everything' },
      });
    });
  });

  describe('POST /api/console/orders', () => {
    const entry = (schoolId: string, student = 'PHONE 5') => ({
      schoolId,
      shippingInfo: { ...shippingInfo(student), Email: 'phone@maple.example' },
      lines: lines(),
    });

    it('lets a volunteer enter a request the school then sees as entered by the charity', async () => {
      const created = await h.inject({
        method: 'POST',
        url: '/api/console/orders',
        headers: { cookie: volunteer },
        payload: entry(mapleId),
      });
      expect(created.statusCode).toBe(201);
      const order = created.json<{ id: string; userId: string; enteredBy: string }>();
      expect(order).toMatchObject({ userId: mapleId, enteredBy: expect.any(String) });
      const mine = await h.inject({
        method: 'GET',
        url: '/api/v1/orders/me',
        headers: { cookie: maple },
      });
      const found = mine
        .json<{ orders: { _id: string; enteredByCharity?: true }[] }>()
        .orders.find((o) => o._id === order.id);
      expect(found?.enteredByCharity).toBe(true);
    });

    it('refuses schools and guests, and names the field of a bad body', async () => {
      const school = await h.inject({
        method: 'POST',
        url: '/api/console/orders',
        headers: { cookie: maple },
        payload: entry(mapleId),
      });
      expect(school.statusCode).toBe(403);
      const guest = await h.inject({
        method: 'POST',
        url: '/api/console/orders',
        payload: entry(mapleId),
      });
      expect(guest.statusCode).toBe(401);
      const bad = await h.inject({
        method: 'POST',
        url: '/api/console/orders',
        headers: { cookie: admin },
        payload: { ...entry(mapleId), schoolId: 'not-a-uuid' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: expect.stringContaining('schoolId') });
    });
  });
});
