/**
 * The only place that writes the read model's order rows and lines. Whether an event changes
 * anything (versions, tombstones) is decided by order-state-rule.ts; this file stores the outcome.
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, executeInBatch, type Database, type Executor } from '@lr/nest-kit';
import type { OrderEventSnapshot } from '@lr/contracts';
import { reportOrderLines, reportOrders } from '../db/schema.js';
import { ordersNamed } from './order-lookup.js';

interface StoredStateRow extends Record<string, unknown> {
  order_id: string;
  version: number;
  deleted: boolean;
}

export interface StoredOrderState {
  version: number;
  deleted: boolean;
}

/** What to store for one order: its snapshot and the state the rule decided. */
export interface OrderWrite extends StoredOrderState {
  order: OrderEventSnapshot;
}

/** Orders per statement: bounds the size of one statement's JSON during a rebuild. */
const ORDERS_PER_STATEMENT = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/**
 * Who the order was for, as far as the report may know: the fingerprint orders put in the event.
 * An event written before fingerprints existed counts as a student of its own.
 */
export function studentKeyOf(order: OrderEventSnapshot): string {
  return order.studentFingerprint ?? `order-${order.id}`;
}

function orderRow(order: OrderEventSnapshot, version: number, deleted: boolean) {
  return {
    order_id: order.id,
    version,
    order_number: order.orderNumber,
    user_id: order.userId,
    school_name: order.userName,
    student_key: studentKeyOf(order),
    status: order.status,
    created_at: order.createdAt,
    delivered_at: order.deliveredAt,
    deleted,
  };
}

function lineRows(order: OrderEventSnapshot) {
  return order.lines.map((line, position) => ({
    order_id: order.id,
    line_id: line.lineId,
    position,
    product_id: line.productId,
    name: line.name,
    category: line.category,
    sub_category: line.subCategory,
    size: line.size,
    quantity: line.quantity,
    requested_quantity: line.requestedQuantity,
  }));
}

@Injectable()
export class ReadModelRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  /** Stored states of these orders; `lock` holds their rows until the transaction ends. */
  async storedStates(
    exec: Executor,
    orderIds: readonly string[],
    { lock }: { lock: boolean },
  ): Promise<Map<string, StoredOrderState>> {
    if (orderIds.length === 0) return new Map();
    // Prepared only in a consumer batch (see `write`).
    const { rows } = lock
      ? await executeInBatch<StoredStateRow>(
          exec,
          'reporting.stored-states-locked',
          sql`SELECT o.order_id, o.version, o.deleted FROM ${ordersNamed(orderIds)} o
              FOR UPDATE OF o`,
        )
      : await executeInBatch<StoredStateRow>(
          exec,
          'reporting.stored-states',
          sql`SELECT o.order_id, o.version, o.deleted FROM ${ordersNamed(orderIds)} o`,
        );
    return new Map(
      rows.map((row) => [row.order_id, { version: row.version, deleted: row.deleted }]),
    );
  }

  /**
   * Stores each order as given: a snapshot replaces the row, and its lines where they differ; a
   * tombstone keeps the row (flagged deleted, with its version) and drops the lines. One named
   * statement per chunk, the rows passed as JSON: live events write a batch at a time, and
   * building a multi-row INSERT through the query builder cost more CPU than the database spent on
   * it. A line already stored as the snapshot has it is left as it is: most events change an
   * order's status, not its lines, and a rewritten line is a dead row and new index entries.
   * Prepared only inside a consumer batch (`executeInBatch`), whose plans are index lookups: a plan
   * kept from elsewhere, made while the read model was small, could scan every stored line for as
   * long as it is kept.
   */
  async write(exec: Executor, writes: readonly OrderWrite[]): Promise<void> {
    for (const chunk of chunks(writes, ORDERS_PER_STATEMENT)) {
      const orders = chunk.map((w) => orderRow(w.order, w.version, w.deleted));
      const lines = chunk.filter((w) => !w.deleted).flatMap((w) => lineRows(w.order));
      await executeInBatch(
        exec,
        'reporting.write-orders',
        sql`
        WITH incoming AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(orders)}::jsonb) AS o(
            order_id uuid, version integer, order_number text, user_id uuid, school_name text,
            student_key text, status text, created_at timestamptz,
            delivered_at timestamptz, deleted boolean)
        ), incoming_lines AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS l(
            order_id uuid, line_id uuid, position integer, product_id uuid, name text,
            category text, sub_category text, size text, quantity integer,
            requested_quantity integer)
        ), upserted AS (
          INSERT INTO reporting.report_orders AS r
            (order_id, version, order_number, user_id, school_name, student_key,
             status, created_at, delivered_at, deleted)
          SELECT order_id, version, order_number, user_id, school_name, student_key,
                 status, created_at, delivered_at, deleted
          FROM incoming
          ON CONFLICT (order_id) DO UPDATE SET
            version = excluded.version, order_number = excluded.order_number,
            user_id = excluded.user_id, school_name = excluded.school_name,
            student_key = excluded.student_key,
            status = excluded.status, created_at = excluded.created_at,
            delivered_at = excluded.delivered_at, deleted = excluded.deleted, updated_at = now()
        ), upserted_lines AS (
          -- Each line found by its key (the conflict's index lookup, whatever the planner thinks
          -- of the JSON), and written only if it differs from the snapshot's.
          INSERT INTO reporting.report_order_lines AS s
            (order_id, line_id, position, product_id, name, category, sub_category, size,
             quantity, requested_quantity)
          SELECT * FROM incoming_lines
          ON CONFLICT (order_id, line_id) DO UPDATE SET
            position = excluded.position, product_id = excluded.product_id,
            name = excluded.name, category = excluded.category,
            sub_category = excluded.sub_category, size = excluded.size,
            quantity = excluded.quantity, requested_quantity = excluded.requested_quantity
          WHERE (s.position, s.product_id, s.name, s.category, s.sub_category, s.size,
                 s.quantity, s.requested_quantity)
            IS DISTINCT FROM (excluded.position, excluded.product_id, excluded.name,
                 excluded.category, excluded.sub_category, excluded.size, excluded.quantity,
                 excluded.requested_quantity)
        )
        -- The lines the snapshots no longer have (all of a tombstone's). The orders' lines found
        -- by ANY(ARRAY(...)), not a join with incoming: the planner guesses 100 rows for any
        -- jsonb_to_recordset and then scans every stored line per batch (O(read model) per
        -- event). A line's id is unique across orders, so the ids alone say which lines stay.
        DELETE FROM reporting.report_order_lines AS l
        WHERE l.order_id = ANY(ARRAY(SELECT order_id FROM incoming))
          AND NOT EXISTS (SELECT 1 FROM incoming_lines AS i WHERE i.line_id = l.line_id)`,
      );
    }
  }

  /** Empties the read model (rebuild); runs inside the rebuild's transaction. */
  async clear(exec: Executor): Promise<void> {
    // DELETE rather than TRUNCATE: readers keep seeing the old figures until the rebuild commits.
    await exec.delete(reportOrderLines);
    await exec.delete(reportOrders);
  }

  async countLiveOrders(exec: Executor = this.db): Promise<number> {
    const result = await exec.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM ${reportOrders} WHERE NOT ${reportOrders.deleted}`,
    );
    return result.rows[0]?.count ?? 0;
  }
}
