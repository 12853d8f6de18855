/**
 * The old "all" routes at a volume a charity reaches by normal growth: 5,000 orders of 5 lines (far
 * past one NATS message), and products and users over several pages. Each route answers 200 with
 * every row, in the shape the old client reads, streamed page by page from the real services.
 */
import { PAGE_SIZE_MAX } from '@lr/contracts';
import { startCatalog, startOrders } from './service-starters.js';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';
import { insertBulkOrdersFor } from './bulk-orders-for.js';

const ORDERS = 5000;
const PRODUCTS = PAGE_SIZE_MAX * 2 + 37;
const EXTRA_USERS = PAGE_SIZE_MAX * 2 + 11;

interface ApiOrder {
  _id: string;
  orderItems: unknown[];
  user: { _id: string };
}

describe('the old "all" routes at volume', () => {
  let h: AuthHarness;
  let maple: string;
  let volunteer: string;
  let admin: string;
  let mapleId: string;

  beforeAll(async () => {
    h = await startAuthHarness();
    await startCatalog(h);
    await startOrders(h);
    [maple, volunteer, admin] = await Promise.all([
      h.loginAs('maplegrove'),
      h.loginAs('volunteer'),
      h.loginAs('admin'),
    ]);
    mapleId = (await insertBulkOrdersFor(h, maple, { count: ORDERS, linesPerOrder: 5 }))._id;
    await h.env.pool.query(
      `WITH p AS (
         INSERT INTO catalog.products (name, category, sub_category)
         SELECT 'Bulk product ' || lpad(g::text, 4, '0'), 'Clothing', 'Unisex adult sizing'
         FROM generate_series(1, $1::int) AS g
         RETURNING id
       )
       INSERT INTO catalog.product_sizes (product_id, size, stock, position)
       SELECT id, 'M', 3, 0 FROM p`,
      [PRODUCTS],
    );
    await h.env.pool.query(
      // Plain lower-case ASCII: these login and name keys are the ids and names themselves.
      `INSERT INTO auth.users (id, login_id, login_key, name, name_key, role, avatar_url, password_hash)
       SELECT gen_random_uuid(), 'bulk-school-' || g, 'bulk-school-' || g,
              'Bulk School ' || g, 'bulk school ' || g, 'user', '/avatar.png', 'x'
       FROM generate_series(1, $1::int) AS g`,
      [EXTRA_USERS],
    );
  }, 120_000);
  afterAll(() => h.close());

  it('GET /api/v1/admin/orders streams every order to a volunteer', async () => {
    const response = await h.inject({
      method: 'GET',
      url: '/api/v1/admin/orders',
      headers: { cookie: volunteer },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json<{ success: boolean; totalAmount: number; orders: ApiOrder[] }>();
    expect(Object.keys(body)).toEqual(['success', 'totalAmount', 'orders']);
    expect(body.success).toBe(true);
    expect(body.totalAmount).toBe(0);
    expect(body.orders).toHaveLength(ORDERS);
    expect(new Set(body.orders.map((o) => o._id)).size).toBe(ORDERS);
    expect(body.orders.every((o) => o.orderItems.length === 5)).toBe(true);
  });

  it('GET /api/v1/orders/me streams every order of the school', async () => {
    const response = await h.inject({
      method: 'GET',
      url: '/api/v1/orders/me',
      headers: { cookie: maple },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; orders: ApiOrder[] }>();
    expect(Object.keys(body)).toEqual(['success', 'orders']);
    expect(body.orders).toHaveLength(ORDERS);
    expect(body.orders.every((o) => o.user._id === mapleId)).toBe(true);
  });

  it('GET /api/v1/admin/products streams every product across pages', async () => {
    const response = await h.inject({
      method: 'GET',
      url: '/api/v1/admin/products',
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      success: boolean;
      products: { _id: string; name: string }[];
      productsCount: number;
    }>();
    expect(Object.keys(body)).toEqual(['success', 'products', 'productsCount']);
    expect(body.products).toHaveLength(PRODUCTS);
    expect(body.productsCount).toBe(PRODUCTS);
    expect(new Set(body.products.map((p) => p._id)).size).toBe(PRODUCTS);
    const names = body.products.map((p) => p.name);
    expect(names).toEqual([...names].sort());
  });

  it('GET /api/v1/admin/users streams every user across pages', async () => {
    const response = await h.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      success: boolean;
      users: { _id: string }[];
      usersCount: number;
    }>();
    expect(Object.keys(body)).toEqual(['success', 'users', 'usersCount']);
    const { rows } = await h.env.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM auth.users',
    );
    expect(rows[0]!.n).toBeGreaterThan(EXTRA_USERS);
    expect(body.users).toHaveLength(rows[0]!.n);
    expect(body.usersCount).toBe(rows[0]!.n);
    expect(new Set(body.users.map((u) => u._id)).size).toBe(rows[0]!.n);
  });

  it('GET /api/v1/getUserList streams every school for the login dropdown', async () => {
    const response = await h.inject({ method: 'GET', url: '/api/v1/getUserList' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; users: { _id: string; name: string }[] }>();
    expect(Object.keys(body)).toEqual(['success', 'users']);
    const bulk = body.users.filter((u) => u.name.startsWith('Bulk School '));
    expect(bulk).toHaveLength(EXTRA_USERS);
    expect(new Set(body.users.map((u) => u._id)).size).toBe(body.users.length);
  });

  it('still refuses these routes to the wrong roles', async () => {
    const asSchool = await h.inject({
      method: 'GET',
      url: '/api/v1/admin/orders',
      headers: { cookie: maple },
    });
    expect(asSchool.statusCode).toBe(403);
    const products = await h.inject({
      method: 'GET',
      url: '/api/v1/admin/products',
      headers: { cookie: volunteer },
    });
    expect(products.statusCode).toBe(403);
  });

  it('caps a console range at the maximum page and says so in Content-Range', async () => {
    const response = await h.inject({
      method: 'GET',
      url: `/api/console/orders?range=${encodeURIComponent('[0,999]')}`,
      headers: { cookie: volunteer },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<unknown[]>()).toHaveLength(PAGE_SIZE_MAX);
    expect(response.headers['content-range']).toBe(`orders 0-${PAGE_SIZE_MAX - 1}/${ORDERS}`);
  });
});
