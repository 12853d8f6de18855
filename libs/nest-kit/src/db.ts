/**
 * PostgreSQL access: one pool per service, Drizzle over node-postgres, and a small migrator that
 * applies the committed SQL files of a service (plus the kit's own tables) at start.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { AppError } from '@lr/contracts';
import type { Logger } from './logger.js';
import { kitMigrations } from './kit-migrations.js';

export type Database = NodePgDatabase<Record<string, never>>;
/** What a repository needs to run SQL: the database itself or an open transaction. */
export type Executor = Pick<Database, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** `applicationName` shows in pg_stat_activity, so an operator sees which service holds a connection. */
export function createPool(databaseUrl: string, max = 10, applicationName?: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    idleTimeoutMillis: 30_000,
    ...(applicationName ? { application_name: applicationName } : {}),
  });
  // An idle client losing its connection (e.g. PostgreSQL restarted) must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

export function createDatabase(pool: pg.Pool): Database {
  return drizzle(pool);
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Applies `<dir>/*.sql` in name order, each once, inside a transaction, under an advisory lock so
 * that replicas starting together do not race.
 */
export async function runMigrations(
  pool: pg.Pool,
  schema: string,
  migrationsDir: string,
  logger?: Logger,
): Promise<string[]> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: { name: string; sql: string }[] = kitMigrations(schema);
  for (const file of files) {
    migrations.push({ name: file, sql: await readFile(path.join(migrationsDir, file), 'utf8') });
  }

  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (
        await client.query<{ name: string }>(`SELECT name FROM ${schema}.schema_migrations`)
      ).rows.map((r) => r.name),
    );
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query(`INSERT INTO ${schema}.schema_migrations (name) VALUES ($1)`, [
          migration.name,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(
          `Migration ${schema}/${migration.name} failed: ${(error as Error).message}`,
          { cause: error },
        );
      }
      applied.push(migration.name);
      logger?.info({ schema, migration: migration.name }, 'migration applied');
    }
  } finally {
    await client
      .query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`])
      .catch(() => undefined);
    client.release();
  }
  return applied;
}

/** True when PostgreSQL answers a trivial query. */
export async function pingDatabase(pool: pg.Pool): Promise<void> {
  await pool.query('SELECT 1');
}

interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(): Promise<pg.QueryResult> };
  };
}

/**
 * Runs `query` as a named prepared statement: PostgreSQL parses and plans it once per connection and
 * reuses the plan. For the hot statements only, whose planning on every call would cost PostgreSQL
 * CPU on every order placed (figures in bench/README.md). The text must be the same on every call:
 * only the parameters may change, or the connection refuses the second text under the same name.
 *
 * Drizzle's `execute` always sends unnamed statements; its session (on the database and on a
 * transaction alike) takes a name, which node-postgres turns into a prepared statement.
 */
export function executeNamed<T extends Record<string, unknown>>(
  exec: Executor,
  name: string,
  query: SQL,
): Promise<pg.QueryResult<T>> {
  const { dialect, session } = exec as unknown as DrizzleInternals;
  const prepared = session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return prepared.execute() as Promise<pg.QueryResult<T>>;
}

/** PostgreSQL's unique_violation: a second row where a unique constraint or index allows one. */
export const UNIQUE_VIOLATION = '23505';

/** A repository's message for each of its unique constraints (or unique indexes), by name. */
export type UniqueConstraintMessages = Readonly<Record<string, string>>;

/** The message when no repository named the constraint: still a conflict, never a 500. */
export const DEFAULT_UNIQUE_MESSAGE =
  'This already exists (another request may have just created it)';

/**
 * The constraint a unique violation names, or null when `error` is not one. Drizzle wraps the
 * driver's error (as `cause`), so the chain is followed.
 */
export function uniqueViolationOf(error: unknown): { constraint: string | null } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (e.code === UNIQUE_VIOLATION) {
      return { constraint: typeof e.constraint === 'string' ? e.constraint : null };
    }
    current = e.cause;
  }
  return null;
}

/**
 * The 409 a unique violation means, with the message the repository gave for its constraint;
 * null when `error` is not a unique violation. The check-then-write of a service (e.g. "is this
 * login id taken?") cannot see a row a concurrent transaction is inserting: the index decides, and
 * this turns its answer into the same conflict the check would have given.
 */
export function conflictFromUniqueViolation(
  error: unknown,
  messages: UniqueConstraintMessages = {},
): AppError | null {
  const violation = uniqueViolationOf(error);
  if (!violation) return null;
  const message =
    (violation.constraint && messages[violation.constraint]) || DEFAULT_UNIQUE_MESSAGE;
  return AppError.conflict(message);
}

/** Runs a write; a unique violation becomes the repository's 409 (see conflictFromUniqueViolation). */
export async function withUniqueMessages<T>(
  messages: UniqueConstraintMessages,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw conflictFromUniqueViolation(error, messages) ?? error;
  }
}
