/** Drizzle declaration of the access log of student details (migrations 007 and 012). */
import { sql } from 'drizzle-orm';
import { bigserial, index, pgSchema, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { Role, StudentDataAction } from '@lr/contracts';

// The same schema as schema.ts's; declared here so that file can re-export this one without a cycle.
const ordersSchema = pgSchema('orders');

export const studentDataAccess = ordersSchema.table(
  'student_data_access',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accessId: uuid('access_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').notNull(),
    actorLoginId: text('actor_login_id').notNull(),
    actorRole: text('actor_role').$type<Role>().notNull(),
    action: text('action').$type<StudentDataAction>().notNull(),
    orderIds: uuid('order_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    orderNumbers: text('order_numbers')
      .array()
      .notNull()
      .default(sql`'{}'`),
    schoolIds: uuid('school_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    schoolNames: text('school_names')
      .array()
      .notNull()
      .default(sql`'{}'`),
    scope: text('scope'),
    clientAddress: text('client_address'),
  },
  // One row per request: its first page; later pages go to studentDataAccessPages.
  (table) => [unique('student_data_access_access_id_key').on(table.accessId)],
);

export type StudentDataAccessRow = typeof studentDataAccess.$inferSelect;

/** A later page of a read: the orders it showed, under the read's access id. */
export const studentDataAccessPages = ordersSchema.table(
  'student_data_access_pages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accessId: uuid('access_id')
      .notNull()
      .references(() => studentDataAccess.accessId, { onDelete: 'cascade' }),
    orderIds: uuid('order_ids').array().notNull(),
    orderNumbers: text('order_numbers').array().notNull(),
    schoolIds: uuid('school_ids').array().notNull(),
    schoolNames: text('school_names').array().notNull(),
  },
  (table) => [index('student_data_access_pages_access_idx').on(table.accessId)],
);
