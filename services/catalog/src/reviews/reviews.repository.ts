/** The only place with SQL for reviews and the product's rating figures they drive. */
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { REVIEW_SORT_FIELDS } from '@lr/contracts';
import { DATABASE, isUuid, sortColumn, type Database, type Executor } from '@lr/nest-kit';
import { products, reviews, type ReviewRow } from '../db/schema.js';
import { ilikeLiteral, whereAll } from '../db/sql-helpers.js';

export type ReviewWithProduct = ReviewRow & { productName: string };

const SORTABLE: Record<(typeof REVIEW_SORT_FIELDS)[number], SQL> = {
  createdAt: sql`${reviews.updatedAt}`,
  rating: sql`${reviews.rating}`,
  name: sql`lower(${reviews.userName})`,
  productName: sql`lower(${products.name})`,
  id: sql`${reviews.id}`,
};

@Injectable()
export class ReviewsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  /** One review per user and product: a second one replaces the first. */
  async upsert(
    tx: Executor,
    review: {
      productId: string;
      userId: string;
      userName: string;
      rating: number;
      comment: string;
    },
  ): Promise<ReviewRow> {
    const [row] = await tx
      .insert(reviews)
      .values(review)
      .onConflictDoUpdate({
        target: [reviews.productId, reviews.userId],
        set: {
          rating: review.rating,
          comment: review.comment,
          userName: review.userName,
          updatedAt: new Date(),
        },
      })
      .returning();
    if (!row) throw new Error('review upsert returned nothing');
    return row;
  }

  async findById(tx: Executor, id: string): Promise<ReviewWithProduct | null> {
    if (!isUuid(id)) return null;
    const [row] = await tx
      .select({ review: reviews, productName: products.name })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.id, id));
    return row ? { ...row.review, productName: row.productName } : null;
  }

  async delete(tx: Executor, id: string): Promise<void> {
    await tx.delete(reviews).where(eq(reviews.id, id));
  }

  /** Recomputes `ratings` (mean) and `numOfReviews` (count) from the reviews; returns the new version. */
  async refreshRatings(tx: Executor, productId: string): Promise<number> {
    const [row] = await tx
      .update(products)
      .set({
        ratings: sql`(SELECT coalesce(round(avg(r.rating), 2), 0) FROM catalog.reviews r WHERE r.product_id = ${productId})`,
        numOfReviews: sql`(SELECT count(*) FROM catalog.reviews r WHERE r.product_id = ${productId})`,
        version: sql`${products.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(products.id, productId))
      .returning({ version: products.version });
    return row?.version ?? 1;
  }

  async list(
    filter: { productId?: string; q?: string },
    offset: number,
    limit: number,
    sort: { field: string; order: 'ASC' | 'DESC' } | null,
  ): Promise<{ rows: ReviewWithProduct[]; total: number }> {
    const c: SQL[] = [];
    if (filter.productId !== undefined)
      c.push(
        isUuid(filter.productId) ? sql`${reviews.productId} = ${filter.productId}` : sql`FALSE`,
      );
    if (filter.q)
      c.push(
        sql`(${ilikeLiteral(sql`${reviews.comment}`, filter.q)} OR ${ilikeLiteral(sql`${reviews.userName}`, filter.q)} OR ${ilikeLiteral(sql`${products.name}`, filter.q)})`,
      );
    const where = whereAll(c);
    const sortSql = sortColumn(SORTABLE, sort, 'createdAt');
    const direction = sort?.order === 'ASC' ? sql`ASC` : sql`DESC`;
    const rows = await this.db
      .select({ review: reviews, productName: products.name })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(where)
      .orderBy(sql`${sortSql} ${direction}`, sql`${reviews.id}`)
      .offset(offset)
      .limit(limit);
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(where);
    return {
      rows: rows.map((r) => ({ ...r.review, productName: r.productName })),
      total: count?.n ?? 0,
    };
  }
}
