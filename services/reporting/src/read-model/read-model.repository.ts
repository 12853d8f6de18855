/**
 * The only place that writes the read model's order rows and lines. Whether an event changes
 * anything (versions, tombstones) is decided by order-state-rule.ts; this file stores the outcome.
 */
import { Inject, Injectable } from '@nestjs/common';
import { inArray, sql } from 'drizzle-orm';
import { DATABASE, type Database, type Executor } from '@lr/nest-kit';
import type { OrderSnapshot } from '@lr/contracts';
import { reportOrderLines, reportOrders } from '../db/schema.js';

type OrderRowValues = typeof reportOrders.$inferInsert;

export interface StoredOrderState {
  version: number;
  deleted: boolean;
}

/** What to store for one order: its snapshot and the state the rule decided. */
export interface OrderWrite extends StoredOrderState {
  order: OrderSnapshot;
}

/** Rows per INSERT, well under PostgreSQL's 65,535 bind parameters. */
const ROWS_PER_STATEMENT = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/** On conflict, every column takes the new value (`excluded` is the row we tried to insert). */
const REPLACE_ORDER_ROW = {
  version: sql`excluded.version`,
  orderNumber: sql`excluded.order_number`,
  userId: sql`excluded.user_id`,
  schoolName: sql`excluded.school_name`,
  teacherName: sql`excluded.teacher_name`,
  receivingPerson: sql`excluded.receiving_person`,
  status: sql`excluded.status`,
  createdAt: sql`excluded.created_at`,
  deliveredAt: sql`excluded.delivered_at`,
  deleted: sql`excluded.deleted`,
  updatedAt: sql`now()`,
};

function orderRowValues(order: OrderSnapshot, version: number, deleted: boolean): OrderRowValues {
  return {
    orderId: order.id,
    version,
    orderNumber: order.orderNumber,
    userId: order.userId,
    schoolName: order.userName,
    teacherName: order.shippingInfo.userLoggedInDesignation,
    receivingPerson: order.shippingInfo.receivingPersonName,
    status: order.status,
    createdAt: order.createdAt,
    deliveredAt: order.deliveredAt,
    deleted,
  };
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
    const query = exec
      .select({
        orderId: reportOrders.orderId,
        version: reportOrders.version,
        deleted: reportOrders.deleted,
      })
      .from(reportOrders)
      .where(inArray(reportOrders.orderId, [...orderIds]));
    const rows = lock ? await query.for('update') : await query;
    return new Map(
      rows.map((row) => [row.orderId, { version: row.version, deleted: row.deleted }]),
    );
  }

  /**
   * Stores each order as given: a snapshot replaces the row and its lines; a tombstone keeps the
   * row (flagged deleted, with its version) and drops the lines.
   */
  async write(exec: Executor, writes: readonly OrderWrite[]): Promise<void> {
    if (writes.length === 0) return;
    for (const chunk of chunks(writes, ROWS_PER_STATEMENT)) {
      await exec
        .insert(reportOrders)
        .values(chunk.map((w) => orderRowValues(w.order, w.version, w.deleted)))
        .onConflictDoUpdate({ target: reportOrders.orderId, set: REPLACE_ORDER_ROW });
    }
    await exec.delete(reportOrderLines).where(
      inArray(
        reportOrderLines.orderId,
        writes.map((w) => w.order.id),
      ),
    );
    const lines = writes
      .filter((w) => !w.deleted)
      .flatMap(({ order }) =>
        order.lines.map((line, position) => ({
          orderId: order.id,
          lineId: line.lineId,
          position,
          productId: line.productId,
          name: line.name,
          category: line.category,
          subCategory: line.subCategory,
          size: line.size,
          quantity: line.quantity,
          requestedQuantity: line.requestedQuantity,
        })),
      );
    for (const chunk of chunks(lines, ROWS_PER_STATEMENT)) {
      await exec.insert(reportOrderLines).values(chunk);
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
