/**
 * Drizzle declarations of the auth tables the code reads through Drizzle. The SQL migrations are the
 * schema's history; test/schema-agreement.test.ts keeps these equal to them and lists the tables that
 * only raw SQL touches (login_failures, reset_requests).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const authSchema = pgSchema('auth');

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = authSchema.table(
  'users',
  {
    id: uuid('id').primaryKey(),
    loginId: text('login_id').notNull(),
    /** loginKeyOf(loginId): what every lookup, uniqueness check and throttle compares. */
    loginKey: text('login_key').notNull(),
    name: text('name').notNull(),
    /** loginKeyOf(name): school names are unique among schools in this form. */
    nameKey: text('name_key').notNull(),
    role: text('role').$type<'user' | 'admin' | 'volunteer'>().notNull(),
    address: text('address').notNull().default(''),
    district: text('district').notNull().default(''),
    avatarUrl: text('avatar_url').notNull(),
    passwordHash: text('password_hash').notNull(),
    exemptFromLineCap: boolean('exempt_from_line_cap').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  // The repository names these indexes in its conflict messages.
  (table) => [
    uniqueIndex('users_login_key_idx').on(table.loginKey),
    uniqueIndex('users_school_name_key_idx')
      .on(table.nameKey)
      .where(sql`role = 'user'`),
  ],
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
