/** The only place with SQL for orders, their lines and their status history. */
import { Inject, Injectable } from '@nestjs/common';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  DATABASE,
  executeNamed,
  type Database,
  type Executor,
  type OutboxWriter,
  type RecordedReplies,
  type ReplyKey,
} from '@lr/nest-kit';
import type {
  EventEnvelope,
  OrderConsoleListInput,
  OrderStatus,
  ShippingInfo,
} from '@lr/contracts';
import {
  orderLines,
  orders,
  orderStatusHistory,
  type OrderHistoryRow,
  type OrderLineRow,
  type OrderRow,
} from '../db/schema.js';
import { isUuid, parseOrderNumber } from './order-number.js';

/** Where a newest-first walk stands: the last order it returned. */
export interface OrderKeyset {
  /** UTC, microseconds included: `2026-01-31T12:00:00.123456Z`. */
  createdAt: string;
  orderNumber: number;
}

export interface OrderWithLines {
  order: OrderRow;
  lines: OrderLineRow[];
}

export interface NewOrder {
  id: string;
  userId: string;
  userName: string;
  userLoginId: string;
  shippingInfo: ShippingInfo;
  idempotencyKey: string | null;
  lines: Omit<OrderLineRow, 'orderId'>[];
  /** Default now; only the demo seed backdates orders. */
  createdAt?: Date;
}

/** Where a statement writes its events: the outbox (the caller wakes the relay afterwards). */
type OutboxTarget = Pick<OutboxWriter, 'table' | 'insertEvents'>;

/**
 * What `insertPlaced` writes per order; `order.createdAt` is required there (the moment it was
 * accepted).
 */
export interface PlacedOrderInsert {
  order: NewOrder & { createdAt: Date };
  history: Pick<HistoryEntryInput, 'actorId' | 'actorName' | 'quantities'>;
  /** The placed event, its snapshot's order number still to be filled in by the statement. */
  event: EventEnvelope;
}

/** What `applyChange` writes. */
export interface OrderChangeWrite {
  orderId: string;
  expectedVersion: number;
  order: { status: OrderStatus; deliveredAt: Date | null; version: number };
  lineQuantities: { id: string; quantity: number }[];
  history: Omit<HistoryEntryInput, 'orderId' | 'at'> & { at: Date };
  /** In the order they must be published. */
  events: EventEnvelope[];
  outbox: OutboxTarget;
  /** The reply to record with the change (a resent request gets it); none without a key. */
  reply: { key: ReplyKey | null; value: unknown; to: ReplyTarget };
}

/** Where a statement records the reply of the write it makes. */
type ReplyTarget = Pick<RecordedReplies, 'insertSql'>;

export interface HistoryEntryInput {
  orderId: string;
  actorId: string | null;
  actorName: string | null;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  quantities: number[];
  reason: string | null;
  at?: Date;
}

const SORT_COLUMNS = {
  createdAt: orders.createdAt,
  orderNumber: orders.orderNumber,
  orderId: orders.orderNumber,
  status: orders.status,
  orderStatus: orders.status,
  userName: orders.userName,
  deliveredAt: orders.deliveredAt,
} as const;

