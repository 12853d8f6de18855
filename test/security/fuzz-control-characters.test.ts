/**
 * Control characters in every text field of every route: for each operation of the OpenAPI document,
 * a request that would be accepted is sent once per text field (body, query, console filter, path)
 * with a control character inside that field. Each answer must be a 4xx naming the problem (never a
 * 5xx), and nothing may be written. A new route with text input and no sample here fails the suite.
 */
import { randomUUID } from 'node:crypto';
import { DEMO_CODE, startFullStack, type FullStack } from '../support/full-stack.js';

// Controls, and two of the invisible characters refused with them (a zero-width space, a
// bidirectional isolate): each must be refused in every field, naming "control characters".
const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u200b',
  '\u2066',
];

/** A request the route would accept; `filter` and `sort` are the console's JSON query parameters. */
interface Sample {
  cookie: 'admin' | 'school' | null;
  params?: Record<string, string>;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  filter?: Record<string, unknown>;
  sort?: [string, string];
}

interface Ids {
  product: string;
  productName: string;
  size: string;
  school: string;
  order: string;
  source: string;
  donation: string;
  count: string;
  countSize: string;
  notice: string;
  slot: string;
}

// Fields whose format is checked before their characters (an enum, a uuid, an e-mail address, a
// date): any 400 is right for them; every other field must say "control characters".
const FORMAT_CHECKED = new Set([
  'status',
  'category',
  'SubCategory',
  'role',
  'product',
  'productId',
  'userId',
  'Email',
  'from',
  'to',
  'reason',
  'orderId',
  'newQuantity',
  'sort.1',
  'kind',
  'scope',
  'receivedOn',
  'schoolId',
  'date',
  'startDate',
  'endDate',
  'level',
  'start',
  'end',
  'version',
  'days',
  'studentLimitMode',
  'closedDates',
]);

