/** The only place with SQL over many orders: the newest-first walk, the console's list, counts. */
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
import type { OrderConsoleListInput, OrderStatus } from '@lr/contracts';
import {
  DATABASE,
  escapeLike,
  isUuid,
  likeContaining,
  type Database,
  type Executor,
} from '@lr/nest-kit';
import { orders } from '../db/schema.js';
import { parseOrderNumber } from './order-number.js';
import { OrderReadsRepository, type OrderWithLines } from './order-reads.repository.js';

/** Where a newest-first walk stands: the last order it returned. */
export interface OrderKeyset {
  /** UTC, microseconds included: `2026-01-31T12:00:00.123456Z`. */
  createdAt: string;
  orderNumber: number;
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
export class OrderListsRepository {
  constructor(
    @Inject(DATABASE) readonly db: Database,
    private readonly reads: OrderReadsRepository,
  ) {}

  /** How many orders are in each status (the orders-by-status metric, sampled at scrape time). */
  async countByStatus(): Promise<{ status: OrderStatus; count: number }[]> {
    const rows = await this.db
      .select({ status: orders.status, count: count() })
      .from(orders)
      .groupBy(orders.status);
    return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
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
    const withLines = await this.reads.withLines(
      exec,
      rows.map((row) => row.order),
    );
    return withLines.map((item, i) => ({
      ...item,
      keyset: { createdAt: rows[i]?.createdAtText ?? '', orderNumber: item.order.orderNumber },
    }));
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
    return { items: await this.reads.withLines(exec, rows), total: totalRow?.n ?? 0 };
  }

  private consoleWhere(filter: OrderConsoleListInput['filter']): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (filter.status !== undefined) {
      const statuses = Array.isArray(filter.status) ? filter.status : [filter.status];
      conditions.push(statuses.length > 0 ? inArray(orders.status, statuses) : sql`false`);
    }
    if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
    if (filter.school) {
      const pattern = likeContaining(filter.school);
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
      const schoolPattern = likeContaining(filter.q);
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
