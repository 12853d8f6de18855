/** The only place with SQL for stock counts: the sheet snapshot, counted figures and the results. */
import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import type { STOCK_COUNT_SORT_FIELDS, StockCountStatus } from '@lr/contracts';
import { DATABASE, isUuid, sortColumn, type Database, type Executor } from '@lr/nest-kit';
import { anyUuid, isoTime, whereAll } from '../db/sql-helpers.js';

export type CountRow = {
  id: string;
  scope: string;
  status: StockCountStatus;
  note: string;
  ledgerWatermark: number;
  sizes: number;
  countedSizes: number;
  adjustedSizes: number;
  netAdjustment: number;
  absoluteAdjustment: number;
  startedAt: string;
  startedByName: string | null;
  finalisedAt: string | null;
  finalisedByName: string | null;
};

export type CountLineRow = {
  id: string;
  sizeId: string;
  productId: string;
  productName: string;
  category: string;
  subCategory: string;
  size: string;
  counted: number | null;
  books: number | null;
  difference: number | null;
  /** The size's stock now; null when the size was deleted since the count started. */
  stock: number | null;
};

export type MovementSinceRow = {
  id: string;
  productId: string;
  productName: string;
  size: string;
  delta: number;
  reason: string;
  orderId: string | null;
  createdAt: string;
};

type Sort = { field: string; order: 'ASC' | 'DESC' } | null;

const COUNT_SORT: Record<(typeof STOCK_COUNT_SORT_FIELDS)[number], SQL> = {
  startedAt: sql`c.started_at`,
  status: sql`c.status`,
  scope: sql`c.scope`,
};

const COUNT_COLUMNS = sql`
  c.id, c.scope, c.status, c.note, c.ledger_watermark::float8 AS "ledgerWatermark",
  ${isoTime(sql`c.started_at`)} AS "startedAt", c.started_by_name AS "startedByName",
  ${isoTime(sql`c.finalised_at`)} AS "finalisedAt", c.finalised_by_name AS "finalisedByName",
  agg.sizes, agg."countedSizes", agg."adjustedSizes", agg."netAdjustment",
  agg."absoluteAdjustment"`;

const COUNT_AGGREGATES = sql`
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS sizes,
           count(l.counted)::int AS "countedSizes",
           count(*) FILTER (WHERE l.difference <> 0)::int AS "adjustedSizes",
           coalesce(sum(l.difference), 0)::int AS "netAdjustment",
           coalesce(sum(abs(l.difference)), 0)::int AS "absoluteAdjustment"
    FROM catalog.stock_count_lines l WHERE l.count_id = c.id) agg ON TRUE`;

const LINE_COLUMNS = sql`
  l.id, l.size_id AS "sizeId", l.product_id AS "productId", l.product_name AS "productName",
  l.category, l.sub_category AS "subCategory", l.size, l.counted, l.books, l.difference,
  s.stock`;

