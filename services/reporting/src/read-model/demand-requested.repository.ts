/**
 * The demand side of "demand against stock": items of open orders per product, size and status
 * group, kept in step with the read model's orders the way the rollups are (an order's contribution
 * is taken away before its row changes and put back after), and recomputed whole by the rebuild.
 * Order lines also name the products the catalog's events have not named yet.
 */
import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import {
  DEMAND_PACKING_STATUSES,
  DEMAND_PROCESSING_STATUSES,
  DEMAND_READY_STATUSES,
} from '@lr/contracts';
import { executeInBatch, type Executor } from '@lr/nest-kit';
import { ALL_ORDERS, ordersNamed } from './order-lookup.js';

type Sign = 1 | -1;

const list = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );
const PROCESSING = list(DEMAND_PROCESSING_STATUSES);
const PACKING = list(DEMAND_PACKING_STATUSES);
const READY = list(DEMAND_READY_STATUSES);

@Injectable()
export class DemandRequestedRepository {
  /** Adds (+1) or removes (-1) these orders' open lines, as stored in the read model now. */
  async applyOrders(exec: Executor, orderIds: readonly string[], sign: Sign): Promise<void> {
    if (orderIds.length === 0) return;
    // Prepared only in a batch: see rollups.
    await this.apply(exec, ordersNamed(orderIds), sign, 'reporting.demand-of-orders');
  }

  /** Empties the demand and computes it again from the whole read model (the rebuild's end). */
  async recomputeAll(exec: Executor): Promise<void> {
    await exec.execute(sql`DELETE FROM reporting.demand_requested`);
    await this.apply(exec, ALL_ORDERS, 1, 'reporting.demand-of-all-orders');
    await exec.execute(sql`ANALYZE reporting.demand_requested, reporting.demand_products`);
  }

  /**
   * One statement: the orders' lines are read once, the open ones summed per product and size into
   * the demand, and their names fill the products nothing named yet (catalog events name them as they
   * are now; an order line names them as they were when ordered). `name` is the statement's, one
   * per FROM clause (executeInBatch).
   */
  private async apply(exec: Executor, orders: SQL, sign: Sign, name: string): Promise<void> {
    const s = sql`${sign}::int`;
    const statement = sql`
      WITH so AS MATERIALIZED (
        SELECT o.order_id, o.status FROM ${orders} o WHERE NOT o.deleted
      ),
      sl AS MATERIALIZED (
        SELECT so.status, l.product_id, l.size, l.quantity, l.name, l.category, l.sub_category
        FROM so JOIN reporting.report_order_lines l ON l.order_id = so.order_id
        WHERE l.order_id = ANY(ARRAY(SELECT order_id FROM so))
      ),
      demand AS (
        INSERT INTO reporting.demand_requested AS t (product_id, size, processing, packing, ready)
        SELECT product_id, size,
               ${s} * COALESCE(sum(quantity) FILTER (WHERE status IN (${PROCESSING})), 0)::int,
               ${s} * COALESCE(sum(quantity) FILTER (WHERE status IN (${PACKING})), 0)::int,
               ${s} * COALESCE(sum(quantity) FILTER (WHERE status IN (${READY})), 0)::int
        FROM sl WHERE status IN (${PROCESSING}, ${PACKING}, ${READY})
        GROUP BY product_id, size
        -- Rows locked in one order: two replicas' batches sharing products cannot deadlock.
        ORDER BY product_id, size
        ON CONFLICT (product_id, size) DO UPDATE SET
          processing = t.processing + excluded.processing,
          packing = t.packing + excluded.packing,
          ready = t.ready + excluded.ready
      )
      INSERT INTO reporting.demand_products AS p (product_id, name, category, sub_category)
      SELECT DISTINCT ON (product_id) product_id, name, category, sub_category FROM sl
      WHERE ${sign} > 0
        -- A product already named is left unlocked (most events: nothing to write).
        AND NOT EXISTS (
          SELECT 1 FROM reporting.demand_products named
          WHERE named.product_id = sl.product_id AND named.name IS NOT NULL
            AND named.category IS NOT NULL AND named.sub_category IS NOT NULL)
      ORDER BY product_id
      ON CONFLICT (product_id) DO UPDATE SET
        name = COALESCE(p.name, excluded.name),
        category = COALESCE(p.category, excluded.category),
        sub_category = COALESCE(p.sub_category, excluded.sub_category)
      WHERE p.name IS NULL OR p.category IS NULL OR p.sub_category IS NULL`;
    await executeInBatch(exec, name, statement);
  }
}
