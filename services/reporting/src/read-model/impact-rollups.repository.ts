/**
 * The impact rollups (migrations/006-impact.sql): delivered orders per delivery day, school,
 * category and student fingerprint, with their items valued at the product's fair-market value in
 * force at the delivery. Defined once, as the SQL of an order set's contribution: live events take
 * an order's contribution out (-1) and put it back (+1) around its change, a new value does the
 * same for the orders it values, and a rebuild recomputes everything with the same statement.
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { KIT_CONFIG, executeInBatch, type Executor } from '@lr/nest-kit';
import type { ReportingConfig } from '../config.js';
import { ALL_ORDERS, ordersNamed } from './order-lookup.js';
import { RollupTables } from './rollup-tables.js';

type Sign = 1 | -1;

const IMPACT_ROLLUP_TABLES = [
  'impact_day_schools',
  'impact_day_categories',
  'impact_day_students',
] as const;

/** A product's new value and the instant it takes effect. */
export interface ValueChange {
  productId: string;
  validFrom: string;
}

@Injectable()
export class ImpactRollupsRepository {
  private readonly timeZone: string;
  private readonly tables: RollupTables;

  constructor(@Inject(KIT_CONFIG) config: Pick<ReportingConfig, 'REPORT_TIME_ZONE'>) {
    this.timeZone = config.REPORT_TIME_ZONE;
    this.tables = new RollupTables(IMPACT_ROLLUP_TABLES, 'impact_rollup_time_zone', this.timeZone);
  }

  /** Adds (+1) or removes (-1) these orders' contributions, as the read model stores them now. */
  async applyOrders(exec: Executor, orderIds: readonly string[], sign: Sign): Promise<void> {
    if (orderIds.length === 0) return;
    await this.apply(exec, ordersNamed(orderIds), sign, 'reporting.impact-rollups-of-orders');
  }

  /**
   * The delivered orders a new value applies to: those with a line of the product delivered at or
   * after the value's instant. Live, a value takes effect now and this is empty; a catalog event
   * that arrives after later deliveries were counted finds them here.
   */
  async ordersValuedBy(exec: Executor, changes: readonly ValueChange[]): Promise<string[]> {
    if (changes.length === 0) return [];
    const { rows } = await exec.execute<{ order_id: string }>(sql`
      SELECT DISTINCT o.order_id
      FROM jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) AS c("productId" uuid, "validFrom" timestamptz)
      JOIN reporting.report_orders o
        ON NOT o.deleted AND o.delivered_at IS NOT NULL AND o.delivered_at >= c."validFrom"
      WHERE EXISTS (SELECT 1 FROM reporting.report_order_lines l
                    WHERE l.order_id = o.order_id AND l.product_id = c."productId")`);
    return rows.map((r) => r.order_id);
  }

  /** Empties the impact rollups and computes them from the whole read model (rebuild, start). */
  async recomputeAll(exec: Executor): Promise<void> {
    await this.tables.clear(exec);
    await this.apply(exec, ALL_ORDERS, 1, 'reporting.impact-rollups-of-all-orders');
    await this.tables.markComputed(exec);
  }

  /** True when the impact rollups were computed in another time zone, or never (an upgrade). */
  stale(exec: Executor): Promise<boolean> {
    return this.tables.stale(exec);
  }

  /**
   * `orders` are the read model's orders whose contributions are applied (order-lookup.ts);
   * `name` is the statement's, one per kind of `orders` (executeInBatch).
   */
  private async apply(exec: Executor, orders: SQL, sign: Sign, name: string): Promise<void> {
    const tz = this.timeZone;
    const s = sql`${sign}::int`;
    const statement = sql`
      WITH so AS MATERIALIZED (
        SELECT o.order_id, o.delivered_at, (o.delivered_at AT TIME ZONE ${tz})::date AS day,
               o.school_name, o.student_key
        FROM ${orders} o
        WHERE NOT o.deleted AND o.status = 'Delivered' AND o.delivered_at IS NOT NULL
      ),
      sl AS MATERIALIZED (
        SELECT so.order_id, so.day, so.school_name, l.category, l.quantity,
               l.quantity * v.value_cents AS value_cents
        FROM so JOIN reporting.report_order_lines l ON l.order_id = so.order_id
        -- The value in force at the delivery: the product's latest value from before it.
        LEFT JOIN LATERAL (
          SELECT pv.value_cents FROM reporting.impact_product_values pv
          WHERE pv.product_id = l.product_id AND pv.valid_from <= so.delivered_at
          ORDER BY pv.valid_from DESC, pv.version DESC LIMIT 1
        ) v ON TRUE
        WHERE l.order_id = ANY(ARRAY(SELECT order_id FROM so))
      ),
      per_order AS (
        SELECT order_id, sum(quantity) AS items, COALESCE(sum(value_cents), 0) AS value_cents,
               COALESCE(sum(quantity) FILTER (WHERE value_cents IS NULL), 0) AS unvalued
        FROM sl GROUP BY order_id
      ),
      day_schools AS (
        INSERT INTO reporting.impact_day_schools AS t
          (day, school, orders, items, value_cents, unvalued_items)
        SELECT so.day, so.school_name, ${s} * count(*)::int,
               ${s} * COALESCE(sum(po.items), 0)::int,
               ${s} * COALESCE(sum(po.value_cents), 0)::bigint,
               ${s} * COALESCE(sum(po.unvalued), 0)::int
        FROM so LEFT JOIN per_order po ON po.order_id = so.order_id
        GROUP BY so.day, so.school_name
        ON CONFLICT (day, school) DO UPDATE SET
          orders = t.orders + excluded.orders, items = t.items + excluded.items,
          value_cents = t.value_cents + excluded.value_cents,
          unvalued_items = t.unvalued_items + excluded.unvalued_items
      ),
      day_categories AS (
        INSERT INTO reporting.impact_day_categories AS t
          (day, category, items, value_cents, unvalued_items)
        SELECT day, category, ${s} * sum(quantity)::int,
               ${s} * COALESCE(sum(value_cents), 0)::bigint,
               ${s} * COALESCE(sum(quantity) FILTER (WHERE value_cents IS NULL), 0)::int
        FROM sl GROUP BY day, category
        ON CONFLICT (day, category) DO UPDATE SET
          items = t.items + excluded.items, value_cents = t.value_cents + excluded.value_cents,
          unvalued_items = t.unvalued_items + excluded.unvalued_items
      ),
      day_students AS (
        INSERT INTO reporting.impact_day_students AS t (day, school, person, orders)
        SELECT day, school_name, student_key, ${s} * count(*)::int
        FROM so GROUP BY day, school_name, student_key
        ON CONFLICT (day, school, person) DO UPDATE SET orders = t.orders + excluded.orders
      )
      SELECT 1`;
    await executeInBatch(exec, name, statement);
  }
}
