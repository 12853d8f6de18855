/**
 * Input fuzzing of every /api/v1 and /api/console operation of the OpenAPI document with generated
 * bad input (fast-check): never a 5xx, never a stack trace, and a refused request changes nothing.
 */
import fc from 'fast-check';
import { startFullStack, type FullStack } from '../support/full-stack.js';

interface Operation {
  method: string;
  path: string;
}

/** Everything a request can change, in one string (login throttle counters excluded on purpose). */
async function fingerprint(stack: FullStack): Promise<string> {
  const { rows } = await stack.env.pool.query(`
    SELECT (SELECT count(*) FROM auth.users) AS users,
           (SELECT string_agg(role || coalesce(name, ''), ',' ORDER BY id) FROM auth.users) AS user_rows,
           (SELECT count(*) FROM auth.sessions WHERE revoked_at IS NULL) AS sessions,
           (SELECT count(*) FROM catalog.products) AS products,
           (SELECT coalesce(sum(stock), 0) FROM catalog.product_sizes) AS stock,
           (SELECT count(*) FROM catalog.reviews) AS reviews,
           (SELECT count(*) FROM orders.orders) AS orders,
           (SELECT count(*) FROM orders.order_status_history) AS history`);
  return JSON.stringify(rows[0]);
}

const STACK_TRACE = /\bat \S+ \(|node_modules|\.ts:\d+:\d+/;

// Ending the session or replaying the read model are legitimate effects of these calls, not fuzz targets.
const SKIP = new Set([
  'GET /api/v1/logout',
  'POST /api/v1/logout',
  'POST /api/console/report/rebuild',
]);

const badValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '%',
    '.*',
    '../../etc/passwd',
    '\u0000',
    'a\u0000b',
    'x\u0007',
    '\u001b[31mred',
    'del\u007f',
    'line\u2028sep',
    '=cmd|calc',
  ),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

const badBody = fc.oneof(
  badValue,
  fc.dictionary(
    fc.constantFrom(
      'email',
      'password',
      'name',
      'role',
      'status',
      'newQuantity',
      'quantity',
      'rating',
      'productId',
      'shippingInfo',
      'orderItems',
      'ProductSize',
      'Stock',
      'isShow',
      'category',
      'SubCategory',
      'amount',
      'oldPassword',
      'newPassword',
      'confirmPassword',
      'addStock',
    ),
    badValue,
    { maxKeys: 6 },
  ),
);

const badSegment = fc.oneof(
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.constantFrom('0', '-1', '%00', '..', 'null'),
);

describe('fuzzing the API from its OpenAPI document', () => {
  let stack: FullStack;
  let operations: Operation[];
  let admin: string;

  beforeAll(async () => {
    stack = await startFullStack({
      LOGIN_MAX_FAILURES_PER_IP: '100000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '100000',
      RESET_MAX_REQUESTS_PER_IP: '100000',
      RESET_MAX_ATTEMPTS_PER_IP: '100000',
      LOGIN_FAILURE_DELAY_MS: '0',
    });
    admin = await stack.login('admin');
    const docs = await stack.request({ method: 'GET', url: '/api/docs' });
    const paths = (JSON.parse(docs.body) as { paths: Record<string, Record<string, unknown>> })
      .paths;
    operations = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{(\w+)\}/g, ':$1'),
      })),
    );
    operations = operations.filter(
      (op) => /^\/api\/(v1|console)\//.test(op.path) && !SKIP.has(`${op.method} ${op.path}`),
    );
  }, 120_000);
  afterAll(() => stack.close());

  it('finds the operations in the document', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('never answers 5xx or a stack trace, and refused requests change nothing', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      for (const cookie of [null, admin]) {
        await fc.assert(
          fc.asyncProperty(
            badBody,
            fc.array(badSegment, { minLength: 3, maxLength: 3 }),
            fc.dictionary(
              fc.constantFrom(
                'page',
                'keyword',
                'category',
                'sort',
                'range',
                'filter',
                'from',
                'to',
              ),
              fc.string({ maxLength: 20 }),
              { maxKeys: 3 },
            ),
            async (body, segments, query) => {
              let i = 0;
              const path = operation.path.replace(/:\w+/g, () =>
                encodeURIComponent(segments[i++] ?? 'x'),
              );
              const before = await fingerprint(stack);
              const response = await stack.request({
                method: operation.method as 'GET',
                url: path,
                query,
                cookie,
                ...(['POST', 'PUT', 'PATCH'].includes(operation.method)
                  ? {
                      payload: JSON.stringify(body),
                      headers: { 'content-type': 'application/json' },
                    }
                  : {}),
              });
              if (response.statusCode >= 500 || STACK_TRACE.test(response.body)) {
                failures.push(
                  `${operation.method} ${path} ${JSON.stringify(body).slice(0, 80)} -> ${response.statusCode} ${response.body.slice(0, 120)}`,
                );
              }
              if (response.statusCode >= 400 && (await fingerprint(stack)) !== before) {
                failures.push(
                  `${operation.method} ${path} was refused (${response.statusCode}) but changed state`,
                );
              }
            },
          ),
          { numRuns: 6, seed: 345 },
        );
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
