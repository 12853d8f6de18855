/**
 * Two outbox relays (two orders replicas) publishing at once can put one order's events into the
 * stream out of order, and the inventory's two consumers (status changes, deletions) see them in
 * either order anyway. This test plays a relay that does it on purpose: a scenario runs on a whole
 * stack (A), then its ORDERS outbox rows are published reversed, or shuffled, to a second
 * environment (B) where only the catalog and reporting consume them. Stock, ledger, every order's
 * movements and the report's read model must end exactly as in A, which saw them in order.
 */
import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import { namespaced, reportingOps, type Actor } from '@lr/contracts';
import { parseConfig } from '@lr/nest-kit';
import { TestEnv } from '@lr/testing';
import type pg from 'pg';
import { CatalogAppModule, catalogConfigSchema } from '../../services/catalog/src/index.js';
import { ReportingAppModule, reportingConfigSchema } from '../../services/reporting/src/index.js';
import { Api } from '../chaos/api.js';
import { createStockedProduct, unsentOutbox } from '../chaos/invariants.js';
import { startFullStack, type FullStack } from '../support/full-stack.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface OutboxRow {
  event_id: string;
  subject: string;
  envelope: { correlationId?: string };
}

/** A deterministic shuffle (the test must be repeatable). */
function shuffled<T>(items: T[], seed = 7): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i -= 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

async function count(db: pg.Pool, sql: string, values: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql, values);
  return Number(rows[0]?.n ?? 0);
}

/** What the consumers built: stock per size, what each order holds, the read model. */
async function outcome(db: pg.Pool, productIds: string[]) {
  const stock = await db.query(
    `SELECT s.id, s.stock, (SELECT coalesce(sum(delta), 0)::int FROM catalog.stock_movements m
                             WHERE m.size_id = s.id) AS ledger
       FROM catalog.product_sizes s WHERE s.product_id = ANY($1::uuid[]) ORDER BY s.id`,
    [productIds],
  );
  // The net per order, not the history: in order, an order may commit, release and commit again;
  // out of order the stale steps are skipped. What it holds at the end must be the same.
  const movements = await db.query(
    `SELECT order_id, size_id, sum(delta)::int AS net
       FROM catalog.stock_movements WHERE order_id IS NOT NULL
      GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2`,
  );
  const report = await db.query(
    `SELECT o.order_id, o.version, o.status, o.school_name,
            (SELECT json_agg(json_build_array(l.product_id, l.size, l.quantity) ORDER BY l.position)
               FROM reporting.report_order_lines l WHERE l.order_id = o.order_id) AS lines
       FROM reporting.report_orders o ORDER BY o.order_id`,
  );
  return { stock: stock.rows, movements: movements.rows, report: report.rows };
}

