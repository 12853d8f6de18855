/**
 * Drizzle declarations of the read-model tables the code reads through Drizzle. The SQL migrations
 * are the schema's history; test/schema-agreement.test.ts keeps these equal to them and lists the
 * tables that only raw SQL touches (the rollups, written and read set-wise, and the stock-intake
 * figures).
 */
import { boolean, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const reporting = pgSchema('reporting');

export const reportOrders = reporting.table('report_orders', {
  orderId: uuid('order_id').primaryKey(),
  version: integer('version').notNull(),
  orderNumber: text('order_number').notNull(),
  userId: uuid('user_id').notNull(),
  schoolName: text('school_name').notNull(),
  /** The student fingerprint of the order's events; never a person's details (migration 005). */
  studentKey: text('student_key').notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'string' }),
  deleted: boolean('deleted').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

export const reportOrderLines = reporting.table(
  'report_order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => reportOrders.orderId, { onDelete: 'cascade' }),
    lineId: uuid('line_id').notNull(),
    position: integer('position').notNull(),
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    subCategory: text('sub_category').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    requestedQuantity: integer('requested_quantity').notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.lineId] })],
);
