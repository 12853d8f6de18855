/**
 * Drizzle declarations of the auth tables the code reads through Drizzle. The SQL migrations are the
 * schema's history; test/schema-agreement.test.ts keeps these equal to them and lists the tables that
 * only raw SQL touches (login_failures, reset_requests).
 */
import { sql } from 'drizzle-orm';
import { integer, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const authSchema = pgSchema('auth');

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = authSchema.table(
  'users',
  {
    id: uuid('id').primaryKey(),
    loginId: text('login_id').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<'user' | 'admin' | 'volunteer'>().notNull(),
    address: text('address').notNull().default(''),
    district: text('district').notNull().default(''),
    avatarUrl: text('avatar_url').notNull(),
    passwordHash: text('password_hash').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  // The repository names this index in its conflict message (a login id taken, in any case).
  (table) => [uniqueIndex('users_login_id_lower_idx').on(sql`lower(${table.loginId})`)],
);
export type UserRow = typeof users.$inferSelect;

export const sessions = authSchema.table('sessions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
  revokedAt: timestamptz('revoked_at'),
});

export const passwordResets = authSchema.table('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});
