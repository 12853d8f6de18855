/**
 * Applying a batch of events costs in proportion to the batch, not to the read model: with
 * thousands of stored orders, writing a few orders and their rollups reads the stored lines and
 * orders through their indexes, never by scanning the tables nor by walking a whole index.
 *
 * Two ways this went wrong: a join with the incoming JSON made PostgreSQL scan every
 * stored line per batch (it guesses 100 rows for any jsonb_to_recordset); and prepared statements
 * kept the plan they got while the read model was empty (a scan is right for an empty table) for as
 * long as nothing refreshed the statistics, which is forever with autovacuum off, as on the
 * development machine; and, with scans priced out, a join from the list of ids let the planner
 * walk a partial index holding every stored order (`WHERE NOT deleted`) instead; and so did the
 * condition `order_id = ANY(ids) AND NOT deleted` in the one plan kept for batches of a hundred
 * orders, made while the model was empty. A live batch's statements are prepared now, inside the
 * consumer's batch transaction, whose plans are index lookups (executeInBatch in nest-kit), and
 * read their orders from a subquery by primary key alone (order-lookup.ts). So this test applies
 * the batches as the live consumer does, on one connection, plans on an empty read model first
 * with batches of a hundred orders, never analyses, and checks that the statements it ran were the
 * prepared ones.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import {
  createDatabase,
  recordInTransaction,
  type Database,
  type DurableConsumerOptions,
} from '@lr/nest-kit';
import type { OrderSnapshot } from '@lr/contracts';
import { events, newOrder, nextVersion, type TestEnv } from '@lr/testing';
import { OrderEventApplier } from '../src/read-model/order-events.applier.js';
import type { OrderEvent } from '../src/read-model/order-state-rule.js';
import { ReadModelRepository } from '../src/read-model/read-model.repository.js';
import { RollupsRepository } from '../src/read-model/rollups.repository.js';
import { ImpactRollupsRepository } from '../src/read-model/impact-rollups.repository.js';
import { DemandRequestedRepository } from '../src/read-model/demand-requested.repository.js';
import { startReporting } from './support/reporting-env.js';

const STORED_ORDERS = 30_000;

/** Rows of `report_order_lines` a batch inserted, updated and deleted. */
interface LineWrites {
  inserted: number;
  updated: number;
  deleted: number;
}

/** What the kit's transaction needs of a consumer: where it records the events it processed. */
const SCALE_CONSUMER: DurableConsumerOptions = {
  name: 'reporting-scale-test',
  stream: 'ORDERS',
  subjects: [],
  schema: 'reporting',
};

/**
 * Seven batches (prepared statements may switch to a generic plan after five runs), each placing
 * `perBatch` new orders and moving the previous batch's orders on to Printed.
 */
function batchesOfEvents(
  label: string,
  perBatch: number,
): { placed: OrderSnapshot[]; batches: OrderEvent[][] } {
  const placed = Array.from({ length: 7 }, (_, b) =>
    Array.from({ length: perBatch }, (_, i) =>
      newOrder({
        school: `Batch School ${i % 3}`,
        student: `${label}${b}_${i}_10_Male`,
        createdAt: new Date().toISOString(),
        lines: [
          { name: 'Sneakers', category: 'Footwear', quantity: 1 },
          { name: 'Hoodie 0', category: 'Clothing', quantity: 2 },
        ],
      }),
    ),
  );
  const batches = placed.map((orders, b) => [
    ...orders.map(events.placed),
    ...(placed[b - 1] ?? []).map((order) =>
      events.statusChanged(nextVersion(order, { status: 'Printed' }), 'Processing'),
    ),
  ]);
  return { placed: placed.flat(), batches: batches as OrderEvent[][] };
}