@Injectable()
export class StockCountsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  get executor(): Executor {
    return this.db;
  }

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  /**
   * The count and its sheet in one statement: every size of the scope, in sheet order (category,
   * product name, sub-category, size position). Returns null when there is nothing to count.
   */
  async start(
    input: {
      scope: string;
      category: string | null;
      note: string;
      actor: { id: string; name: string };
    },
    executor: Executor = this.db,
  ): Promise<string | null> {
    const result = await executor.execute<{ id: string }>(sql`
      WITH sheet AS (
        SELECT s.id AS size_id, s.product_id, p.name, p.category, p.sub_category, s.size,
               row_number() OVER (ORDER BY p.category, lower(p.name), p.sub_category, p.id,
                                           s.position, s.id)::int AS position
        FROM catalog.product_sizes s JOIN catalog.products p ON p.id = s.product_id
        WHERE ${input.category === null ? sql`TRUE` : sql`p.category = ${input.category}`}
      ), count AS (
        INSERT INTO catalog.stock_counts (scope, note, ledger_watermark, started_by_id, started_by_name)
        SELECT ${input.scope}, ${input.note},
               (SELECT coalesce(max(id), 0) FROM catalog.stock_movements),
               ${input.actor.id}, ${input.actor.name}
        WHERE EXISTS (SELECT 1 FROM sheet)
        RETURNING id
      ), lines AS (
        INSERT INTO catalog.stock_count_lines
          (count_id, position, product_id, product_name, category, sub_category, size_id, size)
        SELECT count.id, sheet.position, sheet.product_id, sheet.name, sheet.category,
               sheet.sub_category, sheet.size_id, sheet.size
        FROM count, sheet
      )
      SELECT id FROM count`);
    return result.rows[0]?.id ?? null;
  }

  /** `lock`: 'share' while figures are entered (several counters at once), 'update' to finalise. */
  async findCount(
    executor: Executor,
    id: string,
    lock: 'share' | 'update' | null = null,
  ): Promise<CountRow | null> {
    if (!isUuid(id)) return null;
    if (lock) {
      const locked = await executor.execute(
        sql`SELECT id FROM catalog.stock_counts WHERE id = ${id}
            ${lock === 'share' ? sql`FOR SHARE` : sql`FOR UPDATE`}`,
      );
      if (locked.rows.length === 0) return null;
    }
    const result = await executor.execute<CountRow>(sql`
      SELECT ${COUNT_COLUMNS} FROM catalog.stock_counts c ${COUNT_AGGREGATES} WHERE c.id = ${id}`);
    return result.rows[0] ?? null;
  }

  async listCounts(
    filter: { status?: string; ids?: string[] },
    offset: number,
    limit: number,
    sort: Sort,
  ): Promise<{ rows: CountRow[]; total: number }> {
    const c: SQL[] = [];
    if (filter.status) c.push(sql`c.status = ${filter.status}`);
    if (filter.ids) c.push(anyUuid(sql`c.id`, filter.ids));
    const where = whereAll(c);
    const order = sortColumn(COUNT_SORT, sort, 'startedAt');
    const dir = (sort?.order ?? 'DESC') === 'ASC' ? sql`ASC` : sql`DESC`;
    const [rows, count] = await Promise.all([
      this.db.execute<CountRow>(sql`
        SELECT ${COUNT_COLUMNS} FROM catalog.stock_counts c ${COUNT_AGGREGATES}
        WHERE ${where} ORDER BY ${order} ${dir}, c.id OFFSET ${offset} LIMIT ${limit}`),
      this.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM catalog.stock_counts c WHERE ${where}`,
      ),
    ]);
    return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
  }

  /** A page of the sheet, in sheet order, with each size's current stock (null: deleted). */
  async lines(
    executor: Executor,
    id: string,
    offset: number,
    limit: number,
  ): Promise<CountLineRow[]> {
    const result = await executor.execute<CountLineRow>(sql`
      SELECT ${LINE_COLUMNS}
      FROM catalog.stock_count_lines l LEFT JOIN catalog.product_sizes s ON s.id = l.size_id
      WHERE l.count_id = ${id} ORDER BY l.position OFFSET ${offset} LIMIT ${limit}`);
    return result.rows;
  }

  /** The sheet's lines for these size ids (entry checks). */
  async linesOfSizes(tx: Executor, id: string, sizeIds: string[]): Promise<CountLineRow[]> {
    const result = await tx.execute<CountLineRow>(sql`
      SELECT ${LINE_COLUMNS}
      FROM catalog.stock_count_lines l LEFT JOIN catalog.product_sizes s ON s.id = l.size_id
      WHERE l.count_id = ${id} AND ${anyUuid(sql`l.size_id`, sizeIds)}`);
    return result.rows;
  }

  /** Every line with a figure (the review and finalising), in sheet order. */
  async countedLines(executor: Executor, id: string): Promise<CountLineRow[]> {
    const result = await executor.execute<CountLineRow>(sql`
      SELECT ${LINE_COLUMNS}
      FROM catalog.stock_count_lines l LEFT JOIN catalog.product_sizes s ON s.id = l.size_id
      WHERE l.count_id = ${id} AND l.counted IS NOT NULL ORDER BY l.position`);
    return result.rows;
  }

  async deletedSizes(
    executor: Executor,
    id: string,
  ): Promise<{ productName: string; size: string }[]> {
    const result = await executor.execute<{ productName: string; size: string }>(sql`
      SELECT l.product_name AS "productName", l.size FROM catalog.stock_count_lines l
      WHERE l.count_id = ${id}
        AND NOT EXISTS (SELECT 1 FROM catalog.product_sizes s WHERE s.id = l.size_id)
      ORDER BY l.position LIMIT 500`);
    return result.rows;
  }

  async setCounted(
    tx: Executor,
    id: string,
    entries: { sizeId: string; counted: number | null }[],
    actorId: string,
  ): Promise<void> {
    await tx.execute(sql`
      UPDATE catalog.stock_count_lines l
      SET counted = e.counted, counted_by_id = ${actorId}, counted_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS e("sizeId" uuid, counted integer)
      WHERE l.count_id = ${id} AND l.size_id = e."sizeId"`);
  }

  /** Movements of the sheet's sizes written after the count started, newest first. */
  async movementsSince(
    executor: Executor,
    id: string,
    watermark: number,
    limit: number,
  ): Promise<{ rows: MovementSinceRow[]; total: number }> {
    const where = sql`m.id > ${watermark} AND m.count_id IS DISTINCT FROM ${id}::uuid
      AND m.size_id IN (SELECT size_id FROM catalog.stock_count_lines WHERE count_id = ${id})`;
    const [rows, count] = await Promise.all([
      executor.execute<MovementSinceRow>(sql`
        SELECT m.id::text AS id, m.product_id AS "productId",
               coalesce(p.name, '') AS "productName", m.size, m.delta, m.reason,
               m.order_id AS "orderId", ${isoTime(sql`m.created_at`)} AS "createdAt"
        FROM catalog.stock_movements m LEFT JOIN catalog.products p ON p.id = m.product_id
        WHERE ${where} ORDER BY m.id DESC LIMIT ${limit}`),
      executor.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM catalog.stock_movements m WHERE ${where}`,
      ),
    ]);
    return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
  }

  async finalise(
    tx: Executor,
    id: string,
    results: { sizeId: string; books: number; difference: number }[],
    actor: { id: string; name: string },
  ): Promise<void> {
    await tx.execute(sql`
      UPDATE catalog.stock_count_lines l SET books = r.books, difference = r.difference
      FROM jsonb_to_recordset(${JSON.stringify(results)}::jsonb)
        AS r("sizeId" uuid, books integer, difference integer)
      WHERE l.count_id = ${id} AND l.size_id = r."sizeId"`);
    await tx.execute(sql`
      UPDATE catalog.stock_counts
      SET status = 'finalised', finalised_at = now(), finalised_by_id = ${actor.id},
          finalised_by_name = ${actor.name}
      WHERE id = ${id}`);
  }
}
