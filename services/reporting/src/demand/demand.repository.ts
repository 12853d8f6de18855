/**
 * Reads demand against stock from the read model's demand tables (migration 007): one row per named
 * product and size, never a read of an order, so an answer costs the same whatever the number of
 * orders.
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import type { DemandFilter, DemandRow, DemandSortField } from '@lr/contracts';
import { DATABASE, type Database } from '@lr/nest-kit';

/** The output column each sortable field orders by (a fixed list: never the caller's text). */
const SORT_COLUMNS: Record<DemandSortField, string> = {
  name: 'name',
  category: 'category',
  size: 'size',
  processing: 'processing',
  packing: 'packing',
  requested: 'requested',
  readyForPickup: 'ready',
  onHand: 'on_hand',
  shortfall: 'shortfall',
};

export interface DemandSort {
  field: DemandSortField;
  order: 'ASC' | 'DESC';
}

interface DemandDbRow extends Record<string, unknown> {
  product_id: string;
  name: string;
  category: string;
  sub_category: string | null;
  size: string;
  processing: number;
  packing: number;
  requested: number;
  ready: number;
  on_hand: number;
  shortfall: number;
  total: number;
}

export interface ShortSize extends Record<string, unknown> {
  category: string;
  sub_category: string | null;
  size: string;
  shortfall: number;
}

function toRow(r: DemandDbRow): DemandRow {
  return {
    id: `${r.product_id}:${r.size}`,
    productId: r.product_id,
    name: r.name,
    category: r.category,
    subCategory: r.sub_category,
    size: r.size,
    processing: r.processing,
    packing: r.packing,
    requested: r.requested,
    readyForPickup: r.ready,
    onHand: r.on_hand,
    shortfall: r.shortfall,
  };
}

@Injectable()
export class DemandRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** A page of rows in the order asked (then name and size), with the number of rows in all. */
  async page(
    filter: DemandFilter,
    sort: DemandSort | null,
    range: { start: number; end: number },
  ): Promise<{ items: DemandRow[]; total: number }> {
    const order = sort
      ? sql.raw(`${SORT_COLUMNS[sort.field]} ${sort.order}, name ASC, size ASC`)
      : sql.raw('shortfall DESC, requested DESC, name ASC, size ASC');
    const { rows } = await this.db.execute<DemandDbRow>(sql`
      SELECT *, count(*) OVER ()::int AS total FROM (${this.rows(filter)}) AS d
      ORDER BY ${order}, product_id
      LIMIT ${range.end - range.start + 1} OFFSET ${range.start}`);
    // A page past the end still says how many rows there are.
    const total = rows[0]?.total ?? (range.start > 0 ? await this.count(filter) : 0);
    return { items: rows.map(toRow), total };
  }

  /** Every row (the CSV), in the default order. */
  async all(filter: DemandFilter): Promise<DemandRow[]> {
    const { rows } = await this.db.execute<DemandDbRow>(sql`
      SELECT *, 0 AS total FROM (${this.rows(filter)}) AS d
      ORDER BY category, name, size, product_id`);
    return rows.map(toRow);
  }

  /** Every category, sizing and size short of stock, with its shortfall (the public list's source). */
  async shortSizes(): Promise<ShortSize[]> {
    const { rows } = await this.db.execute<ShortSize>(sql`
      SELECT category, sub_category, size, sum(shortfall)::int AS shortfall
      FROM (${this.rows({ short: true })}) AS d
      GROUP BY category, sub_category, size
      ORDER BY category, sub_category, size`);
    return rows;
  }

  private async count(filter: DemandFilter): Promise<number> {
    const { rows } = await this.db.execute<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM (${this.rows(filter)}) AS d`,
    );
    return rows[0]?.total ?? 0;
  }

  /**
   * The demand rows: every size with open demand or known stock, of a product that has a name and
   * is not deleted. Shortfall counts only Processing: the other open statuses took their stock
   * already, so what is on the shelf is free for the orders still waiting.
   */
  private rows(filter: DemandFilter): SQL {
    const conditions: SQL[] = [sql`NOT p.deleted`, sql`p.name IS NOT NULL`];
    if (filter.category) conditions.push(sql`p.category = ${filter.category}`);
    if (filter.short) {
      conditions.push(sql`COALESCE(r.processing, 0) > COALESCE(s.stock, 0)`);
    }
    return sql`
      SELECT p.product_id, p.name, COALESCE(p.category, '') AS category, p.sub_category,
             COALESCE(r.size, s.size) AS size,
             COALESCE(r.processing, 0) AS processing, COALESCE(r.packing, 0) AS packing,
             COALESCE(r.processing, 0) + COALESCE(r.packing, 0) AS requested,
             COALESCE(r.ready, 0) AS ready, COALESCE(s.stock, 0) AS on_hand,
             GREATEST(COALESCE(r.processing, 0) - COALESCE(s.stock, 0), 0) AS shortfall
      FROM reporting.demand_requested r
      FULL JOIN reporting.demand_stock s ON s.product_id = r.product_id AND s.size = r.size
      JOIN reporting.demand_products p ON p.product_id = COALESCE(r.product_id, s.product_id)
      WHERE ${sql.join(conditions, sql` AND `)}
        -- A size whose orders all left (delivered, deleted) and that has no stock row is gone.
        AND (s.product_id IS NOT NULL OR r.processing <> 0 OR r.packing <> 0 OR r.ready <> 0)`;
  }
}
