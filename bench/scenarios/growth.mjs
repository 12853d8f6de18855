/**
 * Growth: the same screens at 1,000 and at 100,000 orders (5 lines each, 2,000 products, 200
 * schools, one school with 500 orders), on two stacks side by side, one per size. The orders are
 * loaded in SQL (bench/lib/bulk-orders.mjs) at one order every 45 minutes going back from an hour
 * ago: both stacks hold the same newest 1,000 orders (about a month, so the 500 orders of the one
 * school and "the last 30 days" are alike in both), the larger one 99,000 older ones too (some
 * eight years), as a charity's history grows while its daily traffic stays the same. After loading,
 * every process is restarted (reporting computes its rollups from the loaded read model, the
 * gateway starts with an empty product cache). Each route is timed one request at a time, on the
 * two stacks in turn, so both sizes see the same drift of this shared machine's speed; the old
 * "all" routes are read whole, one stack after the other, while every process's memory is read
 * every 20 ms.
 * Target: every paged route's p99 at the larger size <= 2x its p99 at the smaller one; the "all"
 * routes' time linear in rows and their memory flat.
 */
import os from 'node:os';
import { loadOrders, markRollupsStale } from '../lib/bulk-orders.mjs';
import { sampleLatencyPair } from '../lib/load.mjs';
import { memoryOf, watchMemory } from '../lib/process-memory.mjs';
import { login, startBenchStack } from '../lib/stack.mjs';
import { waitForHealthy } from '../../scripts/stack/health.mjs';
import { seedProducts } from './catalog-listing.mjs';
import { PROCESSES, printGrowthTable, resultRows } from './growth-report.mjs';

const PRODUCTS = 2000;
const SCHOOLS = 200;
const HEAVY_SCHOOL_ORDERS = 500;
const LINES = 5;
/** One order every 45 minutes: 1,000 orders are a month, 100,000 some eight and a half years. */
const SPACING_SECONDS = 45 * 60;
const PER_PAGE = 25;
const DEEP_PAGE = 400;

const settings = () => ({
  sizes: (process.env.BENCH_GROWTH_SIZES ?? '1000,100000').split(',').map(Number),
  samples: Number(process.env.BENCH_GROWTH_SAMPLES ?? 200),
  maxSeconds: Number(process.env.BENCH_GROWTH_SECONDS ?? 20),
});

/** One HTTP call whose whole answer is read; throws on anything but 2xx. */
async function call(url, { cookie, method = 'GET', body, timeoutMs = 60_000 } = {}) {
  const response = await fetch(url, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 200)}`);
  return { response, text };
}

/** Streams an answer to the end without keeping it; resolves with its size in bytes. */
async function drain(url, cookie, timeoutMs) {
  const response = await fetch(url, {
    headers: { cookie },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  return bytes;
}

const consoleQuery = ({ range, filter = {}, sort = ['createdAt', 'DESC'] }) =>
  `sort=${encodeURIComponent(JSON.stringify(sort))}&range=${encodeURIComponent(JSON.stringify(range))}` +
  `&filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The schools (accounts with the demo code, as the demo schools have) and who processes orders. */
async function createSchools(pool) {
  const { rows } = await pool.query(
    // Plain lower-case ASCII: the login and name keys (loginKeyOf) are the id and the lower-cased name.
    `INSERT INTO auth.users (id, login_id, login_key, name, name_key, role, address, district, avatar_url, password_hash)
     SELECT gen_random_uuid(), 'growth-' || lpad(n::text, 3, '0'), 'growth-' || lpad(n::text, 3, '0'),
            'Growth School ' || lpad(n::text, 3, '0'), 'growth school ' || lpad(n::text, 3, '0'),
            'user', n || ' School Road', 'District ' || (n % 12), '/default-avatar.svg',
            (SELECT password_hash FROM auth.users WHERE login_id = 'TEST USER')
       FROM generate_series(0, $1::int - 1) AS n
     RETURNING id, name, login_id`,
    [SCHOOLS],
  );
  rows.sort((a, b) => (a.login_id < b.login_id ? -1 : 1));
  const staff = await pool.query(`SELECT id, name FROM auth.users WHERE login_id = 'admin'`);
  return {
    schools: rows.map((r) => ({ id: r.id, name: r.name, loginId: r.login_id })),
    staff: staff.rows[0],
  };
}

