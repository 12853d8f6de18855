/**
 * Rollups computed wholesale (on start after an upgrade or a change of time zone, after a rebuild)
 * come with their statistics: the report for a range of days then reads those days through the
 * rollups' keys, not every day of the history. Without statistics the planner scanned every row,
 * and the last 30 days cost as much as all time; nothing analyses the tables on a machine with
 * autovacuum off, or for minutes on one with it on.
 */
import { createDatabase, type Database } from '@lr/nest-kit';
import type { TestEnv } from '@lr/testing';
import { RollupsRepository } from '../src/read-model/rollups.repository.js';
import { startReporting } from './support/reporting-env.js';

const ORDERS = 20_000;

describe('rollup statistics', () => {
  let env: TestEnv;
  let db: Database;

  beforeAll(async () => {
    env = await startReporting();
    db = createDatabase(env.pool);
    // One order every half hour for about a year, two lines each among 500 item names.
    await env.pool.query(
      `INSERT INTO reporting.report_orders
         (order_id, version, order_number, user_id, school_name, student_key,
          status, created_at)
       SELECT gen_random_uuid(), 1, 'LR-' || n, gen_random_uuid(), 'School ' || (n % 40),
              'student-' || n, 'Processing', now() - n * interval '30 minutes'
       FROM generate_series(1, $1::int) AS n`,
      [ORDERS],
    );
    await env.pool.query(
      `INSERT INTO reporting.report_order_lines
         (order_id, line_id, position, product_id, name, category, sub_category, size, quantity,
          requested_quantity)
       SELECT o.order_id, gen_random_uuid(), p, gen_random_uuid(),
              'Item ' || ((substr(o.order_number, 4)::int * 7 + p) % 500), 'Clothing',
              'Unisex adult sizing', 'M', 1, 1
       FROM reporting.report_orders o CROSS JOIN generate_series(0, 1) AS p`,
    );
  });
  afterAll(() => env.close());

  it('reads a range of days through the rollup keys once the rollups are computed', async () => {
    await db.transaction((tx) =>
      new RollupsRepository({ REPORT_TIME_ZONE: 'Europe/London' }).recomputeAll(tx),
    );
    const { rows } = await env.pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT name, sum(orders) FROM reporting.report_day_items
        WHERE day >= current_date - 30 GROUP BY name`,
    );
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('report_day_items_pkey');
    expect(plan).not.toContain('Seq Scan');
    // The planner knows each rollup's rows and its days (without statistics it guesses, and on a
    // larger history the guess is a scan of every row).
    const { rows: stats } = await env.pool.query<{ table: string; rows: number; days: boolean }>(
      `SELECT c.relname AS table, c.reltuples::int AS rows,
              EXISTS (SELECT 1 FROM pg_stats s WHERE s.schemaname = 'reporting'
                        AND s.tablename = c.relname AND s.attname = 'day') AS days
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'reporting' AND c.relname IN ('report_day_items', 'report_day_students')
        ORDER BY c.relname`,
    );
    expect(stats).toEqual([
      { table: 'report_day_items', rows: expect.any(Number), days: true },
      { table: 'report_day_students', rows: expect.any(Number), days: true },
    ]);
    for (const { rows: counted } of stats) expect(counted).toBeGreaterThan(ORDERS / 2);
  });
});
