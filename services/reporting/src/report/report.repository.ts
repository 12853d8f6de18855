/**
 * The report's figures, summed from the rollups rather than from every order line: the all-time
 * ones for the default report with no range, the day ones for a range. Only studentsHelped over a
 * range needs a distinct count, over (day, person) rows.
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '@lr/nest-kit';
import { LIMITS, type Category, type RankedName, type ReportRange } from '@lr/contracts';
import { daysIn, mondayOf } from './report-range.js';

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

const MS_PER_HOUR = 3_600_000;

/**
 * Ties are broken by name, case-insensitively, in code-point order: the same order on every server
 * whatever its locale (a locale collation would ignore punctuation on one machine and not another).
 */

/** With no range the rankings and students come from the all-time rollups (a few hundred rows). */
function allTime(range: ReportRange): boolean {
  return !range.from && !range.to;
}

@Injectable()
export class ReportRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async totals(range: ReportRange): Promise<ReportTotals> {
    const days = daysIn(range);
    const [totals, students] = await Promise.all([
      this.db.execute<Omit<ReportTotals, 'studentsHelped'>>(sql`
        SELECT COALESCE(sum(orders), 0)::int AS "ordersReceived",
               COALESCE(sum(fulfilled), 0)::int AS "ordersFulfilled",
               -- the average in whole hours, rounded to the nearest (docs/adr/0015-report-figures.md)
               COALESCE(round(sum(fulfilment_ms)::numeric / NULLIF(sum(fulfilled), 0) / ${sql.raw(String(MS_PER_HOUR))}), 0)::int
                 AS "averageFulfilmentHours",
               COALESCE(sum(items), 0)::int AS "itemsFulfilled"
        FROM reporting.report_day_totals
        WHERE ${days}`),
      this.db.execute<{ studentsHelped: number }>(
        allTime(range)
          ? sql`SELECT count(*)::int AS "studentsHelped" FROM reporting.report_student_totals WHERE orders > 0`
          : sql`SELECT count(DISTINCT person)::int AS "studentsHelped"
                FROM reporting.report_day_students
                WHERE ${days} AND orders > 0`,
      ),
    ]);
    const row = totals.rows[0];
    return {
      ordersReceived: row?.ordersReceived ?? 0,
      ordersFulfilled: row?.ordersFulfilled ?? 0,
      averageFulfilmentHours: row?.averageFulfilmentHours ?? 0,
      itemsFulfilled: row?.itemsFulfilled ?? 0,
      studentsHelped: students.rows[0]?.studentsHelped ?? 0,
    };
  }

  /** Item names by the number of orders they appear in; ties by name. */
  async topItems(range: ReportRange): Promise<RankedName[]> {
    const source = allTime(range)
      ? sql`SELECT name, orders FROM reporting.report_item_totals`
      : sql`SELECT name, orders FROM reporting.report_day_items WHERE ${daysIn(range)}`;
    const result = await this.db.execute<RankedName>(sql`
      SELECT name, sum(orders)::int AS count
      FROM (${source}) items
      GROUP BY name
      HAVING sum(orders) > 0
      ORDER BY count DESC, lower(name) COLLATE "C", name COLLATE "C"
      LIMIT ${LIMITS.reportTopN}`);
    return result.rows;
  }

  /** Schools (by name at the time of the order) by number of orders; ties by name. */
  async topSchools(range: ReportRange): Promise<RankedName[]> {
    const source = allTime(range)
      ? sql`SELECT school, orders FROM reporting.report_school_totals`
      : sql`SELECT school, orders FROM reporting.report_day_schools WHERE ${daysIn(range)}`;
    const result = await this.db.execute<RankedName>(sql`
      SELECT school AS name, sum(orders)::int AS count
      FROM (${source}) schools
      GROUP BY school
      HAVING sum(orders) > 0
      ORDER BY count DESC, lower(school) COLLATE "C", school COLLATE "C"
      LIMIT ${LIMITS.reportTopN}`);
    return result.rows;
  }

  /** Orders received per week of creation. */
  async weeklyReceived(range: ReportRange): Promise<WeeklyCountRow[]> {
    const result = await this.db.execute<WeeklyCountRow>(sql`
      SELECT to_char(weeks.week, 'YYYY-MM-DD') AS week, weeks.count FROM (
        SELECT ${mondayOf(sql`day`)} AS week, sum(orders)::int AS count
        FROM reporting.report_day_totals
        WHERE ${daysIn(range)}
        GROUP BY 1 HAVING sum(orders) > 0) weeks
      ORDER BY weeks.week`);
    return result.rows;
  }

  /** Fulfilled orders (created in the range) per week of delivery. */
  async weeklyFulfilled(range: ReportRange): Promise<WeeklyCountRow[]> {
    const result = await this.db.execute<WeeklyCountRow>(sql`
      SELECT to_char(weeks.week, 'YYYY-MM-DD') AS week, weeks.count FROM (
        SELECT ${mondayOf(sql`delivered_day`)} AS week, sum(orders)::int AS count
        FROM reporting.report_day_deliveries
        WHERE ${daysIn(range)}
        GROUP BY 1 HAVING sum(orders) > 0) weeks
      ORDER BY weeks.week`);
    return result.rows;
  }

  /** Given quantities per week of order creation and category (weeks sum to itemsFulfilled). */
  async weeklyItemsByCategory(range: ReportRange): Promise<WeeklyCategoryRow[]> {
    const result = await this.db.execute<WeeklyCategoryRow>(sql`
      SELECT to_char(weeks.week, 'YYYY-MM-DD') AS week, weeks.category, weeks.quantity FROM (
        SELECT ${mondayOf(sql`day`)} AS week, category, sum(quantity)::int AS quantity
        FROM reporting.report_day_categories
        WHERE ${daysIn(range)}
        GROUP BY 1, 2
        HAVING sum(quantity) > 0) weeks
      ORDER BY weeks.week, weeks.category`);
    return result.rows;
  }
}
