/**
 * The rollups: per creation day (migrations/002-day-rollups.sql) and all-time (003). Each rollup is defined ONCE, as the SQL that
 * computes an order set's contribution from the read model; the same statement adds (+1) or removes
 * (-1) one order's contribution on every event, and recomputes everything after a rebuild or a
 * change of time zone, so incremental and recomputed rollups cannot disagree.
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { KIT_CONFIG, executeInBatch, type Executor } from '@lr/nest-kit';
import type { ReportingConfig } from '../config.js';
import { ALL_ORDERS, ordersNamed } from './order-lookup.js';
import { RollupTables } from './rollup-tables.js';

type Sign = 1 | -1;

const ROLLUP_TABLES = [
  'report_day_totals',
  'report_day_items',
  'report_day_schools',
  'report_day_students',
  'report_day_categories',
  'report_day_deliveries',
  'report_item_totals',
  'report_school_totals',
  'report_student_totals',
] as const;

@Injectable()
export class RollupsRepository {
  private readonly timeZone: string;
  private readonly tables: RollupTables;

  constructor(@Inject(KIT_CONFIG) config: Pick<ReportingConfig, 'REPORT_TIME_ZONE'>) {
    this.timeZone = config.REPORT_TIME_ZONE;
    this.tables = new RollupTables(ROLLUP_TABLES, 'rollup_time_zone', this.timeZone);
  }

  /** Adds (+1) or removes (-1) live orders' contributions, as stored in the read model now. */
  async applyOrders(exec: Executor, orderIds: readonly string[], sign: Sign): Promise<void> {
    if (orderIds.length === 0) return;
    // Prepared only in a consumer batch (executeInBatch): a plan kept from anywhere else could be
    // a scan that was right while the read model was small.
    await this.apply(exec, ordersNamed(orderIds), sign, 'reporting.rollups-of-orders');
  }

  /** Empties the rollups and computes them again from the whole read model (RollupTables). */
  async recomputeAll(exec: Executor): Promise<void> {
    await this.tables.clear(exec);
    await this.apply(exec, ALL_ORDERS, 1, 'reporting.rollups-of-all-orders');
    await this.tables.markComputed(exec);
  }

  /** True when the rollups were computed in another time zone (or never). */
  stale(exec: Executor): Promise<boolean> {
    return this.tables.stale(exec);
  }

  /**
   * One statement (data-modifying CTEs) per call: the orders' rows are read once and every rollup
   * is updated from them, one round trip instead of one per rollup. `orders` are the read model's
   * orders whose contributions are applied (order-lookup.ts); `name` is the statement's, one per
   * kind of `orders` (executeInBatch).
   */
  private async apply(exec: Executor, orders: SQL, sign: Sign, name: string): Promise<void> {
    const tz = this.timeZone;
    const s = sql`${sign}::int`;
    const statement = sql`
      WITH so AS MATERIALIZED (
        SELECT o.order_id, (o.created_at AT TIME ZONE ${tz})::date AS day, o.school_name, o.student_key,
               (o.status = 'Delivered' AND o.delivered_at IS NOT NULL) AS fulfilled,
               round(extract(epoch FROM o.delivered_at - o.created_at) * 1000) AS fulfilment_ms,
               (o.delivered_at AT TIME ZONE ${tz})::date AS delivered_day
        FROM ${orders} o
        WHERE NOT o.deleted
      ),
      sl AS MATERIALIZED (
        SELECT so.order_id, so.day, l.name, l.category, l.quantity
        FROM so JOIN reporting.report_order_lines l ON l.order_id = so.order_id
        -- Repeats the join as an array condition so the lines are read through their index even
        -- when the planner has no statistics (it would otherwise hash-join a scan of every line).
        WHERE l.order_id = ANY(ARRAY(SELECT order_id FROM so))
      ),
      day_totals AS (
        INSERT INTO reporting.report_day_totals AS t (day, orders, fulfilled, fulfilment_ms, items)
        SELECT so.day, ${s} * count(*)::int,
               ${s} * (count(*) FILTER (WHERE so.fulfilled))::int,
               ${s} * COALESCE(sum(so.fulfilment_ms) FILTER (WHERE so.fulfilled), 0)::bigint,
               ${s} * COALESCE(sum(items.quantity), 0)::int
        FROM so LEFT JOIN (SELECT order_id, sum(quantity) AS quantity FROM sl GROUP BY order_id) items
          ON items.order_id = so.order_id
        GROUP BY so.day
        ON CONFLICT (day) DO UPDATE SET
          orders = t.orders + excluded.orders,
          fulfilled = t.fulfilled + excluded.fulfilled,
          fulfilment_ms = t.fulfilment_ms + excluded.fulfilment_ms,
          items = t.items + excluded.items
      ),
      day_items AS (
        INSERT INTO reporting.report_day_items AS t (day, name, orders)
        SELECT day, name, ${s} * count(DISTINCT order_id)::int FROM sl GROUP BY day, name
        ON CONFLICT (day, name) DO UPDATE SET orders = t.orders + excluded.orders
      ),
      item_totals AS (
        INSERT INTO reporting.report_item_totals AS t (name, orders)
        SELECT name, ${s} * count(DISTINCT order_id)::int FROM sl GROUP BY name
        ON CONFLICT (name) DO UPDATE SET orders = t.orders + excluded.orders
      ),
      day_schools AS (
        INSERT INTO reporting.report_day_schools AS t (day, school, orders)
        SELECT day, school_name, ${s} * count(*)::int FROM so GROUP BY day, school_name
        ON CONFLICT (day, school) DO UPDATE SET orders = t.orders + excluded.orders
      ),
      school_totals AS (
        INSERT INTO reporting.report_school_totals AS t (school, orders)
        SELECT school_name, ${s} * count(*)::int FROM so GROUP BY school_name
        ON CONFLICT (school) DO UPDATE SET orders = t.orders + excluded.orders
      ),
      day_students AS (
        INSERT INTO reporting.report_day_students AS t (day, person, orders)
        SELECT day, student_key, ${s} * count(*)::int FROM so GROUP BY day, student_key
        ON CONFLICT (day, person) DO UPDATE SET orders = t.orders + excluded.orders
      ),
      student_totals AS (
        INSERT INTO reporting.report_student_totals AS t (person, orders)
        SELECT student_key, ${s} * count(*)::int FROM so GROUP BY student_key
        ON CONFLICT (person) DO UPDATE SET orders = t.orders + excluded.orders
      ),
      day_categories AS (
        INSERT INTO reporting.report_day_categories AS t (day, category, quantity)
        SELECT day, category, ${s} * sum(quantity)::int FROM sl GROUP BY day, category
        ON CONFLICT (day, category) DO UPDATE SET quantity = t.quantity + excluded.quantity
      ),
      day_deliveries AS (
        INSERT INTO reporting.report_day_deliveries AS t (day, delivered_day, orders)
        SELECT day, delivered_day, ${s} * count(*)::int FROM so WHERE fulfilled GROUP BY day, delivered_day
        ON CONFLICT (day, delivered_day) DO UPDATE SET orders = t.orders + excluded.orders
      )
      SELECT 1`;
    await executeInBatch(exec, name, statement);
  }
}