describe('consumers under any delivery order', () => {
  let a: FullStack;
  let api: Api;
  const productIds: string[] = [];
  let events: OutboxRow[] = [];
  let expected: Awaited<ReturnType<typeof outcome>>;
  let expectedReport: unknown;
  const admin: Actor = TestEnv.actor('admin');

  beforeAll(async () => {
    a = await startFullStack();
    await a.app.listen(0, '127.0.0.1');
    api = new Api(await a.app.getUrl());
    const adminCookie = await api.login('admin');
    const school = await api.login('maplegrove');
    for (const size of ['M', 'L'])
      productIds.push(await createStockedProduct(a.env.pool, `Order ${randomUUID()}`, size, 50));

    // Every kind of event: placing, quantity changes, commits, reverts, re-commits, deletions of
    // an uncommitted, a committed and a delivered order.
    const paths: (string | { status: string; quantity: number })[][] = [
      ['Printed', 'Processing', 'Delivered'],
      [{ status: 'Printed', quantity: 3 }, 'Ready for Pickup', 'Processing', 'CheckEmail'],
      ['Delivered', 'Processing', { status: 'Printed', quantity: 1 }, 'delete'],
      ['CheckEmail', 'Processing', 'delete'],
      ['Printed', 'Delivered', 'delete'],
      [{ status: 'Delivered', quantity: 4 }, 'Processing', 'delete'],
    ];
    for (const [i, path] of paths.entries()) {
      const size = i % 2 === 0 ? 'M' : 'L';
      const placed = await api.placeOrder(school, productIds[i % 2]!, size, 2);
      expect(placed.status).toBe(201);
      const id = (placed.body.order as { _id: string })._id;
      for (const step of path) {
        const response =
          step === 'delete'
            ? await api.deleteOrder(adminCookie, id)
            : typeof step === 'string'
              ? await api.setStatus(adminCookie, id, step)
              : await api.call('PUT', `/api/v1/admin/order/${id}`, {
                  cookie: adminCookie,
                  body: { status: step.status, newQuantity: [step.quantity] },
                });
        expect([response.status, step]).toEqual([200, step]);
      }
    }
    // A is settled once every event is out and applied by the catalog and reporting.
    const applies = (db: pg.Pool) =>
      count(
        db,
        `SELECT (SELECT count(*) FROM catalog.processed_events WHERE consumer LIKE '%catalog-inventory%')
              + (SELECT count(*) FROM reporting.processed_events WHERE consumer LIKE '%reporting-orders%') AS n`,
      );
    const wanted = () =>
      count(
        a.env.pool,
        `SELECT count(*) FILTER (WHERE subject IN ('orders.order.status-changed.v1', 'orders.order.deleted.v1'))
              + count(*) FILTER (WHERE subject LIKE 'orders.order.%') AS n FROM orders.outbox`,
      );
    await waitUntil(
      'stack A to apply the scenario',
      async () =>
        (await unsentOutbox(a.env.pool)) === 0 && (await applies(a.env.pool)) === (await wanted()),
    );
    events = (
      await a.env.pool.query<OutboxRow>(
        `SELECT event_id, subject, envelope FROM orders.outbox
          WHERE subject LIKE 'orders.order.%' ORDER BY id`,
      )
    ).rows;
    expected = await outcome(a.env.pool, productIds);
    expectedReport = await a.env.rpc.call(reportingOps.report, {}, { actor: admin });
  }, 240_000);

  afterAll(async () => {
    await a?.close();
  }, 60_000);

  it.each([
    ['reversed', (rows: OutboxRow[]) => [...rows].reverse()],
    ['shuffled', (rows: OutboxRow[]) => shuffled(rows)],
  ])(
    'ends as the in-order stack did when the events arrive %s',
    async (_label, arrange) => {
      const b = await TestEnv.create();
      try {
        const catalogConfig = parseConfig(catalogConfigSchema, b.envVars('catalog'));
        await b.startService(
          'catalog',
          CatalogAppModule.register(catalogConfig, b.logger),
          catalogConfig,
        );
        const reportingConfig = parseConfig(reportingConfigSchema, b.envVars('reporting'));
        await b.startService(
          'reporting',
          ReportingAppModule.register(reportingConfig, b.logger),
          reportingConfig,
        );
        // The same products and sizes as in A (same ids), with their initial ledger rows.
        for (const table of ['products', 'product_sizes', 'stock_movements']) {
          const column = table === 'products' ? 'id' : 'product_id';
          const initialOnly = table === 'stock_movements' ? ` AND reason = 'initial'` : '';
          const { rows } = await a.env.pool.query(
            `SELECT * FROM catalog.${table} WHERE ${column} = ANY($1::uuid[])${initialOnly}`,
            [productIds],
          );
          await b.pool.query(
            `INSERT INTO catalog.${table} SELECT * FROM json_populate_recordset(null::catalog.${table}, $1)`,
            [JSON.stringify(rows)],
          );
        }
        // A's sizes hold what is left after the scenario; B starts from the initial stock.
        await b.pool.query(
          `UPDATE catalog.product_sizes s SET stock = (SELECT sum(delta) FROM catalog.stock_movements m
                                                       WHERE m.size_id = s.id)`,
        );
        await b.pool.query(
          `SELECT setval(pg_get_serial_sequence('catalog.stock_movements', 'id'),
                         (SELECT max(id) FROM catalog.stock_movements))`,
        );

        const js = jetstream(b.nc);
        for (const row of arrange(events)) {
          const hdrs = headers();
          hdrs.set('Nats-Msg-Id', row.event_id);
          await js.publish(namespaced(b.namespace, row.subject), JSON.stringify(row.envelope), {
            headers: hdrs,
          });
        }
        const inventoryEvents = events.filter((e) =>
          ['orders.order.status-changed.v1', 'orders.order.deleted.v1'].includes(e.subject),
        ).length;
        await waitUntil('B to apply every event', async () => {
          const catalogApplied = await count(
            b.pool,
            `SELECT count(*)::int AS n FROM catalog.processed_events WHERE consumer LIKE '%catalog-inventory%'`,
          );
          const reportingApplied = await count(
            b.pool,
            // Only the ORDERS consumer: reporting also applies catalog's stock events (demand).
            `SELECT count(*)::int AS n FROM reporting.processed_events WHERE consumer LIKE '%reporting-orders%'`,
          );
          return catalogApplied === inventoryEvents && reportingApplied === events.length;
        });
        await waitUntil(
          'B to publish its own events',
          async () =>
            (await count(
              b.pool,
              'SELECT count(*)::int AS n FROM catalog.outbox WHERE sent_at IS NULL',
            )) === 0,
        );

        const actual = await outcome(b.pool, productIds);
        for (const size of actual.stock) expect(size.stock).toBe(size.ledger);
        expect(actual).toEqual(expected);
        expect(await b.rpc.call(reportingOps.report, {}, { actor: admin })).toEqual(expectedReport);
      } finally {
        await b.close();
      }
    },
    120_000,
  );
});
