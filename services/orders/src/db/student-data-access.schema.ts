/** Drizzle declaration of the access log of student details (migration 007). */
import { sql } from 'drizzle-orm';
import { bigserial, pgSchema, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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
  // Every page and resend of one request adds to the row of its access id.
  (table) => [unique('student_data_access_access_id_key').on(table.accessId)],
);

export type StudentDataAccessRow = typeof studentDataAccess.$inferSelect;
