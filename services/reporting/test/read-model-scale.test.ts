/**
 * Applying a batch of events costs in proportion to the batch, not to the read model: with
 * thousands of stored orders, writing a few orders and their rollups reads the stored lines and
 * orders through their indexes, never by scanning the tables. (A join with the incoming JSON once
 * made PostgreSQL scan every stored line per batch: it guesses 100 rows for any jsonb_to_recordset.)
 */
import { sql } from 'drizzle-orm';
import { createDatabase } from '@lr/nest-kit';
import type { TestEnv } from '@lr/testing';
import { ReadModelRepository } from '../src/read-model/read-model.repository.js';
import { RollupsRepository } from '../src/read-model/rollups.repository.js';
import { newOrder } from './support/order-events.js';
import { startReporting } from './support/reporting-env.js';

const STORED_ORDERS = 5000;

describe('reporting read model at scale', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await startReporting();
    // Thousands of stored orders with two lines each, written straight in SQL (fast) and NOT
    // analysed: the plans must use the indexes without statistics too (autovacuum may be off, as on
    // the development machine, or not have run yet after a rebuild).
    await env.pool.query(
      `INSERT INTO reporting.report_orders
         (order_id, version, order_number, user_id, school_name, teacher_name, receiving_person,
          status, created_at)
       SELECT gen_random_uuid(), 1, 'LR-' || n, gen_random_uuid(), 'School ' || (n % 40),
              'Ms Teacher', 'S' || n || '_9_Female', 'Processing', now() - n * interval '1 minute'
       FROM generate_series(1, $1) AS n`,
      [STORED_ORDERS],
    );
    await env.pool.query(
      `INSERT INTO reporting.report_order_lines
         (order_id, line_id, position, product_id, name, category, sub_category, size, quantity,
          requested_quantity)
       SELECT o.order_id, gen_random_uuid(), p, gen_random_uuid(), 'Hoodie ' || p, 'Clothing',
              'Unisex adult sizing', 'M', 1, 1
       FROM reporting.report_orders o CROSS JOIN generate_series(0, 1) AS p`,
    );
  });
  afterAll(() => env.close());

  it('writes batches of orders and their rollups without scanning the stored orders or lines', async () => {
    const db = createDatabase(env.pool);
    const orders = new ReadModelRepository(db);
    const rollups = new RollupsRepository({ REPORT_TIME_ZONE: 'Europe/London' });
    // Seven batches: named statements switch to a generic plan after five runs; both kinds count.
    const batches = Array.from({ length: 7 }, (_, b) =>
      Array.from({ length: 20 }, (_, i) =>
        newOrder({
          school: `Batch School ${i % 3}`,
          student: `B${b}_${i}_10_Male`,
          createdAt: new Date().toISOString(),
          lines: [
            { name: 'Sneakers', category: 'Footwear', quantity: 1 },
            { name: 'Hoodie 0', category: 'Clothing', quantity: 2 },
          ],
        }),
      ),
    );
    const ids = batches.flat().map((order) => order.id);

    const scans = await db.transaction(async (tx) => {
      // This backend's table counters (pg_stat_xact_*: no flush delay). They may still hold
      // counts from earlier statements on the same connection, hence the difference.
      const seqScans = async () => {
        const { rows } = await tx.execute<{ relname: string; seq_scan: string }>(
          sql`SELECT relname, seq_scan FROM pg_stat_xact_user_tables
              WHERE schemaname = 'reporting' AND relname IN ('report_orders', 'report_order_lines')
              ORDER BY relname`,
        );
        return Object.fromEntries(rows.map((row) => [row.relname, Number(row.seq_scan)]));
      };
      const before = await seqScans();
      for (const batch of batches) {
        // As a live batch does: the stored orders' old contributions out, the rows, the new ones in.
        const batchIds = batch.map((order) => order.id);
        await rollups.applyOrders(tx, batchIds, -1);
        await orders.write(
          tx,
          batch.map((order) => ({ order, version: order.version, deleted: false })),
        );
        await rollups.applyOrders(tx, batchIds, 1);
      }
      const after = await seqScans();
      return Object.fromEntries(Object.keys(after).map((t) => [t, after[t]! - (before[t] ?? 0)]));
    });

    expect(scans).toEqual({ report_order_lines: 0, report_orders: 0 });
    // And the batches are stored: 140 orders, 280 lines.
    const { rows } = await env.pool.query<{ lines: number }>(
      'SELECT count(*)::int AS lines FROM reporting.report_order_lines WHERE order_id = ANY($1::uuid[])',
      [ids],
    );
    expect(rows[0]?.lines).toBe(280);
  });
});