@Injectable()
export class OrdersRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  /** Runs `work` in one transaction. */
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  /** How many orders are in each status (the orders-by-status metric, sampled at scrape time). */
  async countByStatus(): Promise<{ status: OrderStatus; count: number }[]> {
    const rows = await this.db
      .select({ status: orders.status, count: count() })
      .from(orders)
      .groupBy(orders.status);
    return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
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

  private async withLines(exec: Executor, rows: OrderRow[]): Promise<OrderWithLines[]> {
    const lines = await this.linesOf(
      exec,
      rows.map((r) => r.id),
    );
    return rows.map((order) => ({ order, lines: lines.get(order.id) ?? [] }));
  }

  /**
   * Inserts new Processing orders with their lines, their first history entries and their placed
   * events in ONE statement: atomic without a transaction, one round trip and one commit for the
   * whole group (`GroupWriter` gathers orders placed at the same time). Each event is built
   * before its order number exists, so the statement writes the number it assigned into the event's
   * snapshot (`format_order_number`, migration 002). Numbers, and the events' outbox order, follow
   * the order of `inputs`. Resolves with the order numbers, in that order.
   */
  async insertPlaced(
    exec: Executor,
    inputs: readonly PlacedOrderInsert[],
    outbox: OutboxTarget,
  ): Promise<number[]> {
    if (inputs.length === 0) return [];
    const placed = inputs.map(({ order, history, event }) => ({
      id: order.id,
      user_id: order.userId,
      user_name: order.userName,
      user_login_id: order.userLoginId,
      shipping_info: order.shippingInfo,
      created_at: order.createdAt.toISOString(),
      idempotency_key: order.idempotencyKey,
      actor_id: history.actorId,
      actor_name: history.actorName,
      quantities: history.quantities,
      event_id: event.eventId,
      subject: event.type,
      envelope: event,
    }));
    const lines = inputs.flatMap(({ order }) =>
      order.lines.map((line) => ({
        id: line.id,
        order_id: order.id,
        position: line.position,
        product_id: line.productId,
        name: line.name,
        category: line.category,
        sub_category: line.subCategory,
        size: line.size,
        requested_quantity: line.requestedQuantity,
        quantity: line.quantity,
        image: line.image,
      })),
    );
    const result = await executeNamed<{ id: string; order_number: string }>(
      exec,
      'orders.insert-placed',
      sql`
      WITH incoming AS (
        SELECT * FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(placed)}::jsonb) AS (
          id uuid, user_id uuid, user_name text, user_login_id text, shipping_info jsonb,
          created_at timestamptz, idempotency_key text, actor_id uuid, actor_name text,
          quantities jsonb, event_id uuid, subject text, envelope jsonb))
        WITH ORDINALITY AS i(id, user_id, user_name, user_login_id, shipping_info, created_at,
                             idempotency_key, actor_id, actor_name, quantities, event_id, subject,
                             envelope, n)
      ), new_orders AS (
        INSERT INTO orders.orders
          (id, user_id, user_name, user_login_id, status, shipping_info, created_at, version, idempotency_key)
        SELECT id, user_id, user_name, user_login_id, 'Processing', shipping_info, created_at, 1,
               idempotency_key
        FROM incoming ORDER BY n
        RETURNING id, order_number
      ), new_lines AS (
        INSERT INTO orders.order_lines
          (id, order_id, position, product_id, name, category, sub_category, size, requested_quantity, quantity, image)
        SELECT l.id, l.order_id, l.position, l.product_id, l.name, l.category, l.sub_category, l.size,
               l.requested_quantity, l.quantity, l.image
        FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS l(
          id uuid, order_id uuid, position integer, product_id uuid, name text, category text,
          sub_category text, size text, requested_quantity integer, quantity integer, image text)
      ), new_history AS (
        INSERT INTO orders.order_status_history
          (order_id, at, actor_id, actor_name, from_status, to_status, quantities, reason)
        SELECT id, created_at, actor_id, actor_name, NULL, 'Processing', quantities, NULL
        FROM incoming ORDER BY n
      ), new_events AS (
        INSERT INTO ${outbox.table} (event_id, subject, envelope)
        SELECT i.event_id, i.subject,
               jsonb_set(i.envelope, '{data,order,orderNumber}',
                         to_jsonb(orders.format_order_number(o.order_number)))
        FROM incoming i JOIN new_orders o ON o.id = i.id
        ORDER BY i.n
      )
      SELECT id, order_number FROM new_orders`,
    );
    const numbers = new Map(result.rows.map((row) => [row.id, Number(row.order_number)]));
    return inputs.map(({ order }) => {
      const number = numbers.get(order.id);
      if (number === undefined) throw new Error(`order insert returned no number for ${order.id}`);
      return number;
    });
  }

  /**
   * Writes one processing change in ONE statement, only if the order is still at `expectedVersion`:
   * the order row, changed line quantities, the history entry, the events (in outbox order) and
   * the reply under the request's key. Returns false, having written nothing, when the order changed
   * meanwhile or is gone; a second run of a request whose reply is recorded fails on its key.
   */
  async applyChange(exec: Executor, input: OrderChangeWrite): Promise<boolean> {
    const { order, history, outbox, reply } = input;
    const result = await executeNamed<{ id: string }>(
      exec,
      'orders.apply-change',
      sql`
      WITH changed AS (
        UPDATE orders.orders
        SET status = ${order.status}, delivered_at = ${order.deliveredAt?.toISOString() ?? null}::timestamptz,
            version = ${order.version}
        WHERE id = ${input.orderId} AND version = ${input.expectedVersion}
        RETURNING id
      ), new_quantities AS (
        UPDATE orders.order_lines AS l SET quantity = q.quantity
        FROM jsonb_to_recordset(${JSON.stringify(input.lineQuantities)}::jsonb) AS q(id uuid, quantity integer), changed
        WHERE l.id = q.id AND l.order_id = changed.id
      ), new_history AS (
        INSERT INTO orders.order_status_history
          (order_id, at, actor_id, actor_name, from_status, to_status, quantities, reason)
        SELECT changed.id, ${history.at.toISOString()}::timestamptz, ${history.actorId}::uuid, ${history.actorName},
               ${history.fromStatus}, ${history.toStatus}, ${JSON.stringify(history.quantities)}::jsonb, ${history.reason}
        FROM changed
      ), new_events AS (
        ${outbox.insertEvents(input.events, sql`changed`)}
      ), new_reply AS (
        ${reply.to.insertSql(reply.key, reply.value, sql`changed`)}
      )
      SELECT id FROM changed`,
    );
    return result.rows.length === 1;
  }

  async delete(tx: Executor, id: string): Promise<void> {
    await tx.delete(orders).where(eq(orders.id, id));
  }

  async history(exec: Executor, orderId: string): Promise<OrderHistoryRow[]> {
    return exec
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.id));
  }

  /**
   * One page of the newest-first walk over all orders, or one school's (`userId`): the orders after
   * `after` (a cursor from `keysetOf`) in (created_at DESC, order_number DESC) order.
   */
  async listPage(
    exec: Executor,
    query: { userId?: string; after: OrderKeyset | null; limit: number },
  ): Promise<(OrderWithLines & { keyset: OrderKeyset })[]> {
    const conditions: SQL[] = [];
    if (query.userId) conditions.push(eq(orders.userId, query.userId));
    if (query.after) {
      conditions.push(
        sql`(${orders.createdAt}, ${orders.orderNumber}) < (${query.after.createdAt}::timestamptz, ${query.after.orderNumber})`,
      );
    }
    const rows = await exec
      // As text the timestamp keeps its microseconds, which a Date would lose.
      .select({
        order: orders,
        createdAtText: sql<string>`to_char(${orders.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(orders)
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(query.limit);
    const withLines = await this.withLines(
      exec,
      rows.map((row) => row.order),
    );
    return withLines.map((item, i) => ({
      ...item,
      keyset: { createdAt: rows[i]?.createdAtText ?? '', orderNumber: item.order.orderNumber },
    }));
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

  async consoleList(
    exec: Executor,
    input: OrderConsoleListInput,
  ): Promise<{ items: OrderWithLines[]; total: number }> {
    const where = this.consoleWhere(input.filter);
    const sortField = input.sort?.field ?? 'createdAt';
    const column = SORT_COLUMNS[sortField];
    const direction = input.sort?.order === 'ASC' ? asc : desc;
    const limit = Math.max(0, input.range.end - input.range.start + 1);
    const rows = await exec
      .select()
      .from(orders)
      .where(where)
      .orderBy(direction(column), direction(orders.orderNumber))
      .limit(limit)
      .offset(input.range.start);
    const [totalRow] = await exec.select({ n: count() }).from(orders).where(where);
    return { items: await this.withLines(exec, rows), total: totalRow?.n ?? 0 };
  }

  private consoleWhere(filter: OrderConsoleListInput['filter']): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (filter.status !== undefined) {
      const statuses = Array.isArray(filter.status) ? filter.status : [filter.status];
      conditions.push(statuses.length > 0 ? inArray(orders.status, statuses) : sql`false`);
    }
    if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
    if (filter.school) {
      const pattern = `%${escapeLike(filter.school)}%`;
      conditions.push(or(ilike(orders.userName, pattern), ilike(orders.userLoginId, pattern)));
    }
    if (filter.createdAt_gte)
      conditions.push(gte(orders.createdAt, new Date(filter.createdAt_gte)));
    if (filter.createdAt_lte)
      conditions.push(lte(orders.createdAt, new Date(filter.createdAt_lte)));
    if (filter.id) {
      const ids = filter.id.filter(isUuid);
      conditions.push(ids.length > 0 ? inArray(orders.id, ids) : sql`false`);
    }
    if (filter.q) {
      const number = parseOrderNumber(filter.q);
      // The student id is the part of receivingPersonName before `_<age>_<gender>`.
      const studentMatch = ilike(
        sql`${orders.shippingInfo}->>'receivingPersonName'`,
        `${escapeLike(filter.q)}%`,
      );
      // The one search box of All Orders also finds a school by (part of) its name or login id; an
      // order number is not looked for in school names, where its digits would match by chance.
      const schoolPattern = `%${escapeLike(filter.q)}%`;
      conditions.push(
        number === null
          ? or(
              studentMatch,
              ilike(orders.userName, schoolPattern),
              ilike(orders.userLoginId, schoolPattern),
            )
          : or(eq(orders.orderNumber, number), studentMatch),
      );
    }
    const present = conditions.filter((c): c is SQL => c !== undefined);
    return present.length > 0 ? and(...present) : undefined;
  }

  async countCreatedBetween(exec: Executor, from: Date, to: Date): Promise<number> {
    const [row] = await exec
      .select({ n: count() })
      .from(orders)
      .where(and(gte(orders.createdAt, from), lte(orders.createdAt, to)));
    return row?.n ?? 0;
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
