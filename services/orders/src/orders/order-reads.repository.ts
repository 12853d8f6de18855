/** The only place with SQL that reads one order, or given orders, with their lines and history. */
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DATABASE, isUuid, type Database, type Executor } from '@lr/nest-kit';
import {
  orderLines,
  orders,
  orderStatusHistory,
  type OrderHistoryRow,
  type OrderLineRow,
  type OrderRow,
} from '../db/schema.js';
import type { RowVersions } from './recent-orders.js';

export interface OrderWithLines {
  order: OrderRow;
  lines: OrderLineRow[];
  /** The versions of the rows as read (recent-orders.ts), where the read took them. */
  versions?: RowVersions;
}

@Injectable()
export class OrderReadsRepository {
  /**
   * One order with its lines and their row versions in one round trip, built once and run as a
   * named statement (planned once per connection): every order view starts with it, and every
   * status change that does not start from a remembered order.
   */
  private readonly orderWithLines;

  constructor(@Inject(DATABASE) readonly db: Database) {
    this.orderWithLines = db
      .select({
        order: orders,
        line: orderLines,
        orderVersion: sql<string>`"orders"."orders".xmin::text`,
        lineVersion: sql<string | null>`"orders"."order_lines".xmin::text`,
      })
      .from(orders)
      .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orders.id, sql.placeholder('id')))
      .orderBy(asc(orderLines.position))
      .prepare('orders.order-with-lines');
  }

  async findById(
    exec: Executor,
    id: string,
    options: { lock?: boolean } = {},
  ): Promise<OrderRow | null> {
    if (!isUuid(id)) return null;
    const query = exec.select().from(orders).where(eq(orders.id, id));
    const rows = options.lock ? await query.for('update') : await query;
    return rows[0] ?? null;
  }

  async findWithLines(
    exec: Executor,
    id: string,
    options: { lock?: boolean } = {},
  ): Promise<OrderWithLines | null> {
    if (exec === this.db && !options.lock) {
      if (!isUuid(id)) return null;
      const rows = await this.orderWithLines.execute({ id });
      const first = rows[0];
      if (!first) return null;
      const lines: OrderLineRow[] = [];
      const lineVersions: string[] = [];
      for (const row of rows) {
        if (!row.line) continue;
        lines.push(row.line);
        lineVersions.push(row.lineVersion ?? '');
      }
      return {
        order: first.order,
        lines,
        versions: { order: first.orderVersion, lines: lineVersions },
      };
    }
    const order = await this.findById(exec, id, options);
    if (!order) return null;
    const lines = await this.linesOf(exec, [order.id]);
    return { order, lines: lines.get(order.id) ?? [] };
  }

  async findByIdempotencyKey(
    exec: Executor,
    userId: string,
    key: string,
  ): Promise<OrderWithLines | null> {
    const rows = await exec
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    const order = rows[0];
    if (!order) return null;
    const lines = await this.linesOf(exec, [order.id]);
    return { order, lines: lines.get(order.id) ?? [] };
  }

  /** Lines of several orders, by order id, in line order. */
  async linesOf(exec: Executor, orderIds: string[]): Promise<Map<string, OrderLineRow[]>> {
    const byOrder = new Map<string, OrderLineRow[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await exec
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds))
      .orderBy(asc(orderLines.orderId), asc(orderLines.position));
    for (const row of rows) {
      const list = byOrder.get(row.orderId) ?? [];
      list.push(row);
      byOrder.set(row.orderId, list);
    }
    return byOrder;
  }

  /** Each order with its lines. */
  async withLines(exec: Executor, rows: OrderRow[]): Promise<OrderWithLines[]> {
    const lines = await this.linesOf(
      exec,
      rows.map((r) => r.id),
    );
    return rows.map((order) => ({ order, lines: lines.get(order.id) ?? [] }));
  }

  /** The orders with these ids, in the order of `ids` (unknown ids are left out). */
  async findMany(exec: Executor, ids: string[]): Promise<OrderWithLines[]> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    const rows = await exec.select().from(orders).where(inArray(orders.id, valid));
    const position = new Map(valid.map((id, i) => [id, i]));
    rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
    return this.withLines(exec, rows);
  }

  async history(exec: Executor, orderId: string): Promise<OrderHistoryRow[]> {
    return exec
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.id));
  }
}
