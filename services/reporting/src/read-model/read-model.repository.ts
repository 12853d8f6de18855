/**
 * The only place that writes the read model. Every write is guarded by the order's version so that
 * applying events twice, or an older event after a newer one, changes nothing.
 */
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { DATABASE, type Database, type Executor } from '@lr/nest-kit';
import type { OrderSnapshot } from '@lr/contracts';
import { reportOrderLines, reportOrders } from '../db/schema.js';

type OrderRowValues = typeof reportOrders.$inferInsert;

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

  /**
   * Stores the snapshot when it is newer than the stored one and the order is not a tombstone.
   * Returns false when the snapshot was stale (nothing changed).
   */
  async upsertSnapshot(exec: Executor, order: OrderSnapshot, version: number): Promise<boolean> {
    const values = orderRowValues(order, version, false);
    const { orderId: _id, ...changes } = values;
    const written = await exec
      .insert(reportOrders)
      .values(values)
      .onConflictDoUpdate({
        target: reportOrders.orderId,
        set: { ...changes, updatedAt: sql`now()` },
        setWhere: sql`${reportOrders.version} < excluded.version AND NOT ${reportOrders.deleted}`,
      })
      .returning({ orderId: reportOrders.orderId });
    if (written.length === 0) return false;

    await exec.delete(reportOrderLines).where(eq(reportOrderLines.orderId, order.id));
    if (order.lines.length > 0) {
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
    return true;
  }

  /**
   * Turns the order into a tombstone: deletion is final, so it wins over any version, and the
   * stored version only grows. Lines are dropped; they no longer count anywhere.
   * Returns false when the order was already a tombstone.
   */
  async markDeleted(exec: Executor, order: OrderSnapshot, version: number): Promise<boolean> {
    const written = await exec
      .insert(reportOrders)
      .values(orderRowValues(order, version, true))
      .onConflictDoUpdate({
        target: reportOrders.orderId,
        set: {
          deleted: true,
          version: sql`GREATEST(${reportOrders.version}, excluded.version)`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`NOT ${reportOrders.deleted}`,
      })
      .returning({ orderId: reportOrders.orderId });
    if (written.length === 0) return false;
    await exec.delete(reportOrderLines).where(eq(reportOrderLines.orderId, order.id));
    return true;
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