function samples(ids: Ids): Record<string, Sample> {
  const user = {
    name: 'New School',
    email: 'newschool',
    password: 'code1234',
    role: 'user',
    address: '1 Main St',
    district: 'North',
  };
  const { password: _password, ...userUpdate } = user;
  const product = {
    name: 'Wool hat',
    description: 'Warm\nand soft',
    category: 'Clothing',
    SubCategory: 'Unisex youth sizing',
    ProductSize: [{ size: 'M', stock: 3 }],
    isShow: true,
  };
  const order = {
    shippingInfo: {
      receivingPersonName: 'ST-1_11_Male',
      additionalComments: 'Thank you\nvery much',
      userLoggedInDesignation: 'Teacher',
      phoneNo: '555-0101',
      Email: 'teacher@school.example',
      userName: 'ignored',
      userAddress: 'ignored',
      orderDate: '2026-01-01',
    },
    orderItems: [
      {
        product: ids.product,
        name: ids.productName,
        SubCategory: 'Unisex youth sizing',
        ProductSize: 'M',
        quantity: 1,
        image: '',
        price: 0,
      },
    ],
  };
  const range = { from: '2026-01-01', to: '2026-12-31' };
  const donation = {
    receivedOn: '2026-11-01',
    sourceId: ids.source,
    note: 'Two bags\nfrom the drive',
    lines: [{ productId: ids.product, size: ids.size, quantity: 1 }],
  };
  const accessLogFilter = {
    person: 'volunteer',
    order: 'LR-000001',
    from: '2026-01-01',
    to: '2026-12-31',
  };
  const donationFilter = {
    from: '2026-01-01',
    to: '2026-12-31',
    sourceId: ids.source,
    kind: 'drive',
  };
  const processOrder = { status: 'Processing', newQuantity: '1' };
  const notice = {
    text: 'Closed for winter break\nback on 01-05',
    startDate: '2026-12-21',
    endDate: '2027-01-05',
    level: 'info',
  };
  const slot = { weekday: 3, start: '10:00', end: '11:00', capacity: 5 };
  return {
    'POST /api/v1/login': { cookie: null, body: { email: 'maplegrove', password: DEMO_CODE } },
    'POST /api/v1/password/forgot': { cookie: null, body: { email: 'maplegrove' } },
    'PUT /api/v1/password/reset/:token': {
      cookie: null,
      params: { token: 'a'.repeat(40) },
      body: { password: 'newcode1', confirmPassword: 'newcode1' },
    },
    'PUT /api/v1/password/update': {
      cookie: 'school',
      body: { oldPassword: DEMO_CODE, newPassword: 'newcode1', confirmPassword: 'newcode1' },
    },
    'PUT /api/v1/me/update': {
      cookie: 'school',
      body: { name: 'Maple Grove Elementary', email: 'maplegrove2', currentPassword: DEMO_CODE },
    },
    'POST /api/v1/register': { cookie: 'admin', body: user },
    'POST /api/console/users': { cookie: 'admin', body: user },
    'PUT /api/console/users/:id': { cookie: 'admin', params: { id: ids.school }, body: userUpdate },
    'PUT /api/v1/admin/user/:id': { cookie: 'admin', params: { id: ids.school }, body: userUpdate },
    'POST /api/v1/order/new': { cookie: 'school', body: order },
    'PUT /api/v1/admin/order/:id': {
      cookie: 'admin',
      params: { id: ids.order },
      body: processOrder,
    },
    'PUT /api/console/orders/:id': {
      cookie: 'admin',
      params: { id: ids.order },
      body: processOrder,
    },
    'PUT /api/v1/review': {
      cookie: 'school',
      body: { rating: 4, comment: 'Fits\nwell', productId: ids.product },
    },
    'POST /api/v1/admin/product/new': { cookie: 'admin', body: product },
    'POST /api/console/products': { cookie: 'admin', body: product },
    'PUT /api/v1/admin/product/:id': {
      cookie: 'admin',
      params: { id: ids.product },
      body: {
        name: ids.productName,
        description: 'New words',
        category: 'Clothing',
        SubCategory: 'Unisex youth sizing',
        ProductSize: 'M',
        Stock: 7,
      },
    },
    'PUT /api/console/products/:id': {
      cookie: 'admin',
      params: { id: ids.product },
      body: {
        description: 'New words',
        addStock: [{ size: 'M', quantity: 1 }],
        newSizes: [{ size: 'XL', stock: 1 }],
      },
    },
    'POST /api/v1/payment/process': { cookie: 'school', body: { amount: 0 } },
    'GET /api/v1/products': {
      cookie: null,
      query: { keyword: 'jacket', category: 'Clothing' },
    },
    'GET /api/v1/products/grouped': {
      cookie: null,
      query: { keyword: 'jacket', category: 'Clothing' },
    },
    'POST /api/console/privacy/erasures': {
      cookie: 'admin',
      body: { school: ids.school, studentId: 'ST-1' },
    },
    'GET /api/console/privacy/export': {
      cookie: 'admin',
      query: { school: ids.school, studentId: 'ST-1', format: 'csv' },
    },
    'GET /api/v1/admin/report': { cookie: 'admin', query: range },
    'GET /api/v1/admin/report.csv': { cookie: 'admin', query: range },
    'GET /api/v1/admin/orders.csv': { cookie: 'admin', query: range },
    'GET /api/console/orders': {
      cookie: 'admin',
      sort: ['createdAt', 'DESC'],
      filter: {
        q: 'LR-1',
        school: 'maple',
        status: 'Processing',
        userId: ids.school,
        from: '2026-01-01',
        to: '2026-12-31',
      },
    },
    'GET /api/console/users': {
      cookie: 'admin',
      sort: ['name', 'ASC'],
      filter: { q: 'maple', role: 'user' },
    },
    'GET /api/console/products': {
      cookie: 'admin',
      sort: ['name', 'ASC'],
      filter: { q: 'jacket', category: 'Clothing' },
    },
    'GET /api/console/reviews': {
      cookie: 'admin',
      sort: ['createdAt', 'DESC'],
      filter: { q: 'nice', productId: ids.product },
    },
    'GET /api/console/movements': {
      cookie: 'admin',
      // A field the list sorts by: any other is refused before the filter is read.
      sort: ['createdAt', 'DESC'],
      filter: { productId: ids.product, size: 'M', reason: 'restock', orderId: ids.order },
    },
    'GET /api/console/donation-sources': {
      cookie: 'admin',
      sort: ['name', 'ASC'],
      filter: { q: 'drive', kind: 'drive' },
    },
    'POST /api/console/donation-sources': {
      cookie: 'admin',
      body: { name: 'Spring coat drive', kind: 'drive', contact: 'Ms Lee, 555-0102' },
    },
    'PUT /api/console/donation-sources/:id': {
      cookie: 'admin',
      params: { id: ids.source },
      body: { name: 'Autumn drive', kind: 'drive', contact: 'Ms Lee, 555-0102' },
    },
    'GET /api/console/donation-products': {
      cookie: 'admin',
      filter: { q: 'jacket', category: 'Clothing' },
    },
    'GET /api/console/donations': {
      cookie: 'admin',
      sort: ['receivedOn', 'DESC'],
      filter: donationFilter,
    },
    'GET /api/console/donations.csv': { cookie: 'admin', filter: donationFilter },
    'GET /api/console/access-log': { cookie: 'admin', filter: accessLogFilter },
    'GET /api/console/access-log.csv': { cookie: 'admin', filter: accessLogFilter },
    'POST /api/console/donations': { cookie: 'admin', body: donation },
    'PUT /api/console/donations/:id': {
      cookie: 'admin',
      params: { id: ids.donation },
      body: donation,
    },
    'GET /api/console/stock-counts': {
      cookie: 'admin',
      sort: ['createdAt', 'DESC'],
      filter: { status: 'open' },
    },
    'POST /api/console/stock-counts': {
      cookie: 'admin',
      body: { scope: 'Clothing', note: 'Autumn count\nback room' },
    },
    'GET /api/console/stock-counts/:id/lines': { cookie: 'admin', params: { id: ids.count } },
    'PUT /api/console/stock-counts/:id/lines': {
      cookie: 'admin',
      params: { id: ids.count },
      body: { lines: [{ sizeId: ids.countSize, counted: 3 }] },
    },
    'POST /api/console/stock-counts/:id/finalise': {
      cookie: 'admin',
      params: { id: ids.count },
      body: { confirmedBooks: [{ sizeId: ids.countSize, books: 3 }] },
    },
    'GET /api/console/demand': {
      cookie: 'admin',
      sort: ['shortfall', 'DESC'],
      filter: { category: 'Clothing', short: true },
    },
    'GET /api/console/demand.csv': { cookie: 'admin', filter: { category: 'Clothing' } },
    'GET /api/console/impact': { cookie: 'admin', query: range },
    'GET /api/console/impact.csv': { cookie: 'admin', query: range },
    'GET /api/console/notices': { cookie: 'admin' },
    'POST /api/console/notices': { cookie: 'admin', body: notice },
    'PUT /api/console/notices/:id': { cookie: 'admin', params: { id: ids.notice }, body: notice },
    'POST /api/console/orders': {
      cookie: 'admin',
      body: {
        schoolId: ids.school,
        shippingInfo: order.shippingInfo,
        lines: [{ productId: ids.product, size: ids.size, quantity: 1 }],
        studentLimitReason: 'Lost\nher coat',
      },
    },
    'PUT /api/console/orders/:id/pickup': {
      cookie: 'admin',
      params: { id: ids.order },
      body: { pickup: { kind: 'delivery', date: '2026-12-01' } },
    },
    'GET /api/console/orders/:id/stock': {
      cookie: 'admin',
      params: { id: ids.order },
      query: { version: '1' },
    },
    'GET /api/console/pickup-slots': { cookie: 'admin' },
    'POST /api/console/pickup-slots': { cookie: 'admin', body: slot },
    'PUT /api/console/pickup-slots/:id': { cookie: 'admin', params: { id: ids.slot }, body: slot },
    'GET /api/console/pickups/upcoming': { cookie: 'admin', query: { days: '2' } },
    'GET /api/console/settings': { cookie: 'admin' },
    'PUT /api/console/settings/:id': {
      cookie: 'admin',
      params: { id: 'settings' },
      body: { studentLimitMode: 'warn', closedDates: ['2026-12-25'] },
    },
    'POST /api/v1/order/student-check': { cookie: 'school', body: { studentId: 'ST-1' } },
  };
}

