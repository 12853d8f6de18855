/**
 * The console's order list at volume: its total, its status, school and search filters and its
 * pages near either end read about as many orders as they return, however many orders there are
 * (counting every order for the total, or skipping every order before a deep page, made the list
 * slower with every order placed).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database, type Executor } from '@lr/nest-kit';
import type { OrderConsoleListInput } from '@lr/contracts';
import { TestEnv, insertBulkOrders } from '@lr/testing';
import { OrderListsRepository } from '../src/orders/order-lists.repository.js';
import { OrderReadsRepository } from '../src/orders/order-reads.repository.js';
import { startOrdersService } from '@lr/testing/services';

const MANY = 5000;
const FEW = 30;

describe('console order list at volume', () => {
  let env: TestEnv;
  let pool: pg.Pool;
  let db: Database;

  beforeAll(async () => {
    env = await TestEnv.create();
    await startOrdersService(env);
    const productId = randomUUID();
    await insertBulkOrders(env.pool, {
      count: MANY,
      linesPerOrder: 1,
      user: { id: randomUUID(), name: 'Oak Academy', loginId: 'oak' },
      productId,
    });
    await insertBulkOrders(env.pool, {
      count: FEW,
      linesPerOrder: 1,
      user: { id: randomUUID(), name: 'Willow Primary', loginId: 'willow' },
      productId,
    });
    // A few Delivered orders and a few students of their own among the many.
    await env.pool.query(
      `UPDATE orders.orders SET status = 'Delivered', delivered_at = now() WHERE order_number % 500 = 7`,
    );
    await env.pool.query(
      `UPDATE orders.orders
          SET shipping_info = jsonb_set(shipping_info, '{receivingPersonName}',
                                        to_jsonb('ZED-' || order_number || '_9_NA'))
        WHERE order_number % 1000 = 3`,
    );
    await env.pool.query('VACUUM ANALYZE orders.orders');
    pool = new pg.Pool({ connectionString: env.database.url, max: 1 });
    db = createDatabase(pool);
  });
  afterAll(async () => {
    await pool.end();
    await env.close();
  });

  async function countWhere(condition: string): Promise<number> {
    const { rows } = await env.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders.orders WHERE ${condition}`,
    );
    return rows[0]?.n ?? 0;
  }

  /** The page and the order rows and index entries the transaction read to make it. */
  async function listed(filter: OrderConsoleListInput['filter'], start = 0, end = start + 24) {
    const repository = new OrderListsRepository(db, new OrderReadsRepository(db));
    return db.transaction(async (tx) => {
      // This backend's own counters of the transaction: rows read by sequential scans of orders
      // plus entries returned by its indexes (no flush delay).
      const read = async (exec: Executor) => {
        const result = await exec.execute<{ n: string }>(
          sql`SELECT pg_stat_get_xact_tuples_returned('orders.orders'::regclass)
                   + (SELECT coalesce(sum(pg_stat_get_xact_tuples_returned(indexrelid)), 0)
                        FROM pg_index WHERE indrelid = 'orders.orders'::regclass) AS n`,
        );
        return Number(result.rows[0]?.n ?? 0);
      };
      const before = await read(tx);
      const page = await repository.consoleList(tx, { range: { start, end }, filter });
      return { ...page, read: (await read(tx)) - before };
    });
  }

  it('totals and pages without reading every order', async () => {
    const everything = await listed({});
    expect(everything.total).toBe(MANY + FEW);
    expect(everything.items).toHaveLength(25);
    expect(everything.read).toBeLessThan(100);

    const delivered = await listed({ status: 'Delivered' });
    expect(delivered.total).toBe(await countWhere(`status = 'Delivered'`));
    expect(delivered.total).toBeGreaterThan(5);
    expect(delivered.items.every(({ order }) => order.status === 'Delivered')).toBe(true);
    expect(delivered.read).toBeLessThan(100);

    // The last page is read from the end.
    const last = await listed({}, MANY + FEW - 10, MANY + FEW + 20);
    expect(last.items).toHaveLength(10);
    expect(last.read).toBeLessThan(100);
  });

  it('finds a school by part of its name and a student by the start of the id from the index', async () => {
    const willow = await listed({ school: 'LLOW pri' });
    expect(willow.total).toBe(FEW);
    expect(willow.items.every(({ order }) => order.userName === 'Willow Primary')).toBe(true);
    expect(willow.read).toBeLessThan(200);

    // A school renamed since some of its orders: each name finds the orders that carry it.
    const birch = randomUUID();
    for (const [name, count] of [
      ['Birch Old Name', 10],
      ['Birch Primary', 5],
    ] as const) {
      await insertBulkOrders(env.pool, {
        count,
        linesPerOrder: 1,
        user: { id: birch, name, loginId: 'birch' },
        productId: randomUUID(),
      });
    }
    expect((await listed({ school: 'birch old' })).total).toBe(10);
    const renamed = await listed({ school: 'Birch Primary' });
    expect(renamed.total).toBe(5);
    expect(renamed.items.every(({ order }) => order.userName === 'Birch Primary')).toBe(true);
    expect((await listed({ school: 'BIRCH' })).total).toBe(15);
    expect((await listed({ q: 'birch p' })).total).toBe(5);

    const students = await listed({ q: 'zed-' });
    expect(students.total).toBe(
      await countWhere(`shipping_info ->> 'receivingPersonName' LIKE 'ZED-%'`),
    );
    expect(students.total).toBeGreaterThan(3);
    expect(
      students.items.every(({ order }) =>
        order.shippingInfo.receivingPersonName.startsWith('ZED-'),
      ),
    ).toBe(true);
    expect(students.read).toBeLessThan(100);
  });
});
