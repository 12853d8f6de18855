/** The only place with SQL for stock: locks, movements written to sizes and ledger, order commitments. */
import { Inject, Injectable } from '@nestjs/common';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { EventEnvelope, MOVEMENT_SORT_FIELDS } from '@lr/contracts';
import {
  DATABASE,
  executeNamed,
  isUuid,
  metrics,
  sortColumn,
  type Database,
  type Executor,
  type OutboxWriter,
} from '@lr/nest-kit';
import {
  orderCommitments,
  products,
  productSizes,
  stockMovements,
  type OrderCommitmentRow,
  type StockMovementRow,
} from '../db/schema.js';
import { whereAll } from '../db/sql-helpers.js';
import type { Movement, SizeWithProduct } from './locked-stock.js';

/** What the inventory consumer keeps per order (a row of order_commitments). */
export type CommitmentState = Pick<
  OrderCommitmentRow,
  'orderId' | 'version' | 'committed' | 'deleted' | 'lastStatus'
>;

export interface HeldStock {
  sizeId: string;
  productId: string;
  size: string;
  held: number;
}

/** What `catalog.lock_order_batch` answers (jsonb, so numbers and booleans arrive typed). */
interface OrderBatchLocks {
  commitments: CommitmentState[];
  held: (HeldStock & { orderId: string })[];
  products: { id: string; version: number }[];
  sizes: SizeWithProduct[];
}

export interface MovementFilter {
  productId?: string;
  sizeId?: string;
  size?: string;
  reason?: string;
  orderId?: string;
}

const MOVEMENT_SORT: Record<(typeof MOVEMENT_SORT_FIELDS)[number], SQL> = {
  id: sql`${stockMovements.id}`,
  createdAt: sql`${stockMovements.id}`,
  delta: sql`${stockMovements.delta}`,
  reason: sql`${stockMovements.reason}`,
  size: sql`${stockMovements.size}`,
};