/** Every string in `value` by its path, e.g. `shippingInfo.phoneNo` or `orderItems.0.name`. */
function stringPaths(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value === 'string') return [prefix];
  if (Array.isArray(value))
    return value.flatMap((item, i) => stringPaths(item, [...prefix, `${i}`]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...prefix, key]));
  }
  return [];
}

/** A deep copy of `value` with `char` put inside the string at `path` (inside: trimming cannot drop it). */
function withCharacter(value: unknown, path: string[], char: string): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let parent: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = path.at(-1) as string;
  const text = parent[last] as string;
  parent[last] = `${text.slice(0, 1)}${char}${text.slice(1)}`;
  return copy;
}

/** Every row a request could change, hashed per table. */
async function fingerprint(stack: FullStack): Promise<string> {
  const tables = [
    'auth.users',
    'catalog.products',
    'catalog.product_sizes',
    'catalog.reviews',
    'orders.orders',
    'orders.order_lines',
    'orders.order_status_history',
    'catalog.donation_sources',
    'catalog.donations',
    'catalog.donation_lines',
    'catalog.stock_counts',
    'catalog.stock_count_lines',
    'catalog.stock_movements',
  ];
  const parts = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await stack.env.pool.query<{ h: string | null }>(
        `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM ${table} t`,
      );
      return `${table}=${rows[0]?.h ?? ''}`;
    }),
  );
  const { rows } = await stack.env.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM auth.sessions WHERE revoked_at IS NULL',
  );
  return [...parts, `sessions=${rows[0]?.n}`].join(',');
}

