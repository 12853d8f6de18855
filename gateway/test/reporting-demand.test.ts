/**
 * Demand against stock over HTTP with the real auth, orders and reporting services: the console list
 * (simple-rest, Content-Range, sort, category filter) and CSV for admins and volunteers, refused to
 * schools and guests; the public most-needed list and its switch (`mostNeededPublic`, kept by
 * orders), and the list while orders is not there to answer the switch.
 */
import { randomUUID } from 'node:crypto';
import { EVENTS, settingsOps, type OrderEventSnapshot } from '@lr/contracts';
import { eventEnvelope, events, newOrder, publish, TestEnv, waitFor } from '@lr/testing';
import { reportingCaughtUp, startOrdersService, startReportingService } from '@lr/testing/services';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

describe('gateway demand routes', () => {
  let h: AuthHarness;
  let adminCookie: string;
  let volunteerCookie: string;
  let userCookie: string;
  const boots = randomUUID();
  const coat = randomUUID();

  function withProducts(order: OrderEventSnapshot, ids: string[]): OrderEventSnapshot {
    return { ...order, lines: order.lines.map((l, i) => ({ ...l, productId: ids[i]! })) };
  }

  /** The charity's switch, set as an admin sets it (orders' settings operation). */
  async function setPublished(mostNeededPublic: boolean): Promise<void> {
    await h.env.rpc.call(
      settingsOps.updateSettings,
      { mostNeededPublic },
      { actor: TestEnv.actor('admin') },
    );
  }

  beforeAll(async () => {
    h = await startAuthHarness({}, undefined, { MOST_NEEDED_CACHE_MS: '0' });
    await startReportingService(h.env);
    await startOrdersService(h.env);
    const order = withProducts(
      newOrder({
        school: 'Abbey Primary',
        student: 'S1_10_Male',
        createdAt: '2026-06-01T09:00:00.000Z',
        lines: [
          { name: 'Boots', category: 'Footwear', size: '4', quantity: 3 },
          { name: 'Coat', category: 'Clothing', size: 'L', quantity: 1 },
        ],
      }),
      [boots, coat],
    );
    const stock = (productId: string, size: string, level: number) =>
      eventEnvelope(EVENTS.catalogInventoryAdjusted, 1, {
        productId,
        size,
        stock: level,
        delta: level,
        reason: 'restock',
        orderId: null,
      });
    await publish(h.env.nc, h.env.namespace, [
      events.placed(order),
      stock(boots, '4', 1),
      stock(coat, 'L', 5),
    ]);
    await reportingCaughtUp(h.env);
    [adminCookie, volunteerCookie, userCookie] = await Promise.all([
      h.loginAs('admin'),
      h.loginAs('volunteer'),
      h.loginAs('maplegrove'),
    ]);
    // The catalog consumer has caught up once both rows carry their stock.
    await waitFor(
      async () => {
        const r = await h.inject({
          method: 'GET',
          url: '/api/console/demand',
          headers: { cookie: adminCookie },
        });
        const rows = r.json() as { onHand: number }[];
        return rows.length === 2 && rows.every((row) => row.onHand > 0);
      },
      { message: 'the stock events to reach the demand rows' },
    );
  });
  afterAll(() => h.close());

  it('lists demand for a volunteer in the simple-rest dialect', async () => {
    const response = await h.inject({
      method: 'GET',
      url: '/api/console/demand?sort=["shortfall","DESC"]&range=[0,9]',
      headers: { cookie: volunteerCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('demand 0-1/2');
    expect(response.json()).toEqual([
      {
        id: `${boots}:4`,
        productId: boots,
        name: 'Boots',
        category: 'Footwear',
        subCategory: 'Unisex youth sizing',
        size: '4',
        processing: 3,
        packing: 0,
        requested: 3,
        readyForPickup: 0,
        onHand: 1,
        shortfall: 2,
      },
      expect.objectContaining({ id: `${coat}:L`, requested: 1, onHand: 5, shortfall: 0 }),
    ]);
  });

  it('filters by category and refuses unknown sorts and categories with 400', async () => {
    const footwear = await h.inject({
      method: 'GET',
      url: `/api/console/demand?filter=${encodeURIComponent('{"category":"Clothing"}')}`,
      headers: { cookie: adminCookie },
    });
    expect((footwear.json() as { name: string }[]).map((r) => r.name)).toEqual(['Coat']);
    const badSort = await h.inject({
      method: 'GET',
      url: '/api/console/demand?sort=["school","ASC"]',
      headers: { cookie: adminCookie },
    });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.body).toContain('school');
    const badCategory = await h.inject({
      method: 'GET',
      url: `/api/console/demand?filter=${encodeURIComponent('{"category":"Hats"}')}`,
      headers: { cookie: adminCookie },
    });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.body).toContain('category');
    expect(badCategory.body).not.toContain(' at ');
  });

  it('exports CSV for admins and volunteers', async () => {
    const response = await h.inject({
      method: 'GET',
      url: `/api/console/demand.csv?filter=${encodeURIComponent('{"category":"Footwear"}')}`,
      headers: { cookie: volunteerCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="demand-footwear_/,
    );
    expect(response.body).toBe(
      '\uFEFFProduct,Category,Sizing,Size,Processing,Packing,Requested,Ready for pickup,On hand,Shortfall\r\n' +
        'Boots,Footwear,Unisex youth sizing,4,3,0,3,0,1,2\r\n',
    );
    const bad = await h.inject({
      method: 'GET',
      url: `/api/console/demand.csv?filter=${encodeURIComponent('{"category":"Hats"}')}`,
      headers: { cookie: adminCookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('filter.category');
  });

  it('refuses schools (403) and guests (401)', async () => {
    for (const url of ['/api/console/demand', '/api/console/demand.csv']) {
      const school = await h.inject({ method: 'GET', url, headers: { cookie: userCookie } });
      expect(school.statusCode).toBe(403);
      expect((await h.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('documents the routes with their answers in the OpenAPI document', async () => {
    const response = await h.inject({ method: 'GET', url: '/api/docs' });
    type Doc = {
      paths: Record<string, { get?: { responses: Record<string, { content?: object }> } }>;
    };
    const { paths } = response.json() as Doc;
    for (const path of ['/api/console/demand', '/api/console/demand.csv', '/api/v1/most-needed']) {
      expect(paths[path]?.get?.responses['200']?.content).toBeDefined();
    }
    const row = JSON.stringify(paths['/api/console/demand']?.get?.responses['200']);
    for (const field of ['requested', 'readyForPickup', 'onHand', 'shortfall']) {
      expect(row).toContain(field);
    }
  });

  it('answers the most-needed list to anyone, without counts, and hides it when switched off', async () => {
    await setPublished(true);
    const shown = await h.inject({ method: 'GET', url: '/api/v1/most-needed' });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const body = shown.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['computedAt', 'groups', 'published']);
    expect(body.published).toBe(true);
    // Boots size 4 is short (3 wanted, 1 on the shelf); the coat is not.
    expect(body.groups).toEqual([
      { category: 'Footwear', subCategory: 'Unisex youth sizing', sizes: ['4'] },
    ]);

    await setPublished(false);
    const hidden = await h.inject({ method: 'GET', url: '/api/v1/most-needed' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ published: false, groups: [] });
  });
});

describe('gateway most-needed list while orders does not answer', () => {
  let h: AuthHarness;

  beforeAll(async () => {
    h = await startAuthHarness({}, undefined, { MOST_NEEDED_CACHE_MS: '0' });
    await startReportingService(h.env);
  });
  afterAll(() => h.close());

  it('shows the list as the default setting says (on) rather than failing', async () => {
    const response = await h.inject({ method: 'GET', url: '/api/v1/most-needed' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ published: true, groups: [] });
  });
});
