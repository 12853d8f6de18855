/**
 * The report's figures as SQL aggregates over the read model (never loading orders into memory).
 * Every query is over live orders created in the range (see report-range.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '@lr/nest-kit';
import { LIMITS, type Category, type RankedName, type ReportRange } from '@lr/contracts';
import { liveOrdersIn, weekOf } from './report-range.js';

export type ReportTotals = {
  ordersReceived: number;
  ordersFulfilled: number;
  averageFulfilmentHours: number;
  studentsHelped: number;
  itemsFulfilled: number;
};

export type WeeklyCountRow = {
  week: string;
  count: number;
};

export type WeeklyCategoryRow = {
  week: string;
  category: Category;
  quantity: number;
};

/** Fulfilled = Delivered with both dates (spec 2.7); created_at is never null in the read model. */
const FULFILLED = sql`o.status = 'Delivered' AND o.delivered_at IS NOT NULL`;

@Injectable()
export class ReportRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async totals(range: ReportRange, timeZone: string): Promise<ReportTotals> {
    const where = liveOrdersIn(range, timeZone);
    const [orders, items] = await Promise.all([
      this.db.execute<Omit<ReportTotals, 'itemsFulfilled'>>(sql`
        SELECT count(*)::int AS "ordersReceived",
               count(*) FILTER (WHERE ${FULFILLED})::int AS "ordersFulfilled",
               COALESCE(round(avg(extract(epoch FROM o.delivered_at - o.created_at))
                 FILTER (WHERE ${FULFILLED}) / 3600), 0)::int AS "averageFulfilmentHours",
               count(DISTINCT o.receiving_person)::int AS "studentsHelped"
        FROM reporting.report_orders o
        WHERE ${where}`),
      this.db.execute<{ itemsFulfilled: number }>(sql`
        SELECT COALESCE(sum(l.quantity), 0)::int AS "itemsFulfilled"
        FROM reporting.report_order_lines l
        JOIN reporting.report_orders o ON o.order_id = l.order_id
        WHERE ${where}`),
    ]);
    const row = orders.rows[0];
    return {
      ordersReceived: row?.ordersReceived ?? 0,
      ordersFulfilled: row?.ordersFulfilled ?? 0,
      averageFulfilmentHours: row?.averageFulfilmentHours ?? 0,
      studentsHelped: row?.studentsHelped ?? 0,
      itemsFulfilled: items.rows[0]?.itemsFulfilled ?? 0,
    };
  }

  /** Item names by the number of orders they appear in; ties by name. */
  async topItems(range: ReportRange, timeZone: string): Promise<RankedName[]> {
    const result = await this.db.execute<RankedName>(sql`
      SELECT l.name AS name, count(DISTINCT l.order_id)::int AS count
      FROM reporting.report_order_lines l
      JOIN reporting.report_orders o ON o.order_id = l.order_id
      WHERE ${liveOrdersIn(range, timeZone)}
      GROUP BY l.name
      ORDER BY count DESC, l.name ASC
      LIMIT ${LIMITS.reportTopN}`);
    return result.rows;
  }

  /** Schools (by name at the time of the order) by number of orders; ties by name. */
  async topSchools(range: ReportRange, timeZone: string): Promise<RankedName[]> {
    const result = await this.db.execute<RankedName>(sql`
      SELECT o.school_name AS name, count(*)::int AS count
      FROM reporting.report_orders o
      WHERE ${liveOrdersIn(range, timeZone)}
      GROUP BY o.school_name
      ORDER BY count DESC, o.school_name ASC
      LIMIT ${LIMITS.reportTopN}`);
    return result.rows;
  }

  /** Orders received per week of creation. */
  async weeklyReceived(range: ReportRange, timeZone: string): Promise<WeeklyCountRow[]> {
    const result = await this.db.execute<WeeklyCountRow>(sql`
      SELECT ${weekOf(sql`o.created_at`, timeZone)} AS week, count(*)::int AS count
      FROM reporting.report_orders o
      WHERE ${liveOrdersIn(range, timeZone)}
      GROUP BY 1 ORDER BY 1`);
    return result.rows;
  }

  /** Fulfilled orders (of the range) per week of delivery. */
  async weeklyFulfilled(range: ReportRange, timeZone: string): Promise<WeeklyCountRow[]> {
    const result = await this.db.execute<WeeklyCountRow>(sql`
      SELECT ${weekOf(sql`o.delivered_at`, timeZone)} AS week, count(*)::int AS count
      FROM reporting.report_orders o
      WHERE ${liveOrdersIn(range, timeZone)} AND ${FULFILLED}
      GROUP BY 1 ORDER BY 1`);
    return result.rows;
  }

  /** Given quantities per week of order creation and category (weeks sum to itemsFulfilled). */
  async weeklyItemsByCategory(range: ReportRange, timeZone: string): Promise<WeeklyCategoryRow[]> {
    const result = await this.db.execute<WeeklyCategoryRow>(sql`
      SELECT ${weekOf(sql`o.created_at`, timeZone)} AS week, l.category AS category,
             sum(l.quantity)::int AS quantity
      FROM reporting.report_order_lines l
      JOIN reporting.report_orders o ON o.order_id = l.order_id
      WHERE ${liveOrdersIn(range, timeZone)}
      GROUP BY 1, 2
      HAVING sum(l.quantity) > 0
      ORDER BY 1, 2`);
    return result.rows;
  }
}
