#!/usr/bin/env node
/**
 * The LR345 report with 100,000 orders in the read model, answered by the real reporting service
 * over NATS request-reply, vs the old app's way: download every order and count in JavaScript.
 * Prints figures; never a test. Run alone with `node bench/report.mjs` (after `npm run
 * build:server`), or as part of `npm run bench` (BENCH_ONLY=report).
 *   BENCH_REPORT_ORDERS=100000   orders to load (3 lines each)
 *   BENCH_REPORT_RUNS=30         timed report calls (after 3 warm-up calls)
 */
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadOrders, markRollupsStale } from './lib/bulk-orders.mjs';

const ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const ORDERS = Number(process.env.BENCH_REPORT_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 30);
const BASELINE_RUNS = 5;
const TARGET_RATIO = 50;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

async function createDatabase() {
  const name = `lrbench_report_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The read model's orders (the service has created its tables): 200 schools, ~30,000 students, 300 item names, 3 lines an order. */
async function loadReportOrders(pool, count) {
  const categories = ['Footwear', 'Clothing', 'Sports', 'Miscellaneous'];
  const pad = (n) => String(n).padStart(3, '0');
  await loadOrders(pool, {
    count,
    firstNumber: 1,
    newestAt: new Date(),
    spacingSeconds: 5 * 60,
    linesPerOrder: 3,
    schools: Array.from({ length: 200 }, (_, n) => ({
      id: randomUUID(),
      name: `School ${pad(n)}`,
      loginId: `school-${pad(n)}`,
    })),
    sizes: Array.from({ length: 300 }, (_, n) => ({
      productId: randomUUID(),
      sizeId: randomUUID(),
      name: `Item ${pad(n)}`,
      category: categories[n % 4],
      subCategory: 'Unisex youth sizing',
      size: 'M',
    })),
    services: ['reporting'],
  });
}

/**
 * The old way: one "all orders" call returning every order with its items as JSON (what the old
 * report page downloaded), parsed and counted in JavaScript.
 */
async function oldWayReport(pool) {
  const { rows } = await pool.query(
    `SELECT json_build_object(
       '_id', o.order_id, 'orderId', o.order_number, 'user', json_build_object('_id', o.user_id, 'name', o.school_name),
       'shippingInfo', json_build_object('userName', o.school_name, 'receivingPersonName', o.student_key,
         'userLoggedInDesignation', ''),
       'orderItems', (SELECT json_agg(json_build_object('_id', l.line_id, 'product', l.product_id, 'name', l.name,
           'category', l.category, 'SubCategory', l.sub_category, 'ProductSize', l.size, 'quantity', l.quantity,
           'requestedQuantity', l.requested_quantity) ORDER BY l.position)
         FROM reporting.report_order_lines l WHERE l.order_id = o.order_id),
       'orderStatus', o.status, 'createdAt', o.created_at, 'deliveredAt', o.delivered_at)::text AS order
     FROM reporting.report_orders o WHERE NOT o.deleted`,
  );
  // What the browser received: one JSON document.
  const body = `{"success":true,"orders":[${rows.map((r) => r.order).join(',')}]}`;
  const { orders } = JSON.parse(body);

  let fulfilled = 0;
  let hours = 0;
  let items = 0;
  const students = new Set();
  const itemOrders = new Map();
  const schoolOrders = new Map();
  for (const order of orders) {
    if (order.orderStatus === 'Delivered' && order.createdAt && order.deliveredAt) {
      fulfilled += 1;
      hours += (Date.parse(order.deliveredAt) - Date.parse(order.createdAt)) / 3_600_000;
    }
    students.add(order.shippingInfo.receivingPersonName);
    schoolOrders.set(order.user.name, (schoolOrders.get(order.user.name) ?? 0) + 1);
    const names = new Set();
    for (const item of order.orderItems ?? []) {
      items += item.quantity;
      names.add(item.name);
    }
    for (const name of names) itemOrders.set(name, (itemOrders.get(name) ?? 0) + 1);
  }
  const top = (counts) =>
    [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 11)
      .map(([name, count]) => ({ name, count }));
  return {
    bytes: body.length,
    report: {
      ordersReceived: orders.length,
      ordersFulfilled: fulfilled,
      averageFulfilmentHours: fulfilled ? Math.round(hours / fulfilled) : 0,
      itemsFulfilled: items,
      studentsHelped: students.size,
      topItems: top(itemOrders),
      topSchools: top(schoolOrders),
    },
  };
}

export async function benchReport() {
  const { ReportingAppModule, reportingConfigSchema } =
    await import('../services/reporting/dist/index.js');
  const { parseConfig, startService, createLogger, connectNats, RpcClient } =
    await import('@lr/nest-kit');
  const { reportingOps } = await import('@lr/contracts');

  const database = await createDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  // Dropping the database at the end ends any connection still open: not a reason to crash.
  pool.on('error', () => undefined);
  const namespace = `benchrep${randomBytes(3).toString('hex')}`;
  let app;
  let nc;
  try {
    const config = parseConfig(reportingConfigSchema, {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      NATS_URL,
      // On a server with authorization (README: NATS_NKEY_SEED_<PROCESS>), reporting's own identity.
      ...(process.env.NATS_NKEY_SEED_REPORTING
        ? { NATS_NKEY_SEED: process.env.NATS_NKEY_SEED_REPORTING }
        : {}),
      NATS_NAMESPACE: namespace,
      DATA_DIR: `/tmp/lockerroom-bench/${namespace}`,
    });
    const logger = createLogger({ service: 'reporting', level: 'warn', pretty: false });
    const start = () =>
      startService({
        service: 'reporting',
        module: ReportingAppModule.register(config, logger),
        config,
        logger,
        shutdownHooks: false,
      });
    // First start creates the tables; the orders are then loaded in bulk, straight into the order
    // rows, and the restart computes the day rollups from them (as after an upgrade).
    app = await start();
    // The bench's own calls and clean-up need the unrestricted admin identity on such a server.
    nc = await connectNats(NATS_URL, 'bench-report', undefined, {
      identity: 'admin',
      seed: process.env.NATS_NKEY_SEED_ADMIN,
    });
    const load = await timed(() => loadReportOrders(pool, ORDERS));
    await app.close();
    await markRollupsStale(pool);
    const restart = await timed(start);
    app = restart.value;
    console.log(
      `report bench: loaded ${ORDERS} orders (${ORDERS * 3} lines) in ${Math.round(load.ms)} ms; ` +
        `rollups computed on restart in ${Math.round(restart.ms)} ms`,
    );
    const rpc = new RpcClient(nc, namespace, 60_000);
    const admin = { id: randomUUID(), role: 'admin', name: 'Bench Admin', loginId: 'bench-admin' };
    const call = (input = {}) => rpc.call(reportingOps.report, input, { actor: admin });

    for (let i = 0; i < 3; i += 1) await call();
    const samples = [];
    let ours;
    for (let i = 0; i < RUNS; i += 1) {
      const run = await timed(() => call());
      samples.push(run.ms);
      ours = run.value;
    }
    samples.sort((a, b) => a - b);
    const ranged = await timed(() =>
      call({ from: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) }),
    );

    const baselineSamples = [];
    let old;
    for (let i = 0; i < BASELINE_RUNS; i += 1) {
      const run = await timed(() => oldWayReport(pool));
      baselineSamples.push(run.ms);
      old = run.value;
    }
    baselineSamples.sort((a, b) => a - b);

    const same = [
      'ordersReceived',
      'ordersFulfilled',
      'averageFulfilmentHours',
      'itemsFulfilled',
      'studentsHelped',
      'topItems',
      'topSchools',
    ].every((key) => JSON.stringify(ours[key]) === JSON.stringify(old.report[key]));
    const p50 = percentile(samples, 50);
    const baseP50 = percentile(baselineSamples, 50);
    console.log(
      `report bench: ours p50 ${p50.toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms (last 30 days: ${ranged.ms.toFixed(1)} ms); ` +
        `old way p50 ${baseP50.toFixed(0)} ms (${(old.bytes / 1024 / 1024).toFixed(1)} MB downloaded); same figures: ${same}`,
    );
    const ratio = baseP50 / p50;
    return [
      {
        benchmark: `report (${ORDERS} orders)`,
        metric: 'p50 ms',
        ours: p50,
        baseline: baseP50,
        ratio,
        target: `>= ${TARGET_RATIO}x faster`,
        met: ratio >= TARGET_RATIO,
      },
      {
        benchmark: `report (${ORDERS} orders)`,
        metric: 'p95 ms',
        ours: percentile(samples, 95),
        baseline: percentile(baselineSamples, 95),
      },
      {
        benchmark: `report (${ORDERS} orders)`,
        metric: 'same figures',
        ours: String(same),
        baseline: '',
        met: same,
      },
    ];
  } finally {
    await app?.close();
    if (nc) {
      const { jetstreamManager } = await import('@nats-io/jetstream');
      const jsm = await jetstreamManager(nc);
      for await (const name of jsm.streams.names()) {
        if (name.startsWith(`${namespace}_`)) await jsm.streams.delete(name).catch(() => false);
      }
      await nc.drain().catch(() => undefined);
    }
    await pool.end();
    await database.drop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await benchReport();
  const { printTable } = await import('./lib/report.mjs');
  printTable(rows);
  process.exit(0);
}
