/** The only place with SQL for products, their sizes and the reviews shown with them. */
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  DATABASE,
  isUuid,
  sortColumn,
  withUniqueMessages,
  type Database,
  type Executor,
  type UniqueConstraintMessages,
} from '@lr/nest-kit';
import type { PRODUCT_SORT_FIELDS } from '@lr/contracts';
import {
  products,
  productSizes,
  type ProductRow,
  type ProductSizeRow,
  type ReviewRow,
  type StoredImage,
} from '../db/schema.js';
import { anyUuid, ilikeLiteral, whereAll } from '../db/sql-helpers.js';

/** A size name is unique per product, case-insensitively (001-catalog.sql). */
const SIZE_TAKEN = 'size: the product already has a size with this name';
const UNIQUE_SIZE_MESSAGES: UniqueConstraintMessages = {
  product_sizes_product_id_size_key: SIZE_TAKEN,
  product_sizes_lower_size_idx: SIZE_TAKEN,
};

export interface ProductAggregate {
  product: ProductRow;
  sizes: ProductSizeRow[];
  reviews: ReviewRow[];
}

export interface ProductFilter {
  keyword?: string;
  category?: string;
  subCategory?: string;
  isShow?: boolean;
  visibleOnly?: boolean;
  /** true: at least one size at 0; false: every size in stock. */
  outOfStock?: boolean;
  ids?: string[];
}

export interface NewProduct {
  name: string;
  description: string;
  category: string;
  subCategory: string;
  isShow: boolean;
  images: StoredImage[];
  lowStockThreshold?: number;
  fairMarketValue?: string | null;
}

const totalStock = sql`(SELECT coalesce(sum(s.stock), 0) FROM catalog.product_sizes s WHERE s.product_id = ${products.id})`;

/** Sortable console fields -> SQL. */
const SORTABLE: Record<(typeof PRODUCT_SORT_FIELDS)[number], SQL> = {
  name: sql`lower(${products.name})`,
  Stock: totalStock,
  createdAt: sql`${products.createdAt}`,
  category: sql`${products.category}`,
  SubCategory: sql`${products.subCategory}`,
  isShow: sql`${products.isShow}`,
  ratings: sql`${products.ratings}`,
  id: sql`${products.id}`,
};

