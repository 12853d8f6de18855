/**
 * Drizzle declarations of the orders tables. The SQL migrations are the schema's history;
 * test/schema-agreement.test.ts keeps these equal to them.
 */
import {
  bigint,
  customType,
  bigserial,
  date,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OrderPickup, OrderStatus, ShippingInfo } from '@lr/contracts';

export const ordersSchema = pgSchema('orders');

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const orders = ordersSchema.table(
  'orders',
  {
    id: uuid('id').primaryKey(),
    orderNumber: bigserial('order_number', { mode: 'number' })
      .notNull()
      .unique('orders_order_number_key'),
    userId: uuid('user_id').notNull(),
    userName: text('user_name').notNull(),
    userLoginId: text('user_login_id').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    shippingInfo: jsonb('shipping_info').$type<ShippingInfo>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    // Opaque, any visible ASCII (004-idempotency-key-text.sql).
    idempotencyKey: text('idempotency_key'),
    // When the school confirmed it may share the student's details; null: not asked (migration 007).
    sharingConsentAt: timestamp('sharing_consent_at', { withTimezone: true }),
    // Set when the retention job or an admin erased the personal fields of shippingInfo.
    personalDataErasedAt: timestamp('personal_data_erased_at', { withTimezone: true }),
    // Keyed hash of school and student id that events carry instead of the student (006).
    studentFingerprint: text('student_fingerprint'),
    // The school year whose key made the fingerprint (009).
    fingerprintYear: integer('fingerprint_year'),
    // Staff who entered the request for the school (by phone or e-mail); null: the school (009).
    enteredById: uuid('entered_by_id'),
    enteredByName: text('entered_by_name'),
    // The time given at Ready for Pickup, and the date its reminder went for (009).
    pickup: jsonb('pickup').$type<OrderPickup>(),
    pickupRemindedFor: date('pickup_reminded_for'),
  },
  // A key is unique per user; placing an order names this constraint in its conflict message.
  (table) => [unique('orders_idempotency_unique').on(table.userId, table.idempotencyKey)],
);

export const orderLines = ordersSchema.table(
  'order_lines',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    position: integer('position').notNull(),
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    subCategory: text('sub_category').notNull(),
    size: text('size').notNull(),
    requestedQuantity: integer('requested_quantity').notNull(),
    quantity: integer('quantity').notNull(),
    image: text('image').notNull().default(''),
  },
  (table) => [unique('order_lines_position_unique').on(table.orderId, table.position)],
);

export const orderStatusHistory = ordersSchema.table('order_status_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: uuid('order_id').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actorId: uuid('actor_id'),
  actorName: text('actor_name'),
  fromStatus: text('from_status').$type<OrderStatus>(),
  toStatus: text('to_status').$type<OrderStatus>().notNull(),
  quantities: jsonb('quantities').$type<number[]>().notNull(),
  reason: text('reason'),
});

/** Orders per status, kept by a trigger on orders (migration 005); one row per status and shard. */
export const orderCounts = ordersSchema.table(
  'order_counts',
  {
    status: text('status').$type<OrderStatus>().notNull(),
    shard: smallint('shard').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.status, table.shard] })],
);

/** Every (school, name, login id) that orders carry, kept by a trigger on orders (migration 005). */
export const orderSchools = ordersSchema.table(
  'order_schools',
  {
    userId: uuid('user_id').notNull(),
    userName: text('user_name').notNull(),
    userLoginId: text('user_login_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.userName, table.userLoginId] })],
);

export const dailySummaries = ordersSchema.table('daily_summaries', {
  day: date('day').primaryKey(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  ordersCount: integer('orders_count'),
});

export { studentDataAccess, studentDataAccessPages } from './student-data-access.schema.js';
/** One HMAC key per school year for student fingerprints; deleted after the year + retention. */
export const studentFingerprintKeys = ordersSchema.table('student_fingerprint_keys', {
  schoolYear: integer('school_year').primaryKey(),
  key: bytea('key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every erasure of an order's personal data (no personal data itself); re-applied after a restore. */
export const personalDataErasures = ordersSchema.table('personal_data_erasures', {
  orderId: uuid('order_id').primaryKey(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull(),
  reason: text('reason').$type<'retention' | 'request'>().notNull(),
});

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderHistoryRow = typeof orderStatusHistory.$inferSelect;

/** Orders each school placed in the current clock hour (the hourly limit; one row a school). */
export const placementWindows = ordersSchema.table('placement_windows', {
  userId: uuid('user_id').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  placed: integer('placed').notNull(),
});

/** The charity's settings: one row (`id` = 'settings'); absent fields take their defaults (009). */
export const settings = ordersSchema.table('settings', {
  id: text('id').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
