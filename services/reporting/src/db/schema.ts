/** Drizzle definitions of the read model; they match migrations/001-read-model.sql. */
import {
  bigint,
  boolean,
  date,
  integer,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const reporting = pgSchema('reporting');

export const reportOrders = reporting.table('report_orders', {
  orderId: uuid('order_id').primaryKey(),
  version: integer('version').notNull(),
  orderNumber: text('order_number').notNull(),
  userId: uuid('user_id').notNull(),
  schoolName: text('school_name').notNull(),
  teacherName: text('teacher_name').notNull(),
  receivingPerson: text('receiving_person').notNull(),
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

/** Day rollups (migrations/002-day-rollups.sql); `day` is the creation day in REPORT_TIME_ZONE. */
export const reportDayTotals = reporting.table('report_day_totals', {
  day: date('day').primaryKey(),
  orders: integer('orders').notNull(),
  fulfilled: integer('fulfilled').notNull(),
  fulfilmentMs: bigint('fulfilment_ms', { mode: 'number' }).notNull(),
  items: integer('items').notNull(),
});

export const reportDayItems = reporting.table(
  'report_day_items',
  { day: date('day').notNull(), name: text('name').notNull(), orders: integer('orders').notNull() },
  (table) => [primaryKey({ columns: [table.day, table.name] })],
);

export const reportDaySchools = reporting.table(
  'report_day_schools',
  {
    day: date('day').notNull(),
    school: text('school').notNull(),
    orders: integer('orders').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.school] })],
);

export const reportDayStudents = reporting.table(
  'report_day_students',
  {
    day: date('day').notNull(),
    person: text('person').notNull(),
    orders: integer('orders').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.person] })],
);

export const reportDayCategories = reporting.table(
  'report_day_categories',
  {
    day: date('day').notNull(),
    category: text('category').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.category] })],
);

export const reportDayDeliveries = reporting.table(
  'report_day_deliveries',
  {
    day: date('day').notNull(),
    deliveredDay: date('delivered_day').notNull(),
    orders: integer('orders').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.deliveredDay] })],
);

export const reportMeta = reporting.table('report_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** All-time rollups (migrations/003-all-time-rollups.sql) for the report with no date range. */
export const reportItemTotals = reporting.table('report_item_totals', {
  name: text('name').primaryKey(),
  orders: integer('orders').notNull(),
});

export const reportSchoolTotals = reporting.table('report_school_totals', {
  school: text('school').primaryKey(),
  orders: integer('orders').notNull(),
});

export const reportStudentTotals = reporting.table('report_student_totals', {
  person: text('person').primaryKey(),
  orders: integer('orders').notNull(),
});
