/**
 * The only place that writes the read model's order rows and lines. The decision whether an event
 * changes anything (version guard, tombstones) is the applier's; this file stores what it decided.
 */
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { DATABASE, type Database, type Executor } from '@lr/nest-kit';
import type { OrderSnapshot } from '@lr/contracts';
import { reportOrderLines, reportOrders } from '../db/schema.js';

type OrderRowValues = typeof reportOrders.$inferInsert;

export interface StoredOrderState {
  version: number;
  deleted: boolean;
}

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

  /** The stored version of an order, locking its row (if any) until the transaction ends. */
  async storedState(exec: Executor, orderId: string): Promise<StoredOrderState | undefined> {
    const rows = await exec
      .select({ version: reportOrders.version, deleted: reportOrders.deleted })
      .from(reportOrders)
      .where(eq(reportOrders.orderId, orderId))
      .for('update');
    return rows[0];
  }

  /** Stores the snapshot as the order's current state, lines included. */
  async writeSnapshot(exec: Executor, order: OrderSnapshot, version: number): Promise<void> {
    const values = orderRowValues(order, version, false);
    const { orderId: _id, ...changes } = values;
    await exec
      .insert(reportOrders)
      .values(values)
      .onConflictDoUpdate({
        target: reportOrders.orderId,
        set: { ...changes, updatedAt: sql`now()` },
      });
    await exec.delete(reportOrderLines).where(eq(reportOrderLines.orderId, order.id));
    if (order.lines.length === 0) return;
    await exec.insert(reportOrderLines).values(
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
  }

  /** Turns the order into a tombstone: it stays (with its version) but counts nowhere. */
  async writeTombstone(exec: Executor, order: OrderSnapshot, version: number): Promise<void> {
    await exec
      .insert(reportOrders)
      .values(orderRowValues(order, version, true))
      .onConflictDoUpdate({
        target: reportOrders.orderId,
        set: { deleted: true, version, updatedAt: sql`now()` },
      });
    await exec.delete(reportOrderLines).where(eq(reportOrderLines.orderId, order.id));
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
