/**
 * Role matrix: every route of the gateway's own route table is called as guest, user (a school),
 * volunteer and admin, and must answer exactly the status written here. A new route without an
 * expectation fails this test. Allowed callers get harmless input (an empty body: 400, an unknown
 * id: 404) so the matrix changes no state; refused callers must be refused before validation.
 */
import { randomUUID } from 'node:crypto';
import { RouteTable, type RouteEntry } from '../../gateway/src/docs/route-table.js';
import { startFullStack, type FullStack } from '../support/full-stack.js';

type Who = 'guest' | 'user' | 'volunteer' | 'admin';
type Expect = [guest: number, user: number, volunteer: number, admin: number];

const ADMIN_ONLY_LIST: Expect = [401, 403, 403, 200];
const ADMIN_ONLY_ID: Expect = [401, 403, 403, 404];
const ADMIN_ONLY_BODY: Expect = [401, 403, 403, 400];
const STAFF_LIST: Expect = [401, 403, 200, 200];
const STAFF_ID: Expect = [401, 403, 404, 404];

/** `METHOD path` -> expected statuses. */
const EXPECTED: Record<string, Expect> = {
  'GET /api/console/access-log': ADMIN_ONLY_LIST,
  'GET /api/console/access-log.csv': ADMIN_ONLY_LIST,
  'GET /api/console/dashboard': STAFF_LIST,
  'GET /api/console/demand': STAFF_LIST,
  'GET /api/console/demand.csv': STAFF_LIST,
  'GET /api/console/donation-products': STAFF_LIST,
  'GET /api/console/donation-sources': STAFF_LIST,
  'POST /api/console/donation-sources': [401, 403, 400, 400],
  'GET /api/console/donation-sources/:id': STAFF_ID,
  'PUT /api/console/donation-sources/:id': ADMIN_ONLY_BODY,
  'GET /api/console/donations': STAFF_LIST,
  'POST /api/console/donations': [401, 403, 400, 400],
  'GET /api/console/donations.csv': STAFF_LIST,
  'DELETE /api/console/donations/:id': ADMIN_ONLY_ID,
  'GET /api/console/donations/:id': STAFF_ID,
  'PUT /api/console/donations/:id': ADMIN_ONLY_BODY,
  // No range given: 400 for the admin, refused before validation for everyone else.
  'GET /api/console/impact': ADMIN_ONLY_BODY,
  'GET /api/console/impact.csv': ADMIN_ONLY_BODY,
  'GET /api/console/movements': ADMIN_ONLY_LIST,
  'GET /api/console/calendar-feed': ADMIN_ONLY_LIST,
  'POST /api/console/calendar-feed/reset': [401, 403, 403, 201],
  'GET /api/console/notices': ADMIN_ONLY_LIST,
  'POST /api/console/notices': ADMIN_ONLY_BODY,
  'DELETE /api/console/notices/:id': ADMIN_ONLY_ID,
  'GET /api/console/notices/:id': ADMIN_ONLY_ID,
  'PUT /api/console/notices/:id': ADMIN_ONLY_BODY,
  'PUT /api/console/orders/:id/pickup': [401, 403, 400, 400],
  'GET /api/console/pickup-slots': ADMIN_ONLY_LIST,
  'POST /api/console/pickup-slots': ADMIN_ONLY_BODY,
  'DELETE /api/console/pickup-slots/:id': ADMIN_ONLY_ID,
  'GET /api/console/pickup-slots/:id': ADMIN_ONLY_ID,
  'PUT /api/console/pickup-slots/:id': ADMIN_ONLY_BODY,
  'GET /api/console/pickup-times': STAFF_LIST,
  'GET /api/console/pickups/upcoming': STAFF_LIST,
  'GET /api/console/orders': STAFF_LIST,
  'POST /api/console/orders': [401, 403, 400, 400],
  'DELETE /api/console/orders/:id': ADMIN_ONLY_ID,
  'GET /api/console/orders/:id': STAFF_ID,
  'PUT /api/console/orders/:id': [401, 403, 400, 400],
  'GET /api/console/orders/:id/contact': STAFF_ID,
  'GET /api/console/orders/:id/history': STAFF_ID,
  // No version given: 400 for staff, refused before validation for everyone else.
  'GET /api/console/orders/:id/stock': [401, 403, 400, 400],
  'POST /api/console/privacy/erasures': ADMIN_ONLY_BODY,
  // No school given: 400 for the admin, refused before validation for everyone else.
  'GET /api/console/privacy/export': ADMIN_ONLY_BODY,
  'GET /api/console/products': ADMIN_ONLY_LIST,
  'POST /api/console/products': ADMIN_ONLY_BODY,
  'DELETE /api/console/products/:id': ADMIN_ONLY_ID,
  'GET /api/console/products/:id': ADMIN_ONLY_ID,
  'PUT /api/console/products/:id': ADMIN_ONLY_ID,
  'POST /api/console/products/:id/images': ADMIN_ONLY_BODY,
  'DELETE /api/console/products/:id/images/:imageId': ADMIN_ONLY_ID,
  'GET /api/console/report/rebuild': ADMIN_ONLY_LIST,
  'POST /api/console/report/rebuild': [401, 403, 403, 201],
  'GET /api/console/reviews': ADMIN_ONLY_LIST,
  'DELETE /api/console/reviews/:id': ADMIN_ONLY_ID,
  'GET /api/console/settings': ADMIN_ONLY_LIST,
  // The one record is `settings`: any other id is 404 (before the body is read).
  'GET /api/console/settings/:id': ADMIN_ONLY_ID,
  'PUT /api/console/settings/:id': ADMIN_ONLY_ID,
  'GET /api/console/stock-counts': STAFF_LIST,
  'POST /api/console/stock-counts': [401, 403, 400, 400],
  'GET /api/console/stock-counts/:id': STAFF_ID,
  'POST /api/console/stock-counts/:id/finalise': ADMIN_ONLY_ID,
  'GET /api/console/stock-counts/:id/lines': STAFF_ID,
  'PUT /api/console/stock-counts/:id/lines': [401, 403, 400, 400],
  'GET /api/console/stock-counts/:id/review': ADMIN_ONLY_ID,
  'GET /api/console/users': ADMIN_ONLY_LIST,
  'POST /api/console/users': ADMIN_ONLY_BODY,
  'DELETE /api/console/users/:id': ADMIN_ONLY_ID,
  'GET /api/console/users/:id': ADMIN_ONLY_ID,
  'PUT /api/console/users/:id': ADMIN_ONLY_BODY,
  'POST /api/console/users/:id/code': ADMIN_ONLY_ID,
  'GET /api/docs': [200, 200, 200, 200],
  'GET /api/docs/openapi.json': [200, 200, 200, 200],
  'DELETE /api/v1/admin/order/:id': [401, 404, 403, 404],
  'PUT /api/v1/admin/order/:id': [401, 403, 400, 400],
  'GET /api/v1/admin/orders': STAFF_LIST,
  'GET /api/v1/admin/orders.csv': ADMIN_ONLY_LIST,
  'DELETE /api/v1/admin/product/:id': ADMIN_ONLY_ID,
  'PUT /api/v1/admin/product/:id': ADMIN_ONLY_ID,
  'POST /api/v1/admin/product/new': ADMIN_ONLY_BODY,
  'GET /api/v1/admin/products': ADMIN_ONLY_LIST,
  'GET /api/v1/admin/report': ADMIN_ONLY_LIST,
  'GET /api/v1/admin/report.csv': ADMIN_ONLY_LIST,
  'DELETE /api/v1/admin/user/:id': ADMIN_ONLY_ID,
  'GET /api/v1/admin/user/:id': ADMIN_ONLY_ID,
  'PUT /api/v1/admin/user/:id': ADMIN_ONLY_BODY,
  'GET /api/v1/admin/users': ADMIN_ONLY_LIST,
  'GET /api/v1/calendar/:token/pickups.ics': [400, 400, 400, 400],
  'GET /api/v1/getUserList': [200, 200, 200, 200],
  'POST /api/v1/login': [400, 400, 400, 400],
  'GET /api/v1/logout': [200, 200, 200, 200],
  'POST /api/v1/logout': [200, 200, 200, 200],
  'GET /api/v1/me': [401, 200, 200, 200],
  'GET /api/v1/me/calendar-feed': [401, 200, 403, 403],
  'POST /api/v1/me/calendar-feed/reset': [401, 201, 403, 403],
  'GET /api/v1/notices': [401, 200, 200, 200],
  'POST /api/v1/notices/:id/dismiss': [401, 404, 404, 404],
  'PUT /api/v1/me/update': [401, 400, 400, 400],
  'GET /api/v1/order/:id': [401, 404, 404, 404],
  'POST /api/v1/order/new': [401, 400, 400, 400],
  // A school asks about its own students; volunteers place nothing, so they have none.
  'POST /api/v1/order/student-check': [401, 400, 403, 400],
  'GET /api/v1/orders/me': [401, 200, 200, 200],
  'GET /api/v1/pickup-times': [401, 200, 200, 200],
  'POST /api/v1/password/forgot': [400, 400, 400, 400],
  'PUT /api/v1/password/reset/:token': [400, 400, 400, 400],
  'PUT /api/v1/password/update': [401, 400, 400, 400],
  'POST /api/v1/payment/process': [401, 400, 400, 400],
  'GET /api/v1/product/:id': [404, 404, 404, 404],
  'GET /api/v1/privacy': [200, 200, 200, 200],
  'GET /api/v1/most-needed': [200, 200, 200, 200],
  'GET /api/v1/products': [200, 200, 200, 200],
  'GET /api/v1/products/grouped': [200, 200, 200, 200],
  'POST /api/v1/register': ADMIN_ONLY_BODY,
  'PUT /api/v1/review': [401, 400, 400, 400],
  'GET /health': [200, 200, 200, 200],
  'GET /media/placeholder/:file': [200, 200, 200, 200],
};

