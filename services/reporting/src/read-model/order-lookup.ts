/**
 * How a statement of the read model names the orders of a batch: `o.order_id = ANY(ids)`, an index
 * condition on the primary key, never a join from a list of ids. Given the join, the planner may
 * instead walk a whole index of `report_orders` that matches the statement's other conditions (the
 * partial indexes `WHERE NOT deleted` do) and hash-join the list to it: a read of every order the
 * model holds, for a batch of a few dozen, which consumer batches' `enable_seqscan = off` does not
 * prevent and which grows with the read model (docs/adr/0304).
 */
import { sql, type SQL } from 'drizzle-orm';

/** The condition "the order `o` is one of `orderIds`". */
export function orderIdIn(orderIds: readonly string[]): SQL {
  return sql`o.order_id = ANY(${sql.param([...orderIds])}::uuid[])`;
}