async function productSizes(pool) {
  const { rows } = await pool.query(
    `SELECT p.id AS "productId", s.id AS "sizeId", p.name, p.category, p.sub_category AS "subCategory", s.size
       FROM catalog.products p JOIN catalog.product_sizes s ON s.product_id = p.id
      WHERE p.name LIKE 'Bench item %' ORDER BY p.name, s.position`,
  );
  return rows;
}

/** Every process restarted on the loaded data, the stack healthy again. */
async function restartAll(stack) {
  for (const name of PROCESSES) {
    await stack.supervisor.stopOne(name);
    stack.supervisor.restart(name);
  }
  await waitForHealthy(stack.url.replace('localhost', '127.0.0.1'), 300_000, () =>
    stack.supervisor.explainUnhealthy(),
  );
}

const pidsOf = (stack) =>
  Object.fromEntries(PROCESSES.map((name) => [name, stack.supervisor.pid(name)]));

/** The paged routes, each a request taking the sample's index. */
function pagedRoutes(ctx) {
  const { url, admin, school } = ctx;
  const consoleList = (query) => () =>
    call(`${url}/api/console/orders?${consoleQuery(query)}`, { cookie: admin });
  const demandList = (query) => () =>
    call(`${url}/api/console/demand?${consoleQuery(query)}`, { cookie: admin });
  const deepPage = Math.min(DEEP_PAGE, Math.ceil(ctx.total / PER_PAGE));
  const lastPage = Math.ceil(ctx.total / PER_PAGE);
  const page = (n) => [(n - 1) * PER_PAGE, n * PER_PAGE - 1];
  const thirtyDaysAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const processing = new Map();
  return [
    {
      name: 'store: product list (page 3)',
      run: () => call(`${url}/api/v1/products?page=3&resultPerPage=12`),
    },
    {
      name: 'store: product page',
      run: (i) => call(`${url}/api/v1/product/${ctx.productIds[i % ctx.productIds.length]}`),
    },
    {
      name: `store: My Orders (${HEAVY_SCHOOL_ORDERS} orders)`,
      run: () => call(`${url}/api/v1/orders/me`, { cookie: school }),
    },
    {
      name: 'store: order details',
      run: (i) =>
        call(`${url}/api/v1/order/${ctx.schoolOrderIds[i % ctx.schoolOrderIds.length]}`, {
          cookie: school,
        }),
    },
    { name: 'console: orders, first page', run: consoleList({ range: page(1) }) },
    {
      name: 'console: orders, status Processing',
      run: consoleList({ range: page(1), filter: { status: 'Processing' } }),
    },
    {
      name: `console: orders, school filter (the school with ${HEAVY_SCHOOL_ORDERS})`,
      run: consoleList({ range: page(1), filter: { school: 'Growth School 000' } }),
    },
    {
      name: 'console: orders, search (a student id)',
      run: consoleList({ range: page(1), filter: { q: 'S777_' } }),
    },
    {
      name: `console: orders, page ${DEEP_PAGE} of ${PER_PAGE} (last page if fewer)`,
      run: consoleList({ range: page(deepPage) }),
    },
    { name: 'console: orders, last page', run: consoleList({ range: page(lastPage) }) },
    {
      name: 'console: process page (order + history)',
      run: (i) => {
        const id = ctx.processIds[i % ctx.processIds.length];
        return Promise.all([
          call(`${url}/api/console/orders/${id}`, { cookie: admin }),
          call(`${url}/api/console/orders/${id}/history`, { cookie: admin }),
        ]);
      },
    },
    {
      // Each order goes Processing -> Printed (stock committed) and, on its next turn, back.
      name: 'console: Process Order (status PUT)',
      run: (i) => {
        const id = ctx.processIds[i % ctx.processIds.length];
        const status = processing.get(id) === 'Printed' ? 'Processing' : 'Printed';
        processing.set(id, status);
        return call(`${url}/api/console/orders/${id}`, {
          cookie: admin,
          method: 'PUT',
          body: { status },
        });
      },
    },
    {
      name: 'console: dashboard',
      run: () => call(`${url}/api/console/dashboard`, { cookie: admin }),
    },
    {
      name: 'report: last 30 days',
      run: () => call(`${url}/api/v1/admin/report?from=${thirtyDaysAgo}`, { cookie: admin }),
    },
    { name: 'report: all time', run: () => call(`${url}/api/v1/admin/report`, { cookie: admin }) },
    {
      // Delivery-day rollups: the same 30 days hold about as many deliveries at either size.
      name: 'impact: last 30 days',
      run: () =>
        call(`${url}/api/console/impact?from=${thirtyDaysAgo}&to=${today}`, { cookie: admin }),
    },
    {
      name: 'demand: first page (largest shortfall)',
      run: demandList({ sort: ['shortfall', 'DESC'], range: page(1) }),
    },
    {
      name: 'demand: category Footwear by name, page 2',
      run: demandList({ sort: ['name', 'ASC'], range: page(2), filter: { category: 'Footwear' } }),
    },
    {
      name: 'demand: dashboard tile (10 largest shortfalls)',
      run: demandList({ sort: ['shortfall', 'DESC'], range: [0, 9], filter: { short: true } }),
    },
    {
      name: 'demand: CSV (every row)',
      run: () => call(`${url}/api/console/demand.csv`, { cookie: admin }),
    },
    // Cached by the gateway for minutes: most samples read the cache, the first one reporting.
    { name: 'demand: public most-needed list', run: () => call(`${url}/api/v1/most-needed`) },
  ].filter((route) => selected(route.name));
}

