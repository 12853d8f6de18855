/**
 * Advisory locks that keep the read model and its rollups consistent. A live event takes the
 * model's lock SHARED plus its order's lock, so events of different orders run in parallel (several
 * replicas) while two events of one order never interleave their read-subtract-write-add. A rebuild
 * or a recompute takes the model's lock EXCLUSIVE (one lock, not one per order: a rebuild touches
 * every order and PostgreSQL's lock table is small).
 */
import { sql } from 'drizzle-orm';
import { executeNamed, type Executor } from '@lr/nest-kit';

const MODEL_KEY = sql`hashtext('reporting:read-model')::bigint`;
const ORDER_SPACE = sql`hashtext('reporting:order')`;

/**
 * The locks for live events of these orders, in one statement. Taken in the order of the lock keys,
 * so two replicas locking overlapping sets cannot deadlock.
 */
export async function lockOrdersForEvents(
  exec: Executor,
  orderIds: readonly string[],
): Promise<void> {
  await executeNamed(
    exec,
    'reporting.lock-orders',
    sql`
    SELECT pg_advisory_xact_lock_shared(${MODEL_KEY}),
           (SELECT count(pg_advisory_xact_lock(${ORDER_SPACE}, key)) FROM (
              SELECT DISTINCT hashtext(id) AS key FROM unnest(${sql.param([...orderIds])}::text[]) AS id
              ORDER BY key) AS keys)`,
  );
}

export async function lockWholeModel(exec: Executor): Promise<void> {
  await exec.execute(sql`SELECT pg_advisory_xact_lock(${MODEL_KEY})`);
}

/** Catalog batches the report applies: apart from a running rebuild, beside live order batches. */
export async function lockModelShared(exec: Executor): Promise<void> {
  await exec.execute(sql`SELECT pg_advisory_xact_lock_shared(${MODEL_KEY})`);
}
