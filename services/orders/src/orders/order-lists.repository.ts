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
  like,
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
import { orderCounts, orderSchools, orders } from '../db/schema.js';
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
      .select({ status: orderCounts.status, count: sql<string>`sum(${orderCounts.orders})` })
      .from(orderCounts)
      .groupBy(orderCounts.status);
    return rows
      .map((r) => ({ status: r.status, count: Number(r.count) }))
      .filter((r) => r.count > 0);
  }

  /**
   * How many orders are in these statuses (all orders without a list), from the counts the
   * orders table's trigger keeps (migration 005): a few rows read whatever the number of orders.
   */
  async countInStatuses(exec: Executor, statuses?: readonly OrderStatus[]): Promise<number> {
    if (statuses && statuses.length === 0) return 0;
    const [row] = await exec
      .select({ n: sql<string | null>`sum(${orderCounts.orders})` })
      .from(orderCounts)
      .where(statuses ? inArray(orderCounts.status, [...statuses]) : undefined);
    return Number(row?.n ?? 0);
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

  /**
   * A page of the console's list by position (react-admin asks for rows `start` to `end`). The
   * total comes first: it says from which end of the list the page is nearer, and the page's order
   * numbers are read from there (a page near the end is a short walk backwards, not a walk over
   * every order before it), from the sort's index alone where one covers the filter (newest first,
   * by status or by school). Only the page's own rows are then read in full.
   */
  async consoleList(
    exec: Executor,
    input: OrderConsoleListInput,
  ): Promise<{ items: OrderWithLines[]; total: number }> {
    const where = await this.consoleWhere(exec, input.filter);
    const total = await this.consoleTotal(exec, input.filter, where);
    const start = input.range.start;
    const end = Math.min(input.range.end, total - 1);
    if (end < start) return { items: [], total };
    const sortField = input.sort?.field ?? 'createdAt';
    const column = SORT_COLUMNS[sortField];
    const ascending = input.sort?.order === 'ASC';
    const rowsAfter = total - 1 - end;
    const fromEnd = rowsAfter < start;
    const walk = ascending !== fromEnd ? asc : desc;
    const numbers = exec
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(where)
      .orderBy(walk(column), walk(orders.orderNumber))
      .limit(end - start + 1)
      .offset(fromEnd ? rowsAfter : start);
    const direction = ascending ? asc : desc;
    const rows = await exec
      .select()
      .from(orders)
      .where(inArray(orders.orderNumber, numbers))
      .orderBy(direction(column), direction(orders.orderNumber));
    return { items: await this.reads.withLines(exec, rows), total };
  }

  /** The list's total: from the status counts when nothing but statuses filters it. */
  private async consoleTotal(
    exec: Executor,
    filter: OrderConsoleListInput['filter'],
    where: SQL | undefined,
  ): Promise<number> {
    const { status, ...others } = filter;
    if (Object.values(others).every((value) => value === undefined)) {
      return this.countInStatuses(
        exec,
        status === undefined ? undefined : Array.isArray(status) ? status : [status],
      );
    }
    const [row] = await exec.select({ n: count() }).from(orders).where(where);
    return row?.n ?? 0;
  }

  private async consoleWhere(
    exec: Executor,
    filter: OrderConsoleListInput['filter'],
  ): Promise<SQL | undefined> {
    const conditions: (SQL | undefined)[] = [];
    if (filter.status !== undefined) {
      const statuses = Array.isArray(filter.status) ? filter.status : [filter.status];
      conditions.push(statuses.length > 0 ? inArray(orders.status, statuses) : sql`false`);
    }
    if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
    if (filter.school) {
      conditions.push(await this.schoolMatch(exec, likeContaining(filter.school)));
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
      const studentMatch = startsLike(
        sql`${orders.shippingInfo} ->> 'receivingPersonName'`,
        `${escapeLike(filter.q)}%`,
      );
      // The one search box of All Orders also finds a school by (part of) its name or login id; an
      // order number is not looked for in school names, where its digits would match by chance.
      conditions.push(
        number === null
          ? or(studentMatch, await this.schoolMatch(exec, likeContaining(filter.q)))
          : or(eq(orders.orderNumber, number), studentMatch),
      );
    }
    const present = conditions.filter((c): c is SQL => c !== undefined);
    return present.length > 0 ? and(...present) : undefined;
  }

  /**
   * Orders whose school name or login id matches `pattern` (ILIKE). The schools come first, from the
   * few hundred that orders name (order_schools, migration 005); their orders are then read by the
   * school index. A school whose every name and login id on its orders matches needs no further
   * check (its orders are counted and paged from the index alone); only a school that also had
   * a name that does not match (renamed since) has its orders checked against the pattern.
   */
  private async schoolMatch(exec: Executor, pattern: string): Promise<SQL> {
    const matches = or(
      ilike(orderSchools.userName, pattern),
      ilike(orderSchools.userLoginId, pattern),
    ) as SQL;
    const schools = await exec
      .select({ userId: orderSchools.userId, always: sql<boolean>`bool_and(${matches})` })
      .from(orderSchools)
      .groupBy(orderSchools.userId)
      .having(sql`bool_or(${matches})`);
    const always = schools.filter((school) => school.always).map((school) => school.userId);
    const sometimes = schools.filter((school) => !school.always).map((school) => school.userId);
    const conditions: SQL[] = [];
    if (always.length > 0) conditions.push(inArray(orders.userId, always));
    if (sometimes.length > 0) {
      conditions.push(
        and(
          inArray(orders.userId, sometimes),
          or(ilike(orders.userName, pattern), ilike(orders.userLoginId, pattern)),
        ) as SQL,
      );
    }
    return conditions.length === 0 ? sql`false` : (or(...conditions) as SQL);
  }

  async countCreatedBetween(exec: Executor, from: Date, to: Date): Promise<number> {
    const [row] = await exec
      .select({ n: count() })
      .from(orders)
      .where(and(gte(orders.createdAt, from), lte(orders.createdAt, to)));
    return row?.n ?? 0;
  }
}

/**
 * `text ILIKE prefixPattern` (a pattern ending in %), with the same test on lower case first, which
 * the text_pattern_ops index of migration 005 answers; whatever ILIKE matches also matches it.
 */
function startsLike(text: SQL, prefixPattern: string): SQL {
  return and(
    like(sql`lower(${text})`, sql`lower(${prefixPattern})`),
    ilike(text, prefixPattern),
  ) as SQL;
}
