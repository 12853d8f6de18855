/**
 * The paged orders export reads each page from where the previous one stopped: with thousands of
 * orders, a page deep in the export reads about as many orders as it returns lines for, not every
 * order before it (which made an export of 100,000 orders take the square of its size), and a page
 * near the end reads the lines of its own orders, not every line.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from '@lr/nest-kit';
import type { TestEnv } from '@lr/testing';
import { ExportRepository, type ExportKey } from '../src/export/export.repository.js';
import { startReporting } from './support/reporting-env.js';

const ORDERS = 20_000;
const LINES = 5;
const PAGE_LINES = 200;

describe('orders export at scale', () => {
  let env: TestEnv;
  let pool: pg.Pool;
  let db: Database;

  beforeAll(async () => {
    env = await startReporting();
    pool = new pg.Pool({ connectionString: env.database.url, max: 1 });
    db = createDatabase(pool);
    await env.pool.query(
      `INSERT INTO reporting.report_orders
         (order_id, version, order_number, user_id, school_name, student_key,
          status, created_at)
       SELECT gen_random_uuid(), 1, 'LR-' || n, gen_random_uuid(), 'School ' || (n % 40),
              'student-' || n, 'Processing', now() - n * interval '1 minute'
       FROM generate_series(1, $1::int) AS n`,
      [ORDERS],
    );
    await env.pool.query(
      `INSERT INTO reporting.report_order_lines
         (order_id, line_id, position, product_id, name, category, sub_category, size, quantity,
          requested_quantity)
       SELECT o.order_id, gen_random_uuid(), p, gen_random_uuid(), 'Hoodie ' || p, 'Clothing',
              'Unisex adult sizing', 'M', 1, 1
       FROM reporting.report_orders o CROSS JOIN generate_series(0, $1::int - 1) AS p`,
      [LINES],
    );
    await env.pool.query('ANALYZE reporting.report_orders, reporting.report_order_lines');
  });
  afterAll(async () => {
    await pool.end();
    await env.close();
  });

  /** The export's page after the last line of the `n`-th order (oldest first). */
  async function pageAfter(n: number) {
    const { rows } = await env.pool.query<{ created_at: string; order_id: string }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
              order_id
         FROM reporting.report_orders ORDER BY created_at, order_id OFFSET $1 LIMIT 1`,
      [n - 1],
    );
    const after: ExportKey = {
      createdAt: rows[0]!.created_at,
      orderId: rows[0]!.order_id,
      position: LINES - 1,
    };
    return db.transaction(async (tx) => {
      // Parallel workers count their reads in their own backends: without them every row read
      // shows in this backend's own counters of the transaction (pg_stat_xact_*: no flush delay).
      await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
      const read = async () => {
        const result = await tx.execute<{ table: string; n: string }>(
          sql`SELECT relname AS table, coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) AS n
                FROM pg_stat_xact_user_tables
               WHERE schemaname = 'reporting'
                 AND relname IN ('report_orders', 'report_order_lines')`,
        );
        return Object.fromEntries(result.rows.map((row) => [row.table, Number(row.n)]));
      };
      const before = await read();
      const lines = await new ExportRepository(tx as unknown as Database).orderLines(
        {},
        'Europe/London',
        after,
        PAGE_LINES,
      );
      const after_ = await read();
      const delta = (table: string) => (after_[table] ?? 0) - (before[table] ?? 0);
      return { lines, ordersRead: delta('report_orders'), linesRead: delta('report_order_lines') };
    });
  }

  it('reads a deep page from its cursor on, not from the first order', async () => {
    const { lines, ordersRead, linesRead } = await pageAfter(15_000);
    expect(lines).toHaveLength(PAGE_LINES);
    expect(lines[0]?.orderNumber).toBe(`LR-${ORDERS - 15_000}`);
    expect(lines[0]?.keyPosition).toBe(0);
    // About one order per five lines; an export that starts at the first order reads 15,000.
    expect(ordersRead).toBeLessThan(PAGE_LINES);
    expect(linesRead).toBeLessThan(PAGE_LINES * 2);
  });

  it('reads only the lines of its own orders near the end', async () => {
    const { lines, linesRead } = await pageAfter(ORDERS - 30);
    expect(lines).toHaveLength(30 * LINES);
    expect(lines.at(-1)?.orderNumber).toBe('LR-1');
    expect(linesRead).toBeLessThan(PAGE_LINES * 2);
  });
});