/** `BENCH_GROWTH_ROUTES=demand,report`: only the paged routes whose names contain one of these. */
function selected(name) {
  const wanted = process.env.BENCH_GROWTH_ROUTES?.split(',').filter(Boolean);
  return !wanted || wanted.some((part) => name.includes(part));
}

/** The old "all" routes, each read whole once while the processes' memory is watched. */
const ALL_ROUTES = [
  { name: 'GET /api/v1/admin/orders (all orders, JSON)', path: '/api/v1/admin/orders' },
  { name: 'GET /api/v1/admin/orders.csv (all lines, CSV)', path: '/api/v1/admin/orders.csv' },
];

/** What the routes of one stack need: sessions, ids to read and the number of orders. */
async function routeContext(stack, options) {
  const { url } = stack;
  const { rows: totalRows } = await stack.pool.query(
    'SELECT count(*)::int AS n FROM orders.orders',
  );
  const schoolOrders = await stack.pool.query(
    `SELECT o.id FROM orders.orders o JOIN auth.users u ON u.id = o.user_id
      WHERE u.login_id = 'growth-000' ORDER BY o.created_at DESC LIMIT 50`,
  );
  // Processing orders of the other schools, anywhere in the history, for the process page and PUT.
  const processIds = await stack.pool.query(
    `SELECT o.id FROM orders.orders o JOIN auth.users u ON u.id = o.user_id
      WHERE o.status = 'Processing' AND u.login_id <> 'growth-000'
      ORDER BY md5(o.id::text) LIMIT $1`,
    [Math.ceil((options.samples + 10) / 2)],
  );
  const products = await stack.pool.query(
    `SELECT id FROM catalog.products WHERE name LIKE 'Bench item %' ORDER BY md5(id::text) LIMIT 50`,
  );
  return {
    url,
    admin: await login(url, 'admin'),
    school: await login(url, 'growth-000'),
    total: totalRows[0].n,
    schoolOrderIds: schoolOrders.rows.map((r) => r.id),
    processIds: processIds.rows.map((r) => r.id),
    productIds: products.rows.map((r) => r.id),
  };
}