const PARAMS: Record<string, () => string> = {
  id: () => randomUUID(),
  imageId: () => randomUUID(),
  token: () => 'not-a-real-reset-token',
  file: () => 'clothing.svg',
};

function concretePath(route: RouteEntry): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => (PARAMS[name] ?? (() => 'x'))());
}

describe('role matrix over the gateway route table', () => {
  let stack: FullStack;
  let routes: RouteEntry[];
  const cookies: Record<Who, string | null> = {
    guest: null,
    user: null,
    volunteer: null,
    admin: null,
  };

  beforeAll(async () => {
    stack = await startFullStack();
    routes = stack.app.get(RouteTable).routes();
    cookies.user = await stack.login('maplegrove');
    cookies.volunteer = await stack.login('volunteer');
    cookies.admin = await stack.login('admin');
  }, 120_000);
  afterAll(() => stack.close());

  it('has an expectation for every route, and no stale ones', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(keys.filter((k) => !(k in EXPECTED))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('answers every route with the expected status for each role', async () => {
    const mismatches: string[] = [];
    for (const route of routes) {
      const expected = EXPECTED[`${route.method} ${route.path}`];
      if (!expected) continue;
      for (const [index, who] of (['guest', 'user', 'volunteer', 'admin'] as Who[]).entries()) {
        // Logging out would end the shared session: use a throwaway session for it.
        const cookie =
          route.path === '/api/v1/logout' && who !== 'guest'
            ? await stack.login(who === 'user' ? 'maplegrove' : who)
            : cookies[who];
        const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
        const response = await stack.request({
          method: route.method as 'GET',
          url: concretePath(route),
          cookie,
          ...(hasBody ? { payload: {} } : {}),
        });
        if (response.statusCode !== expected[index]) {
          mismatches.push(
            `${route.method} ${route.path} as ${who}: expected ${expected[index]}, got ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        }
        expect(response.body).not.toMatch(/\bat \S+ \(|node_modules/);
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("keeps schools out of each other's orders", async () => {
    const { body } = await stack.request({
      method: 'GET',
      url: '/api/v1/products',
      cookie: cookies.user,
    });
    const product = (
      JSON.parse(body) as {
        products: { _id: string; ProductSize: { size: string; stock: number }[] }[];
      }
    ).products.find((p) => p.ProductSize.some((s) => s.stock > 0));
    const size = product!.ProductSize.find((s) => s.stock > 0)!.size;
    const placed = await stack.request({
      method: 'POST',
      url: '/api/v1/order/new',
      cookie: cookies.user,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        shippingInfo: { receivingPersonName: 'S77_9_Female', Email: 'teacher@example.org' },
        orderItems: [{ product: product!._id, ProductSize: size, quantity: 1 }],
      },
    });
    expect([200, 201]).toContain(placed.statusCode);
    const orderId = (JSON.parse(placed.body) as { order: { _id: string } }).order._id;
    const other = await stack.login('cedarhill');
    expect(
      (await stack.request({ method: 'GET', url: `/api/v1/order/${orderId}`, cookie: other }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await stack.request({
          method: 'DELETE',
          url: `/api/v1/admin/order/${orderId}`,
          cookie: other,
        })
      ).statusCode,
    ).toBe(404);
    // Still there for its owner.
    expect(
      (
        await stack.request({
          method: 'GET',
          url: `/api/v1/order/${orderId}`,
          cookie: cookies.user,
        })
      ).statusCode,
    ).toBe(200);
  }, 60_000);
});