describe('reporting read model at scale', () => {
  let env: TestEnv;
  let pool: pg.Pool;
  let db: Database;

  /**
   * Applies the batches as live events are, each in a consumer batch's transaction; returns the
   * sequential scans they caused per table, and per table the most index entries one batch read
   * per order it named (a walk of a whole index reads every stored order's or line's).
   */
  async function applyBatches(batches: OrderEvent[][]): Promise<{
    scans: Record<string, number>;
    entriesPerOrder: Record<string, number>;
    lineWrites: LineWrites;
  }> {
    const applier = new OrderEventApplier(
      new ReadModelRepository(db),
      new RollupsRepository({ REPORT_TIME_ZONE: 'Europe/London' }),
      new ImpactRollupsRepository({ REPORT_TIME_ZONE: 'Europe/London' }),
      new DemandRequestedRepository(),
    );
    const scans = { report_order_lines: 0, report_orders: 0 };
    const lineWrites: LineWrites = { inserted: 0, updated: 0, deleted: 0 };
    const entriesPerOrder = { report_order_lines: 0, report_orders: 0 };
    for (const batch of batches) {
      await recordInTransaction(db, SCALE_CONSUMER, batch, async (tx) => {
        // This transaction's table counters (pg_stat_xact_*: no flush delay).
        const tableCounters = async () => {
          const { rows } = await tx.execute<
            { relname: keyof typeof scans; seq_scan: string } & Record<keyof LineWrites, string>
          >(
            sql`SELECT relname, seq_scan, n_tup_ins AS inserted, n_tup_upd AS updated,
                       n_tup_del AS deleted
                FROM pg_stat_xact_user_tables
                WHERE schemaname = 'reporting' AND relname IN ('report_orders', 'report_order_lines')`,
          );
          return new Map(rows.map((row) => [row.relname, row]));
        };
        const entriesRead = async () => {
          const { rows } = await tx.execute<{ relname: keyof typeof scans; read: string }>(
            // Entries returned by each table's indexes in this transaction (no pg_stat_xact view
            // has them per index; the function does).
            sql`SELECT c.relname, coalesce(sum(pg_stat_get_xact_tuples_returned(i.indexrelid)), 0) AS read
                FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
                WHERE i.indrelid IN ('reporting.report_orders'::regclass,
                                     'reporting.report_order_lines'::regclass)
                GROUP BY c.relname`,
          );
          return new Map(rows.map((row) => [row.relname, Number(row.read)]));
        };
        const before = await tableCounters();
        const entriesBefore = await entriesRead();
        await applier.applyLive(tx, batch);
        const after = await tableCounters();
        const moved = (table: keyof typeof scans, counter: 'seq_scan' | keyof LineWrites) =>
          Number(after.get(table)?.[counter] ?? 0) - Number(before.get(table)?.[counter] ?? 0);
        for (const kind of Object.keys(lineWrites) as (keyof LineWrites)[])
          lineWrites[kind] += moved('report_order_lines', kind);
        for (const table of Object.keys(scans) as (keyof typeof scans)[])
          scans[table] += moved(table, 'seq_scan');
        const named = new Set(batch.map((event) => event.data.order.id)).size;
        const entriesAfter = await entriesRead();
        for (const table of Object.keys(entriesPerOrder) as (keyof typeof entriesPerOrder)[])
          entriesPerOrder[table] = Math.max(
            entriesPerOrder[table],
            ((entriesAfter.get(table) ?? 0) - (entriesBefore.get(table) ?? 0)) / named,
          );
      });
    }
    return { scans, entriesPerOrder, lineWrites };
  }

  /** The statements this connection prepared, with how often each was planned afresh or not. */
  async function preparedStatements(): Promise<Map<string, { custom: number; generic: number }>> {
    const { rows } = await pool.query<{ name: string; custom: number; generic: number }>(
      `SELECT name, custom_plans::int AS custom, generic_plans::int AS generic
       FROM pg_prepared_statements WHERE name LIKE 'reporting.%'`,
    );
    return new Map(rows.map((row) => [row.name, { custom: row.custom, generic: row.generic }]));
  }

  beforeAll(async () => {
    env = await startReporting();
    // One connection, so that what it planned on the empty model is what it uses later.
    pool = new pg.Pool({ connectionString: env.database.url, max: 1 });
    db = createDatabase(pool);
  });
  afterAll(async () => {
    await pool.end();
    await env.close();
  });

  it('writes batches of orders and their rollups without scanning the stored orders or lines', async () => {
    // The service starts on an empty read model, and its first batches are large, as when schools
    // order together: a hundred orders a batch, for which PostgreSQL prefers one plan for all
    // batches (generic) to planning each. Given the chance, that plan walks a partial index,
    // cheap while the model is empty, and keeps doing so as the model grows ...
    await applyBatches(batchesOfEvents('early', 100).batches);
    // ... which then grows to thousands of orders with two lines each (written straight in SQL,
    // fast, and not analysed).
    await env.pool.query(
      `INSERT INTO reporting.report_orders
         (order_id, version, order_number, user_id, school_name, student_key,
          status, created_at)
       SELECT gen_random_uuid(), 1, 'LR-' || n, gen_random_uuid(), 'School ' || (n % 40),
              'student-' || n, 'Processing', now() - n * interval '1 minute'
       FROM generate_series(1, $1) AS n`,
      [STORED_ORDERS],
    );
    await env.pool.query(
      `INSERT INTO reporting.report_order_lines
         (order_id, line_id, position, product_id, name, category, sub_category, size, quantity,
          requested_quantity)
       SELECT o.order_id, gen_random_uuid(), p, gen_random_uuid(), 'Hoodie ' || p, 'Clothing',
              'Unisex adult sizing', 'M', 1, 1
       FROM reporting.report_orders o CROSS JOIN generate_series(0, 1) AS p
       WHERE o.school_name LIKE 'School %'`,
    );

    // Nor by walking a whole index of the stored orders: each statement of a batch finds each of
    // its orders by key (a handful of statements read an order each, not 30,000 orders).
    const later = batchesOfEvents('later', 20);
    const { scans, entriesPerOrder, lineWrites } = await applyBatches(later.batches);
    expect(scans).toEqual({ report_order_lines: 0, report_orders: 0 });
    expect(entriesPerOrder.report_orders).toBeLessThan(20);
    expect(entriesPerOrder.report_order_lines).toBeLessThan(20);
    // The placed orders' lines were written once; a status change leaves its order's lines be.
    expect(lineWrites).toEqual({ inserted: 280, updated: 0, deleted: 0 });

    // Those were the prepared statements, parsed once on the empty model and run fourteen times
    // since; the rollups and the orders' rows by one plan kept across batches.
    const prepared = await preparedStatements();
    for (const name of [
      'reporting.stored-states-locked',
      'reporting.write-orders',
      'reporting.rollups-of-orders',
      'reporting.impact-rollups-of-orders',
      'reporting.demand-of-orders',
    ]) {
      const plans = prepared.get(name);
      const runs = (plans?.custom ?? 0) + (plans?.generic ?? 0);
      expect([name, runs >= 14]).toEqual([name, true]);
    }
    expect(prepared.get('reporting.rollups-of-orders')?.generic).toBeGreaterThan(0);
    expect(prepared.get('reporting.stored-states-locked')?.generic).toBeGreaterThan(0);

    // And the batches are stored: 140 orders with 280 lines, all but the last 20 Printed.
    const { rows } = await env.pool.query<{ status: string; orders: number; lines: number }>(
      `SELECT o.status, count(DISTINCT o.order_id)::int AS orders, count(*)::int AS lines
       FROM reporting.report_orders o JOIN reporting.report_order_lines l USING (order_id)
       WHERE o.order_id = ANY($1::uuid[]) GROUP BY o.status ORDER BY o.status`,
      [later.placed.map((order) => order.id)],
    );
    expect(rows).toEqual([
      { status: 'Printed', orders: 120, lines: 240 },
      { status: 'Processing', orders: 20, lines: 40 },
    ]);

    // Given quantities change only the lines they change; a deleted order loses its lines.
    const lastPlaced = later.placed.slice(-20);
    const reduced = lastPlaced.slice(0, 5).map((order) => ({
      before: order,
      after: nextVersion(order, {
        lines: order.lines.map((line, i) => (i === 0 ? { ...line, quantity: 0 } : line)),
      }),
    }));
    const removed = lastPlaced.slice(5, 10);
    const adjustments = await applyBatches([
      [
        ...reduced.map(({ before, after }) => events.itemsAdjusted(after, before)),
        ...removed.map((order) => events.deleted(nextVersion(order, {}))),
      ] as OrderEvent[],
    ]);
    expect(adjustments.lineWrites).toEqual({ inserted: 0, updated: 5, deleted: 10 });
    const stored = await env.pool.query<{ order_id: string; quantities: number[] }>(
      `SELECT order_id, array_agg(quantity ORDER BY position) AS quantities
       FROM reporting.report_order_lines WHERE order_id = ANY($1::uuid[]) GROUP BY order_id`,
      [[...reduced.map(({ after }) => after.id), ...removed.map((order) => order.id)]],
    );
    expect(new Map(stored.rows.map((row) => [row.order_id, row.quantities]))).toEqual(
      new Map(reduced.map(({ after }) => [after.id, after.lines.map((line) => line.quantity)])),
    );
    expect(reduced[0]?.after.lines.map((line) => line.quantity)).toEqual([0, 2]);
  });
});
