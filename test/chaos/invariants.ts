/**
 * The invariants checked after every fault scenario, straight from the services' tables.
 */
import type pg from 'pg';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type ConnectionOptions } from '@nats-io/transport-node';
import { DURABLE_CONSUMERS } from '@lr/contracts';

async function consumersIdle(nats: ConnectionOptions): Promise<boolean> {
  const nc = await connect({ ...nats, timeout: 2000 });
  try {
    const jsm = await jetstreamManager(nc);
    // Every durable consumer of the stack: nothing may be waiting for delivery or for an ack.
    for (const { stream, name } of Object.values(DURABLE_CONSUMERS)) {
      const info = await jsm.consumers.info(stream, name);
      if (info.num_pending > 0 || info.num_ack_pending > 0) return false;
    }
    return true;
  } finally {
    await nc.close();
  }
}

export interface InvariantResult {
  name: string;
  ok: boolean;
  detail: string;
}

async function count(db: pg.Pool, sql: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql);
  return Number(rows[0]?.n ?? 0);
}

export async function unsentOutbox(db: pg.Pool): Promise<number> {
  let total = 0;
  for (const schema of ['auth', 'catalog', 'orders', 'reporting']) {
    total += await count(
      db,
      `SELECT count(*)::int AS n FROM ${schema}.outbox WHERE sent_at IS NULL`,
    );
  }
  return total;
}

/** A fingerprint of everything events move; equal twice in a row (and nothing unsent) = quiet. */
async function fingerprint(db: pg.Pool): Promise<string> {
  const { rows } = await db.query(`
    SELECT (SELECT coalesce(sum(stock), 0) FROM catalog.product_sizes) AS stock,
           (SELECT count(*) FROM catalog.stock_movements) AS movements,
           (SELECT count(*) FROM catalog.processed_events) AS catalog_events,
           (SELECT count(*) FROM orders.processed_events) AS orders_events,
           (SELECT count(*) FROM reporting.processed_events) AS reporting_events,
           (SELECT string_agg(status || ':' || n, ',' ORDER BY status) FROM (SELECT status, count(*) n FROM orders.orders GROUP BY status) s) AS statuses`);
  return JSON.stringify(rows[0]);
}

export async function waitForQuiet(
  db: pg.Pool,
  nats: ConnectionOptions,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let previous = '';
  let stableSince = 0;
  for (;;) {
    try {
      const current = await fingerprint(db);
      const unsent = await unsentOutbox(db);
      if (current === previous && unsent === 0 && (await consumersIdle(nats))) {
        if (Date.now() - stableSince >= 3000) return;
      } else {
        previous = current;
        stableSince = Date.now();
      }
    } catch {
      // PostgreSQL or NATS may be restarting.
      previous = '';
    }
    if (Date.now() > deadline) throw new Error('the stack did not settle');
    await new Promise((r) => setTimeout(r, 300));
  }
}

export async function checkInvariants(db: pg.Pool): Promise<InvariantResult[]> {
  const negative = await count(
    db,
    'SELECT count(*)::int AS n FROM catalog.product_sizes WHERE stock < 0',
  );
  // The ledger replayed in order: each size's movements are written under its row lock, so their
  // ids follow the order they took effect in; a running sum below 0 means stock once went negative.
  const everNegative = await count(
    db,
    `SELECT count(DISTINCT size_id)::int AS n FROM (
       SELECT size_id, sum(delta) OVER (PARTITION BY size_id ORDER BY id) AS running
         FROM catalog.stock_movements) r
      WHERE running < 0`,
  );
  const ledger = await count(
    db,
    `SELECT count(*)::int AS n FROM catalog.product_sizes s
       LEFT JOIN (SELECT size_id, sum(delta) AS d FROM catalog.stock_movements GROUP BY size_id) m ON m.size_id = s.id
      WHERE s.stock <> coalesce(m.d, 0)`,
  );
  const misapplied = await count(
    db,
    `WITH m AS (
       SELECT order_id, product_id, lower(size) AS size, sum(delta) AS net,
              count(*) FILTER (WHERE reason = 'order-commit') AS commits,
              count(*) FILTER (WHERE reason = 'order-release') AS releases
         FROM catalog.stock_movements WHERE order_id IS NOT NULL GROUP BY 1, 2, 3)
     SELECT count(*)::int AS n
       FROM orders.orders o JOIN orders.order_lines l ON l.order_id = o.id
       LEFT JOIN m ON m.order_id = o.id AND m.product_id = l.product_id AND m.size = lower(l.size)
      WHERE l.quantity > 0 AND (
            (o.status <> 'Processing' AND (coalesce(m.net, 0) <> -l.quantity OR coalesce(m.commits, 0) - coalesce(m.releases, 0) <> 1))
         OR (o.status = 'Processing' AND (coalesce(m.net, 0) <> 0 OR coalesce(m.commits, 0) <> coalesce(m.releases, 0))))`,
  );
  const unsent = await unsentOutbox(db);
  return [
    { name: 'stock >= 0', ok: negative === 0, detail: `${negative} negative sizes` },
    {
      name: 'stock never went below 0 (ledger replayed)',
      ok: everNegative === 0,
      detail: `${everNegative} sizes once negative`,
    },
    { name: 'stock = sum of movements', ok: ledger === 0, detail: `${ledger} sizes off` },
    {
      name: 'committed lines moved exactly once',
      ok: misapplied === 0,
      detail: `${misapplied} lines off`,
    },
    { name: 'no unsent outbox rows', ok: unsent === 0, detail: `${unsent} unsent` },
  ];
}

/** Events the catalog must apply (status changes and deletions) vs what it recorded as applied. */
export async function eventCounts(db: pg.Pool): Promise<{ sent: number; applied: number }> {
  const sent = await count(
    db,
    `SELECT count(*)::int AS n FROM orders.outbox WHERE subject IN ('orders.order.status-changed.v1', 'orders.order.deleted.v1')`,
  );
  const applied = await count(
    db,
    `SELECT count(*)::int AS n FROM catalog.processed_events
     WHERE consumer IN ('catalog-inventory', 'catalog-inventory-deleted')`,
  );
  return { sent, applied };
}

/** A shown product with one size of `stock` units and the ledger row that explains them. */
export async function createStockedProduct(
  db: pg.Pool,
  name: string,
  size: string,
  stock: number,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO catalog.products (name, description, category, sub_category, is_show)
     VALUES ($1, 'chaos', 'Clothing', 'Unisex adult sizing', true) RETURNING id`,
    [name],
  );
  const productId = rows[0]!.id;
  const sized = await db.query<{ id: string }>(
    `INSERT INTO catalog.product_sizes (product_id, size, stock, position) VALUES ($1, $2, $3, 0) RETURNING id`,
    [productId, size, stock],
  );
  await db.query(
    `INSERT INTO catalog.stock_movements (product_id, size_id, size, delta, reason) VALUES ($1, $2, $3, $4, 'initial')`,
    [productId, sized.rows[0]!.id, size, stock],
  );
  return productId;
}