@Injectable()
export class InventoryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Sizes of the given products with their product's name and visibility. */
  async sizesOf(productIds: string[], executor: Executor = this.db): Promise<SizeWithProduct[]> {
    const ids = productIds.filter(isUuid);
    if (ids.length === 0) return [];
    // Named: the line check of every placed order runs it.
    return this.readSizes(executor, 'catalog.sizes-of', ids, sql``);
  }

  private async readSizes(
    executor: Executor,
    name: string,
    productIds: readonly string[],
    lock: SQL,
  ): Promise<SizeWithProduct[]> {
    const result = await executeNamed<{
      size_id: string;
      product_id: string;
      size: string;
      stock: number;
      name: string;
      is_show: boolean;
    }>(
      executor,
      name,
      sql`SELECT s.id AS size_id, s.product_id, s.size, s.stock, p.name, p.is_show
          FROM catalog.product_sizes AS s JOIN catalog.products AS p ON p.id = s.product_id
          WHERE s.product_id = ANY(${sql.param([...productIds])}::uuid[])
          ORDER BY s.id${lock}`,
    );
    return result.rows.map((r) => ({
      sizeId: r.size_id,
      productId: r.product_id,
      size: r.size,
      stock: Number(r.stock),
      name: r.name,
      isShow: r.is_show,
    }));
  }

  /**
   * Locks the products (in id order, so concurrent stock changes and product edits cannot
   * deadlock) and then their sizes; returns the sizes and each product's version.
   */
  async lockProductsAndSizes(
    tx: Executor,
    productIds: readonly string[],
  ): Promise<{ sizes: SizeWithProduct[]; versions: Map<string, number> }> {
    const ids = [...new Set(productIds.filter(isUuid))].sort();
    if (ids.length === 0) return { sizes: [], versions: new Map() };
    const locked = await executeNamed<{ id: string; version: number }>(
      tx,
      'catalog.lock-products',
      sql`SELECT id, version FROM catalog.products WHERE id = ANY(${sql.param(ids)}::uuid[])
          ORDER BY id FOR UPDATE`,
    );
    const versions = new Map(locked.rows.map((r) => [r.id, Number(r.version)]));
    return { sizes: await this.lockSizes(tx, ids), versions };
  }

  /**
   * Everything an inventory consumer batch decides on, locked, in one round trip
   * (`catalog.lock_order_batch`, migration 005): the orders' commitment rows (created when missing),
   * what each order still holds per size, the products its events name or its orders hold, and
   * their sizes. The function runs three statements, each begun once the locks before it were
   * granted, so each sees what had committed by then: the held stock after the commitment rows are
   * locked (only their holder writes an order's movements), and a size a product edit added while
   * the batch waited for the product.
   */
  async lockOrderBatch(
    tx: Executor,
    orderIds: readonly string[],
    productIds: readonly string[],
  ): Promise<{
    states: Map<string, CommitmentState>;
    held: Map<string, HeldStock[]>;
    sizes: SizeWithProduct[];
    versions: Map<string, number>;
  }> {
    const orders = [...new Set(orderIds.filter(isUuid))].sort();
    const named = [...new Set(productIds.filter(isUuid))].sort();
    const result = await executeNamed<{ locks: OrderBatchLocks }>(
      tx,
      'catalog.lock-order-batch',
      sql`SELECT catalog.lock_order_batch(${sql.param(orders)}::uuid[], ${sql.param(named)}::uuid[]) AS locks`,
    );
    const locks = (result.rows[0] as { locks: OrderBatchLocks }).locks;
    const held = new Map<string, HeldStock[]>();
    for (const { orderId, ...rest } of locks.held) {
      const rows = held.get(orderId) ?? [];
      rows.push(rest);
      held.set(orderId, rows);
    }
    return {
      states: new Map(locks.commitments.map((state) => [state.orderId, state])),
      held,
      sizes: locks.sizes,
      versions: new Map(locks.products.map((p) => [p.id, p.version])),
    };
  }

  /** The sizes of products this transaction has locked, locked in id order. */
  private lockSizes(tx: Executor, productIds: readonly string[]): Promise<SizeWithProduct[]> {
    return this.readSizes(tx, 'catalog.lock-sizes', productIds, sql` FOR UPDATE`);
  }

  /**
   * Writes movements decided on locked rows (the rule: stock-ledger.ts) in one statement: each
   * size's deltas added to its stock, the ledger rows in order, each product's version bumped once
   * per movement, the outbox events in order, and the inventory consumer's new order commitment
   * states (rows it has locked with lockOrderBatch; none for other writers). Resolves with the stock and versions the rows
   * ended at, for the ledger to compare with what it decided.
   */
  async applyMovements(
    tx: Executor,
    movements: readonly Movement[],
    events: readonly EventEnvelope[],
    outbox: Pick<OutboxWriter, 'insertEvents'>,
    commitments: readonly CommitmentState[] = [],
  ): Promise<{ stock: Map<string, number>; versions: Map<string, number> }> {
    const stock = new Map<string, number>();
    const versions = new Map<string, number>();
    if (movements.length === 0 && events.length === 0 && commitments.length === 0)
      return { stock, versions };
    const rows = movements.map((m) => ({
      product_id: m.productId,
      size_id: m.sizeId,
      size: m.size,
      delta: m.delta,
      reason: m.reason,
      order_id: m.orderId,
      event_id: m.eventId,
      actor_id: m.actorId,
      actor_name: m.actorName,
      donation_id: m.donationId,
      count_id: m.countId,
    }));
    const result = await executeNamed<{ kind: 'size' | 'product'; id: string; value: number }>(
      tx,
      'catalog.apply-movements',
      sql`
      WITH moves AS (
        SELECT * FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS (
               product_id uuid, size_id uuid, size text, delta integer, reason text,
               order_id uuid, event_id uuid, actor_id uuid, actor_name text, donation_id uuid,
               count_id uuid))
             WITH ORDINALITY AS m(product_id, size_id, size, delta, reason, order_id, event_id,
                                  actor_id, actor_name, donation_id, count_id, n)
      ), new_stock AS (
        UPDATE catalog.product_sizes AS s SET stock = s.stock + d.delta
        FROM (SELECT size_id, sum(delta)::integer AS delta FROM moves GROUP BY size_id) AS d
        WHERE s.id = d.size_id
        RETURNING s.id, s.stock
      ), recorded AS (
        INSERT INTO catalog.stock_movements
          (product_id, size_id, size, delta, reason, order_id, event_id, actor_id, actor_name,
           donation_id, count_id)
        SELECT product_id, size_id, size, delta, reason, order_id, event_id, actor_id, actor_name,
               donation_id, count_id
        FROM moves ORDER BY n
      ), bumped AS (
        UPDATE catalog.products AS p SET version = p.version + v.n, updated_at = now()
        FROM (SELECT product_id, count(*)::integer AS n FROM moves GROUP BY product_id) AS v
        WHERE p.id = v.product_id
        RETURNING p.id, p.version
      ), new_events AS (
        ${outbox.insertEvents(events)}
      ), saved AS (
        UPDATE catalog.order_commitments AS c
        SET version = s.version, committed = s.committed, deleted = s.deleted,
            last_status = s.last_status, updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(commitmentRows(commitments))}::jsonb)
             AS s(order_id uuid, version integer, committed boolean, deleted boolean,
                  last_status text)
        WHERE c.order_id = s.order_id
      )
      SELECT 'size' AS kind, id, stock AS value FROM new_stock
      UNION ALL
      SELECT 'product' AS kind, id, version AS value FROM bumped`,
    );
    for (const row of result.rows) {
      (row.kind === 'size' ? stock : versions).set(row.id, Number(row.value));
    }
    for (const movement of movements) countMovement(movement.reason);
    return { stock, versions };
  }

  async findCommitment(orderId: string): Promise<OrderCommitmentRow | null> {
    if (!isUuid(orderId)) return null;
    const [row] = await this.db
      .select()
      .from(orderCommitments)
      .where(eq(orderCommitments.orderId, orderId));
    return row ?? null;
  }

  private movementConditions(filter: MovementFilter): SQL {
    const c: SQL[] = [];
    for (const [key, column] of [
      ['productId', stockMovements.productId],
      ['sizeId', stockMovements.sizeId],
      ['orderId', stockMovements.orderId],
    ] as const) {
      const value = filter[key];
      if (value === undefined) continue;
      // A malformed id matches nothing.
      c.push(isUuid(value) ? sql`${column} = ${value}` : sql`FALSE`);
    }
    if (filter.size !== undefined) c.push(sql`${stockMovements.size} = ${filter.size}`);
    if (filter.reason !== undefined) c.push(sql`${stockMovements.reason} = ${filter.reason}`);
    return whereAll(c);
  }

  async listMovements(
    filter: MovementFilter,
    offset: number,
    limit: number,
    sort: { field: string; order: 'ASC' | 'DESC' } | null,
  ): Promise<{ rows: StockMovementRow[]; total: number }> {
    const where = this.movementConditions(filter);
    const sortSql = sortColumn(MOVEMENT_SORT, sort, 'id');
    const direction = sort?.order === 'ASC' ? sql`ASC` : sql`DESC`;
    const rows = await this.db
      .select()
      .from(stockMovements)
      .where(where)
      .orderBy(sql`${sortSql} ${direction}`, desc(stockMovements.id))
      .offset(offset)
      .limit(limit);
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockMovements)
      .where(where);
    return { rows, total: count?.n ?? 0 };
  }

  /** Every size with its product, for the availability figures. */
  async allSizes(): Promise<
    (SizeWithProduct & { subCategory: string; lowStockThreshold: number })[]
  > {
    return this.db
      .select({
        sizeId: productSizes.id,
        productId: productSizes.productId,
        size: productSizes.size,
        stock: productSizes.stock,
        name: products.name,
        isShow: products.isShow,
        subCategory: products.subCategory,
        lowStockThreshold: sql<number>`coalesce(${productSizes.lowStockThreshold}, ${products.lowStockThreshold})`,
      })
      .from(productSizes)
      .innerJoin(products, eq(products.id, productSizes.productId))
      .orderBy(sql`lower(${products.name})`, asc(products.id), asc(productSizes.position));
  }

  async countProducts(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(products);
    return row?.n ?? 0;
  }
}

/**
 * Counted when the statement succeeded, inside the caller's transaction: a transaction rolled back
 * afterwards (a consumer batch retried one event at a time) counts its movements again, so the
 * counter can run ahead of the ledger, never behind it.
 */
function countMovement(reason: string): void {
  metrics.catalog.stockMovements.inc({ reason });
}

/** Order commitment states as the rows of applyMovements' `saved` step. */
function commitmentRows(states: readonly CommitmentState[]) {
  return states.map((st) => ({
    order_id: st.orderId,
    version: st.version,
    committed: st.committed,
    deleted: st.deleted,
    last_status: st.lastStatus,
  }));
}