const STACK_TRACE = /\bat \S+ \(|node_modules|\.ts:\d+:\d+/;
const SKIP = new Set(['GET /api/v1/logout', 'POST /api/console/report/rebuild']);

describe('control characters in every text field', () => {
  let stack: FullStack;
  let operations: { method: string; path: string; hasInput: boolean }[];
  let cookies: Record<'admin' | 'school', string>;
  let ids: Ids;

  beforeAll(async () => {
    stack = await startFullStack({
      LOGIN_MAX_FAILURES_PER_IP: '100000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '100000',
      LOGIN_FAILURE_DELAY_MS: '0',
      RESET_MAX_REQUESTS_PER_IP: '100000',
    });
    cookies = { admin: await stack.login('admin'), school: await stack.login('maplegrove') };
    const docs = await stack.request({ method: 'GET', url: '/api/docs' });
    const paths = (
      JSON.parse(docs.body) as {
        paths: Record<
          string,
          Record<string, { parameters: { in: string }[]; requestBody?: unknown }>
        >;
      }
    ).paths;
    operations = Object.entries(paths)
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({
          method: method.toUpperCase(),
          path: path.replace(/\{(\w+)\}/g, ':$1'),
          hasInput: !!op.requestBody || op.parameters.some((p) => p.in === 'query'),
        })),
      )
      .filter((op) => /^\/api\/(v1|console)\//.test(op.path))
      .filter((op) => !SKIP.has(`${op.method} ${op.path}`));

    const products = JSON.parse(
      (await stack.request({ method: 'GET', url: '/api/v1/products' })).body,
    ) as { products: { _id: string; name: string; ProductSize: { size: string }[] }[] };
    const product = products.products[0];
    if (!product) throw new Error('no demo product');
    const schoolUsers = await stack.request({
      method: 'GET',
      url: '/api/console/users',
      query: { filter: JSON.stringify({ q: 'maplegrove' }) },
      cookie: cookies.admin,
    });
    const school = (JSON.parse(schoolUsers.body) as { id: string }[])[0];
    if (!school) throw new Error('no demo school');
    const placed = await stack.request({
      method: 'POST',
      url: '/api/v1/order/new',
      cookie: cookies.school,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        shippingInfo: {
          receivingPersonName: 'ST-1_11_Male',
          Email: 'teacher@school.example',
        },
        orderItems: [
          { product: product._id, ProductSize: product.ProductSize[0]?.size, quantity: 1 },
        ],
      },
    });
    if (placed.statusCode !== 201) throw new Error(`order: ${placed.statusCode} ${placed.body}`);
    const created = async (url: string, payload: Record<string, unknown>) => {
      const response = await stack.request({ method: 'POST', url, cookie: cookies.admin, payload });
      if (response.statusCode !== 201 && response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return JSON.parse(response.body) as { id: string };
    };
    const size = product.ProductSize[0]?.size ?? '';
    const source = await created('/api/console/donation-sources', {
      name: 'Autumn drive',
      kind: 'drive',
    });
    const donation = await created('/api/console/donations', {
      sourceId: source.id,
      lines: [{ productId: product._id, size, quantity: 2 }],
    });
    const count = await created('/api/console/stock-counts', { scope: 'all' });
    const lines = await stack.request({
      method: 'GET',
      url: `/api/console/stock-counts/${count.id}/lines`,
      cookie: cookies.admin,
    });
    const countSize = (JSON.parse(lines.body) as { sizeId: string }[])[0]?.sizeId;
    if (!countSize) throw new Error(`count lines: ${lines.statusCode} ${lines.body}`);
    const notice = await created('/api/console/notices', {
      text: 'Requests close on 03-15',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      level: 'warning',
    });
    const slots = await stack.request({
      method: 'GET',
      url: '/api/console/pickup-slots',
      cookie: cookies.admin,
    });
    const slot = (JSON.parse(slots.body) as { id: string }[])[0]?.id;
    if (!slot) throw new Error(`pickup slots: ${slots.statusCode} ${slots.body}`);
    ids = {
      product: product._id,
      productName: product.name,
      size,
      school: school.id,
      order: (JSON.parse(placed.body) as { order: { _id: string } }).order._id,
      source: source.id,
      donation: donation.id,
      count: count.id,
      countSize,
      notice: notice.id,
      slot,
    };
  }, 120_000);
  afterAll(() => stack.close());

  it('has a sample request for every route that takes text', () => {
    const known = new Set(Object.keys(samples(ids)));
    const missing = operations
      .filter((op) => op.hasInput && !known.has(`${op.method} ${op.path}`))
      .map((op) => `${op.method} ${op.path}`);
    expect(missing).toEqual([]);
  });

  it('answers 400 naming the field for each one, never 5xx, and writes nothing', async () => {
    const failures: string[] = [];
    const table = samples(ids);
    for (const [operation, sample] of Object.entries(table)) {
      const [method, template] = operation.split(' ') as [string, string];
      const send = async (variant: Sample) => {
        const url = template.replace(/:(\w+)/g, (_, name: string) =>
          encodeURIComponent(variant.params?.[name] ?? 'x'),
        );
        const query: Record<string, string> = { ...(variant.query ?? {}) };
        if (variant.filter) query.filter = JSON.stringify(variant.filter);
        if (variant.sort) query.sort = JSON.stringify(variant.sort);
        return stack.request({
          method: method as 'GET',
          url,
          query,
          cookie: variant.cookie ? cookies[variant.cookie] : null,
          ...(variant.body ? { payload: variant.body } : {}),
        });
      };
      const parts = ['params', 'body', 'query', 'filter', 'sort'] as const;
      for (const part of parts) {
        for (const path of stringPaths(sample[part])) {
          const field =
            part === 'sort'
              ? `sort.${path[0]}`
              : (path.filter((key) => !/^\d+$/.test(key)).at(-1) ?? part);
          for (const char of CONTROL_CHARACTERS) {
            const variant = { ...sample, [part]: withCharacter(sample[part], path, char) };
            const label = `${operation} ${part}.${path.join('.')} U+${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
            const before = await fingerprint(stack);
            const response = await send(variant);
            const message = String(
              (JSON.parse(response.body || '{}') as { message?: unknown }).message ?? '',
            );
            if (response.statusCode >= 500 || STACK_TRACE.test(response.body)) {
              failures.push(`${label} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
            } else if (part === 'params') {
              // A malformed id is a thing that does not exist: 404 is as right as 400.
              if (![400, 404].includes(response.statusCode))
                failures.push(`${label} -> ${response.statusCode}`);
            } else if (response.statusCode !== 400) {
              failures.push(`${label} -> ${response.statusCode} ${message}`);
            } else if (!FORMAT_CHECKED.has(field) && !message.includes('control characters')) {
              failures.push(`${label} -> 400 without naming the characters: ${message}`);
            }
            if ((await fingerprint(stack)) !== before) failures.push(`${label} changed state`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
