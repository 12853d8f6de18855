/**
 * The pickup, calendar and notice routes over HTTP with the real auth, catalog and orders services:
 * the console's pickup slots and notices (ra-data-simple-rest, admins only), a time chosen at Ready
 * for Pickup reaching the school's order and feed, the feed's secret URL and its reset, and the
 * store's notices with their dismissal.
 */
import { randomUUID } from 'node:crypto';
import { catalogOps, type CatalogProduct } from '@lr/contracts';
import { TestEnv } from '@lr/testing';
import { startCatalog, startOrders } from './service-starters.js';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

describe('gateway pickup, calendar and notice routes', () => {
  let h: AuthHarness;
  let product: CatalogProduct;
  let maple: string;
  let cedar: string;
  let volunteer: string;
  let admin: string;

  const get = (url: string, cookie?: string) =>
    h.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    h.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

  beforeAll(async () => {
    h = await startAuthHarness();
    await startCatalog(h);
    await startOrders(h);
    product = await h.env.rpc.call(
      catalogOps.createProduct,
      {
        name: 'Hoodie',
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
  });
  afterAll(() => h.close());

  it('keeps pickup slots as a simple-rest resource for admins only', async () => {
    const list = await get('/api/console/pickup-slots', admin);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('pickup-slots 0-1/2');
    expect(list.json()).toEqual([
      expect.objectContaining({ weekday: 2, start: '14:00', end: '16:00' }),
      expect.objectContaining({ weekday: 4, start: '08:00', end: '09:30' }),
    ]);
    for (const cookie of [maple, volunteer]) {
      expect((await get('/api/console/pickup-slots', cookie)).statusCode).toBe(403);
      expect(
        (await send('POST', '/api/console/pickup-slots', cookie, { weekday: 1 })).statusCode,
      ).toBe(403);
    }
    const created = await send('POST', '/api/console/pickup-slots', admin, {
      weekday: 6,
      start: '10:00',
      end: '12:00',
      capacity: 5,
    });
    expect(created.statusCode).toBe(201);
    const slot = created.json<{ id: string }>();
    const edited = await send('PUT', `/api/console/pickup-slots/${slot.id}`, admin, {
      ...slot,
      capacity: 8,
    });
    expect(edited.json()).toMatchObject({ id: slot.id, capacity: 8 });
    const bad = await send('PUT', `/api/console/pickup-slots/${slot.id}`, admin, {
      weekday: 6,
      start: '25:00',
      end: '12:00',
      capacity: 8,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.stringContaining('start') });
    expect(bad.body).not.toMatch(/\bat \S+ \(/);
    expect((await send('DELETE', `/api/console/pickup-slots/${slot.id}`, admin)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/console/pickup-slots/${slot.id}`, admin)).statusCode).toBe(404);
  });

  it("takes the time chosen at Ready for Pickup to the school's order and calendar feed", async () => {
    const placed = await h.inject({
      method: 'POST',
      url: '/api/v1/order/new',
      headers: { cookie: maple, 'idempotency-key': randomUUID() },
      payload: {
        shippingInfo: { receivingPersonName: 'ST-7_10_Male', Email: 'teacher@maple.example' },
        orderItems: [{ product: product.id, ProductSize: 'M', quantity: 1 }],
      },
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json<{ order: { _id: string } }>().order._id;
    const times = await get('/api/console/pickup-times', volunteer);
    expect(times.statusCode).toBe(200);
    const opening = times.json<{ openings: { slotId: string; date: string }[] }>().openings[1]!;
    const ready = await send('PUT', `/api/console/orders/${orderId}`, volunteer, {
      status: 'Ready for Pickup',
      pickup: { kind: 'slot', slotId: opening.slotId, date: opening.date },
    });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ pickup: { kind: 'slot', date: opening.date } });
    const mine = await get(`/api/v1/order/${orderId}`, maple);
    expect(mine.json()).toMatchObject({
      order: { pickup: { slotId: opening.slotId, date: opening.date } },
    });

    const feed = await get('/api/v1/me/calendar-feed', maple);
    const { token } = feed.json<{ feed: { token: string } }>().feed;
    const ics = await get(`/api/v1/calendar/${token}/pickups.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toContain(`UID:${orderId}@pickups.lockerroom`);
    expect(ics.body).not.toContain('ST-7');
    // Another school's feed does not have it.
    const cedarFeed = (await get('/api/v1/me/calendar-feed', cedar)).json<{
      feed: { token: string };
    }>();
    expect((await get(`/api/v1/calendar/${cedarFeed.feed.token}/pickups.ics`)).body).not.toContain(
      orderId,
    );

    // A new time: the school's order shows it.
    const later = times.json<{ openings: { slotId: string; date: string }[] }>().openings[2]!;
    const moved = await send('PUT', `/api/console/orders/${orderId}/pickup`, admin, {
      pickup: { kind: 'slot', slotId: later.slotId, date: later.date },
    });
    expect(moved.json()).toMatchObject({ date: later.date });
    expect((await send('PUT', `/api/console/orders/${orderId}/pickup`, maple, {})).statusCode).toBe(
      403,
    );

    // Reset: the old URL is gone, the new one works.
    const reset = await send('POST', '/api/v1/me/calendar-feed/reset', maple);
    const fresh = reset.json<{ feed: { token: string } }>().feed.token;
    expect((await get(`/api/v1/calendar/${token}/pickups.ics`)).statusCode).toBe(404);
    expect((await get(`/api/v1/calendar/${fresh}/pickups.ics`)).body).toContain(orderId);
    expect((await get('/api/v1/me/calendar-feed', admin)).statusCode).toBe(403);
    const charity = await get('/api/console/calendar-feed', admin);
    expect(charity.json()).toEqual({ token: expect.any(String) });
    expect((await get('/api/console/calendar-feed', volunteer)).statusCode).toBe(403);

    const upcoming = await get('/api/console/pickups/upcoming?days=31', volunteer);
    expect(upcoming.statusCode).toBe(200);
    expect(
      upcoming.json<{ pickups: { orderId: string }[] }>().pickups.map((p) => p.orderId),
    ).toContain(orderId);
  });

  it('serves notices to schools until they dismiss them', async () => {
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const next = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await send('POST', '/api/console/notices', volunteer, { text: 'x' })).statusCode).toBe(
      403,
    );
    const created = await send('POST', '/api/console/notices', admin, {
      text: 'Closed on Friday for stocktaking',
      startDate: yesterday,
      endDate: next,
      level: 'warning',
    });
    expect(created.statusCode).toBe(201);
    const notice = created.json<{ id: string }>();
    const list = await get('/api/console/notices', admin);
    expect(list.headers['content-range']).toBe('notices 0-0/1');
    const invalid = await send('PUT', `/api/console/notices/${notice.id}`, admin, {
      text: 'Closed',
      startDate: next,
      endDate: yesterday,
      level: 'info',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ message: expect.stringContaining('endDate') });

    const shown = await get('/api/v1/notices', maple);
    expect(shown.json()).toEqual({
      success: true,
      notices: [expect.objectContaining({ id: notice.id, level: 'warning' })],
    });
    expect((await get('/api/v1/notices')).statusCode).toBe(401);
    expect((await send('POST', `/api/v1/notices/${notice.id}/dismiss`, maple)).statusCode).toBe(
      201,
    );
    expect((await get('/api/v1/notices', maple)).json()).toEqual({ success: true, notices: [] });
    expect(
      (await get('/api/v1/notices', cedar)).json<{ notices: unknown[] }>().notices,
    ).toHaveLength(1);
    expect((await send('POST', '/api/v1/notices/not-an-id/dismiss', maple)).statusCode).toBe(400);
  });
});
