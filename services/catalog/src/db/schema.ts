/**
 * Drizzle declarations of the catalog tables the code reads through Drizzle. The SQL migrations are
 * the schema's history; test/schema-agreement.test.ts keeps these equal to them and lists the tables
 * that only raw SQL touches (donations and stock counts).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  integer,
  jsonb,
  numeric,
  pgSchema,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const catalogSchema = pgSchema('catalog');

export interface StoredImage {
  id: string;
  url: string;
  originalUrl: string;
}

export const products = catalogSchema.table('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull(),
  subCategory: text('sub_category').notNull(),
  isShow: boolean('is_show').notNull().default(true),
  images: jsonb('images').$type<StoredImage[]>().notNull().default([]),
  ratings: numeric('ratings', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
  numOfReviews: integer('num_of_reviews').notNull().default(0),
  lowStockThreshold: integer('low_stock_threshold').notNull().default(2),
  /** Per unit, "12.50"; null: none (migration 004). */
  fairMarketValue: numeric('fair_market_value', { precision: 8, scale: 2 }),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ProductRow = typeof products.$inferSelect;

export const productSizes = catalogSchema.table(
  'product_sizes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').notNull(),
    size: text('size').notNull(),
    stock: integer('stock').notNull(),
    position: integer('position').notNull(),
    /** NULL: the product's threshold applies. */
    lowStockThreshold: integer('low_stock_threshold'),
  },
  // A size name is unique per product, case-insensitively; the repository names both in its message.
  (table) => [
    unique('product_sizes_product_id_size_key').on(table.productId, table.size),
    uniqueIndex('product_sizes_lower_size_idx').on(table.productId, sql`lower(${table.size})`),
  ],
);
export type ProductSizeRow = typeof productSizes.$inferSelect;

export const stockMovements = catalogSchema.table('stock_movements', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  productId: uuid('product_id').notNull(),
  sizeId: uuid('size_id').notNull(),
  size: text('size').notNull(),
  delta: integer('delta').notNull(),
  reason: text('reason').notNull(),
  orderId: uuid('order_id'),
  eventId: uuid('event_id'),
  actorId: uuid('actor_id'),
  actorName: text('actor_name'),
  donationId: uuid('donation_id'),
  countId: uuid('count_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type StockMovementRow = typeof stockMovements.$inferSelect;
export type NewStockMovement = typeof stockMovements.$inferInsert;

export const orderCommitments = catalogSchema.table('order_commitments', {
  orderId: uuid('order_id').primaryKey(),
  version: integer('version').notNull(),
  committed: boolean('committed').notNull().default(false),
  deleted: boolean('deleted').notNull().default(false),
  lastStatus: text('last_status').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type OrderCommitmentRow = typeof orderCommitments.$inferSelect;

export const reviews = catalogSchema.table(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').notNull(),
    userId: uuid('user_id').notNull(),
    userName: text('user_name').notNull(),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One review per user and product: saving again updates it (the repository's upsert target).
  (table) => [unique('reviews_product_id_user_id_key').on(table.productId, table.userId)],
);
export type ReviewRow = typeof reviews.$inferSelect;
