/**
 * Which orders of the read model a statement reads, as the relation it selects from (aliased `o`
 * by the statement): a batch's orders, found by primary key only, or every order.
 *
 * A batch's orders are a subquery `WHERE order_id = ANY(ids)` behind `OFFSET 0`, which the planner
 * neither flattens nor pushes the statement's other conditions into. Those conditions
 * (`NOT o.deleted`, `o.delivered_at IS NOT NULL`) are the predicates of the partial indexes of
 * `report_orders`; given both in one WHERE, the planner may walk a whole partial index and filter
 * it by id instead of probing the primary key. It did so with a plan cached while the model was
 * small, kept by a prepared statement as the model grew (and never replaced while nothing analyses
 * the table): a batch of a hundred orders read every order the model held (docs/adr/0304, 0308).
 * Inside the subquery no partial index applies, so the primary key is the only way in.
 */
import { sql, type SQL } from 'drizzle-orm';

/** The read model's orders among `orderIds`, by primary key. */
export function ordersNamed(orderIds: readonly string[]): SQL {
  return sql`(SELECT * FROM reporting.report_orders
              WHERE order_id = ANY(${sql.param([...orderIds])}::uuid[]) OFFSET 0)`;
}

/** Every order of the read model (the whole-model recomputes). */
export const ALL_ORDERS: SQL = sql`reporting.report_orders`;