@Injectable()
export class ProductsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The pool itself, for reads outside a transaction. */
  get executor(): Executor {
    return this.db;
  }

  /** Runs `work` in one transaction. */
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  conditions(filter: ProductFilter): SQL {
    const c: SQL[] = [];
    if (filter.visibleOnly) c.push(sql`${products.isShow} = true`);
    if (filter.isShow !== undefined) c.push(sql`${products.isShow} = ${filter.isShow}`);
    if (filter.keyword) c.push(ilikeLiteral(sql`${products.name}`, filter.keyword));
    if (filter.category) c.push(sql`${products.category} = ${filter.category}`);
    if (filter.subCategory) c.push(sql`${products.subCategory} = ${filter.subCategory}`);
    if (filter.ids) c.push(anyUuid(sql`${products.id}`, filter.ids));
    if (filter.outOfStock === true) {
      c.push(
        sql`EXISTS (SELECT 1 FROM catalog.product_sizes s WHERE s.product_id = ${products.id} AND s.stock = 0)`,
      );
    } else if (filter.outOfStock === false) {
      c.push(
        sql`NOT EXISTS (SELECT 1 FROM catalog.product_sizes s WHERE s.product_id = ${products.id} AND s.stock = 0)`,
      );
    }
    return whereAll(c);
  }

  async count(filter: ProductFilter): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(this.conditions(filter));
    return rows[0]?.n ?? 0;
  }

  /**
   * One page ordered by name then id (stable pages); `after` (name order only) starts after that
   * row instead of at an offset.
   */
  async page(
    filter: ProductFilter,
    offset: number,
    limit: number,
    sort?: { field: string; order: 'ASC' | 'DESC' } | null,
    after?: { name: string; id: string } | null,
  ): Promise<ProductAggregate[]> {
    const sortSql = sortColumn(SORTABLE, sort, 'name');
    const direction = sort?.order === 'DESC' ? sql`DESC` : sql`ASC`;
    const where = after
      ? and(
          this.conditions(filter),
          sql`(lower(${products.name}), ${products.id}) > (lower(${after.name}), ${after.id}::uuid)`,
        )
      : this.conditions(filter);
    const rows = await this.db
      .select()
      .from(products)
      .where(where)
      .orderBy(sql`${sortSql} ${direction}`, sql`lower(${products.name}) ASC`, asc(products.id))
      .offset(offset)
      .limit(limit);
    return this.withDetails(this.db, rows);
  }

  async countGroups(filter: ProductFilter): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(DISTINCT lower(${products.name}))::int` })
      .from(products)
      .where(this.conditions(filter));
    return rows[0]?.n ?? 0;
  }

  /** The products of one page of name groups (groups ordered by lower(name)). */
  async groupPage(
    filter: ProductFilter,
    offset: number,
    limit: number,
  ): Promise<ProductAggregate[]> {
    const where = this.conditions(filter);
    const keys = await this.db
      .select({ key: sql<string>`lower(${products.name})` })
      .from(products)
      .where(where)
      .groupBy(sql`lower(${products.name})`)
      .orderBy(sql`lower(${products.name})`)
      .offset(offset)
      .limit(limit);
    if (keys.length === 0) return [];
    const rows = await this.db
      .select()
      .from(products)
      .where(and(where, sql`lower(${products.name}) IN ${keys.map((k) => k.key)}`))
      .orderBy(sql`lower(${products.name})`, asc(products.createdAt), asc(products.id));
    return this.withDetails(this.db, rows);
  }

  async findById(executor: Executor, id: string, lock = false): Promise<ProductAggregate | null> {
    if (!isUuid(id)) return null;
    const query = executor.select().from(products).where(eq(products.id, id));
    const rows = lock ? await query.for('update') : await query;
    const [found] = await this.withDetails(executor, rows);
    return found ?? null;
  }

  /** The products with these ids, in the order of `ids` (unknown ids are left out). */
  async findByIds(ids: string[]): Promise<ProductAggregate[]> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    const rows = await this.db
      .select()
      .from(products)
      .where(anyUuid(sql`${products.id}`, valid));
    const position = new Map(valid.map((id, i) => [id, i]));
    rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
    return this.withDetails(this.db, rows);
  }

  /** The products' sizes and reviews, both in one round trip (JSON per product). */
  private async withDetails(executor: Executor, rows: ProductRow[]): Promise<ProductAggregate[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const details = await executor.execute<{
      product_id: string;
      sizes: ProductSizeRow[];
      reviews: (Omit<ReviewRow, 'createdAt' | 'updatedAt'> & {
        createdAt: string;
        updatedAt: string;
      })[];
    }>(sql`
      SELECT p.id AS product_id,
        COALESCE((SELECT json_agg(json_build_object('id', s.id, 'productId', s.product_id, 'size', s.size,
                                                    'stock', s.stock, 'position', s.position,
                                                    'lowStockThreshold', s.low_stock_threshold)
                                  ORDER BY s.position, s.id)
                  FROM catalog.product_sizes s WHERE s.product_id = p.id), '[]') AS sizes,
        COALESCE((SELECT json_agg(json_build_object('id', r.id, 'productId', r.product_id, 'userId', r.user_id,
                                                    'userName', r.user_name, 'rating', r.rating, 'comment', r.comment,
                                                    'createdAt', r.created_at, 'updatedAt', r.updated_at)
                                  ORDER BY r.created_at, r.id)
                  FROM catalog.reviews r WHERE r.product_id = p.id), '[]') AS reviews
      FROM unnest(${sql.param(ids)}::uuid[]) AS p(id)`);
    const byId = new Map(details.rows.map((d) => [d.product_id, d]));
    return rows.map((product) => {
      const found = byId.get(product.id);
      return {
        product,
        sizes: found?.sizes ?? [],
        reviews: (found?.reviews ?? []).map((r) => ({
          ...r,
          rating: Number(r.rating),
          createdAt: new Date(r.createdAt),
          updatedAt: new Date(r.updatedAt),
        })),
      };
    });
  }

  /**
   * Whether a record with this name (case-insensitive), category and SubCategory exists; holds a
   * transaction lock on the name so two concurrent creations cannot both pass the check.
   */
  async existsSameProduct(
    tx: Executor,
    name: string,
    category: string,
    subCategory: string,
  ): Promise<boolean> {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`catalog:product:${name.toLowerCase()}`}))`,
    );
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        sql`lower(${products.name}) = ${name.toLowerCase()} AND ${products.category} = ${category} AND ${products.subCategory} = ${subCategory}`,
      )
      .limit(1);
    return rows.length > 0;
  }

  /** Sets (or with null clears) the low-stock threshold of sizes of one product, by size name. */
  async setSizeThresholds(
    tx: Executor,
    productId: string,
    thresholds: { size: string; threshold: number | null }[],
  ): Promise<void> {
    if (thresholds.length === 0) return;
    await tx.execute(sql`
      UPDATE catalog.product_sizes s SET low_stock_threshold = t.threshold
      FROM jsonb_to_recordset(${JSON.stringify(thresholds)}::jsonb) AS t(size text, threshold integer)
      WHERE s.product_id = ${productId} AND lower(s.size) = lower(t.size)`);
  }

  async insertProduct(tx: Executor, values: NewProduct): Promise<ProductRow> {
    const [row] = await tx.insert(products).values(values).returning();
    if (!row) throw new Error('product insert returned nothing');
    return row;
  }

  /** Inserts sizes at stock 0 (stock arrives through the ledger) after the existing positions. */
  async insertSizes(tx: Executor, productId: string, sizes: string[]): Promise<ProductSizeRow[]> {
    if (sizes.length === 0) return [];
    const [max] = await tx
      .select({ p: sql<number>`coalesce(max(${productSizes.position}), -1)::int` })
      .from(productSizes)
      .where(eq(productSizes.productId, productId));
    const start = (max?.p ?? -1) + 1;
    return withUniqueMessages(UNIQUE_SIZE_MESSAGES, () =>
      tx
        .insert(productSizes)
        .values(sizes.map((size, i) => ({ productId, size, stock: 0, position: start + i })))
        .returning(),
    );
  }

  async updateProduct(
    tx: Executor,
    id: string,
    values: Partial<
      Pick<
        ProductRow,
        'description' | 'isShow' | 'images' | 'lowStockThreshold' | 'fairMarketValue'
      >
    >,
  ): Promise<number> {
    const [row] = await tx
      .update(products)
      .set({ ...values, updatedAt: new Date(), version: sql`${products.version} + 1` })
      .where(eq(products.id, id))
      .returning({ version: products.version });
    if (!row) throw new Error(`product ${id} vanished during update`);
    return row.version;
  }

  async deleteProduct(tx: Executor, id: string): Promise<boolean> {
    const rows = await tx
      .delete(products)
      .where(eq(products.id, id))
      .returning({ id: products.id });
    return rows.length > 0;
  }
}