/** Reads each "all" route whole on one stack while its processes' memory is watched. */
async function readAllRoutes(stack, ctx) {
  const all = {};
  for (const route of ALL_ROUTES.filter((r) => selected(r.name))) {
    const started = performance.now();
    let failed = false;
    const watched = await watchMemory(pidsOf(stack), () =>
      drain(`${ctx.url}${route.path}`, ctx.admin, 30 * 60_000).catch((error) => {
        failed = error.message;
        return 0;
      }),
    );
    all[route.name] = {
      ms: performance.now() - started,
      bytes: watched.value,
      before: watched.before,
      peak: watched.peak,
      failed,
    };
    console.log(
      `growth ${ctx.total}: ${route.name}: ${Math.round(all[route.name].ms)} ms, ${(watched.value / 1024 / 1024).toFixed(1)} MiB, ` +
        `gateway RSS ${watched.before.gateway.toFixed(0)} -> peak ${watched.peak.gateway.toFixed(0)} MiB${failed ? `, FAILED: ${failed}` : ''}`,
    );
  }
  return all;
}

/** Every route on both stacks: the paged ones in turn, then the "all" ones and the memory. */
async function measure(small, large, options) {
  const contexts = [await routeContext(small, options), await routeContext(large, options)];
  const [routesSmall, routesLarge] = contexts.map(pagedRoutes);
  const results = contexts.map((ctx) => ({ total: ctx.total, routes: {}, all: {} }));
  const loadBefore = os.loadavg();
  for (const [i, route] of routesSmall.entries()) {
    const { a, b } = await sampleLatencyPair(route.run, routesLarge[i].run, {
      samples: options.samples,
      maxSeconds: options.maxSeconds,
      warmup: 10,
    });
    results[0].routes[route.name] = a;
    results[1].routes[route.name] = b;
    for (const [k, side] of [a, b].entries()) {
      for (const message of side.errors)
        console.log(`growth @${contexts[k].total}: failed: ${message}`);
    }
    console.log(
      `growth: ${route.name}: @${contexts[0].total} p50 ${a.p50.toFixed(1)} / p99 ${a.p99.toFixed(1)} ms, ` +
        `@${contexts[1].total} p50 ${b.p50.toFixed(1)} / p99 ${b.p99.toFixed(1)} ms (${a.count}+${b.count} samples, ${a.failed + b.failed} failed)`,
    );
  }
  const loadAfter = os.loadavg();
  // Let the consumers apply the status changes before the whole-list reads.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (const [i, stack] of [small, large].entries()) {
    results[i].all = await readAllRoutes(stack, contexts[i]);
    results[i].memory = Object.fromEntries(
      Object.entries(pidsOf(stack)).map(([name, pid]) => [name, memoryOf(pid)]),
    );
    results[i].load = i === 0 ? loadBefore : loadAfter;
  }
  return results;
}

/** A stack holding `size` orders, every process restarted on them. */
async function stackWithOrders(size, newestAt) {
  const stack = await startBenchStack();
  try {
    await seedProducts(stack.pool, PRODUCTS);
    const { schools, staff } = await createSchools(stack.pool);
    const sizes = await productSizes(stack.pool);
    const { rows } = await stack.pool.query(
      'SELECT coalesce(max(order_number), 0)::bigint AS n FROM orders.orders',
    );
    const started = performance.now();
    await loadOrders(stack.pool, {
      count: size,
      firstNumber: Number(rows[0].n) + 1,
      newestAt,
      spacingSeconds: SPACING_SECONDS,
      linesPerOrder: LINES,
      schools,
      heavySchoolOrders: HEAVY_SCHOOL_ORDERS,
      sizes,
      staff,
      services: ['orders', 'catalog', 'reporting'],
    });
    await markRollupsStale(stack.pool);
    const loaded = performance.now();
    await restartAll(stack);
    console.log(
      `growth: ${size} orders loaded in ${Math.round(loaded - started)} ms, processes restarted in ${Math.round(performance.now() - loaded)} ms`,
    );
    return stack;
  } catch (error) {
    await stack.dispose();
    throw error;
  }
}

export async function benchGrowth() {
  const options = settings();
  const newestAt = new Date(Date.now() - 3_600_000);
  const stacks = [];
  try {
    for (const size of options.sizes) stacks.push(await stackWithOrders(size, newestAt));
    const [small, large] = await measure(stacks[0], stacks[1], options);
    printGrowthTable(small, large);
    return resultRows(small, large);
  } finally {
    for (const stack of stacks) await stack.dispose();
  }
}
