/**
 * The database part of a backup: every table of the services' schemas as PostgreSQL COPY text (exact
 * types, no client-side conversion), the migrations each schema had, and its sequences' positions.
 * Restore recreates the tables with those same migrations, loads parents before children (foreign
 * keys stay checked) and moves the sequences back.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import copyStreams from 'pg-copy-streams';

export const SCHEMAS = ['auth', 'catalog', 'orders', 'reporting'];

/**
 * Tables a trigger fills from other tables of the archive (orders.order_counts counts the orders,
 * orders.order_schools lists their schools): not archived, since loading the tables they come from
 * fills them again, and loading them as well would count every order twice.
 */
const DERIVED_TABLES = new Set(['orders.order_counts', 'orders.order_schools']);

const quote = (name) => `"${name.replace(/"/g, '""')}"`;
const qualified = (schema, table) => `${quote(schema)}.${quote(table)}`;

/** Tables of `schema` ordered so that every table comes after the tables it references. */
export async function tablesInLoadOrder(client, schema) {
  const { rows: tables } = await client.query(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name`,
    [schema],
  );
  const { rows: references } = await client.query(
    `SELECT child.relname AS child, parent.relname AS parent
       FROM pg_constraint c
       JOIN pg_class child ON child.oid = c.conrelid
       JOIN pg_class parent ON parent.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE c.contype = 'f' AND n.nspname = $1 AND child.oid <> parent.oid`,
    [schema],
  );
  const ordered = [];
  const placed = new Set();
  const names = tables.map((row) => row.table_name);
  while (ordered.length < names.length) {
    const ready = names.filter(
      (name) =>
        !placed.has(name) &&
        references.every((ref) => ref.child !== name || placed.has(ref.parent)),
    );
    if (ready.length === 0) throw new Error(`Circular foreign keys in schema ${schema}`);
    for (const name of ready) {
      placed.add(name);
      ordered.push(name);
    }
  }
  return ordered;
}

/** Columns that take values (generated columns are computed again on load). */
async function writableColumns(client, schema, table) {
  const { rows } = await client.query(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = $1 AND table_name = $2 AND is_generated = 'NEVER'
      ORDER BY ordinal_position`,
    [schema, table],
  );
  return rows.map((row) => row.column_name);
}

/**
 * Writes `<dir>/<schema>/<table>.copy` for every table, inside one REPEATABLE READ transaction so
 * all schemas come from the same moment. Returns the manifest part: migrations, tables with row
 * counts and columns, sequences.
 */
export async function dumpDatabase(pool, dir, progress) {
  const client = await pool.connect();
  const manifest = {};
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    for (const schema of SCHEMAS) {
      const exists = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
      if (exists.rowCount === 0) continue;
      await mkdir(path.join(dir, schema), { recursive: true });
      const { rows: migrations } = await client.query(
        `SELECT name FROM ${qualified(schema, 'schema_migrations')} ORDER BY name`,
      );
      const { rows: sequences } = await client.query(
        `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences
          WHERE schemaname = $1 AND last_value IS NOT NULL`,
        [schema],
      );
      const tables = {};
      for (const table of await tablesInLoadOrder(client, schema)) {
        if (table === 'schema_migrations' || DERIVED_TABLES.has(`${schema}.${table}`)) continue;
        const columns = await writableColumns(client, schema, table);
        const { rows } = await client.query(
          `SELECT count(*)::bigint AS n FROM ${qualified(schema, table)}`,
        );
        const rowCount = Number(rows[0].n);
        progress.update(`database ${schema}.${table}`, 0, rowCount);
        const columnList = columns.map(quote).join(', ');
        await pipeline(
          client.query(
            copyStreams.to(`COPY ${qualified(schema, table)} (${columnList}) TO STDOUT`),
          ),
          createWriteStream(path.join(dir, schema, `${table}.copy`)),
        );
        progress.update(`database ${schema}.${table}`, rowCount, rowCount);
        tables[table] = { rows: rowCount, columns };
      }
      manifest[schema] = {
        migrations: migrations.map((row) => row.name),
        tables,
        sequences: Object.fromEntries(sequences.map((row) => [row.name, row.value])),
      };
    }
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  return manifest;
}

/** Fails unless the services' schemas are absent or hold no rows (restore never merges). */
export async function assertDatabaseEmpty(pool) {
  for (const schema of SCHEMAS) {
    const { rows } = await pool.query(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = $1 AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'`,
      [schema],
    );
    for (const { table_name: table } of rows) {
      const { rowCount } = await pool.query(`SELECT 1 FROM ${qualified(schema, table)} LIMIT 1`);
      if (rowCount > 0)
        throw new Error(
          `The database already holds data (${schema}.${table}). Restore into an empty database, ` +
            'or pass --replace to delete the current data first.',
        );
    }
  }
}

export async function dropSchemas(pool) {
  for (const schema of SCHEMAS) await pool.query(`DROP SCHEMA IF EXISTS ${quote(schema)} CASCADE`);
}

/**
 * Loads the dumped tables in one transaction per schema. `createSchema(schema, migrations)` must
 * leave the schema exactly as those migrations make it (tables empty).
 */
export async function loadDatabase(pool, dir, manifest, createSchema, progress) {
  for (const [schema, part] of Object.entries(manifest)) {
    await createSchema(schema, part.migrations);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // Rows a migration put in (e.g. a settings row) are replaced by the archive's own.
      const tables = Object.keys(part.tables).map((table) => qualified(schema, table));
      if (tables.length > 0) await client.query(`TRUNCATE ${tables.join(', ')}`);
      for (const [table, { rows, columns }] of Object.entries(part.tables)) {
        progress.update(`database ${schema}.${table}`, 0, rows);
        const columnList = columns.map(quote).join(', ');
        await pipeline(
          createReadStream(path.join(dir, schema, `${table}.copy`)),
          client.query(
            copyStreams.from(`COPY ${qualified(schema, table)} (${columnList}) FROM STDIN`),
          ),
        );
        progress.update(`database ${schema}.${table}`, rows, rows);
      }
      for (const [sequence, value] of Object.entries(part.sequences)) {
        await client.query('SELECT setval($1::regclass, $2::bigint)', [
          qualified(schema, sequence),
          value,
        ]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

/** Row counts now, to compare with the manifest after a restore. */
export async function countRows(pool, manifest) {
  const counts = {};
  for (const [schema, part] of Object.entries(manifest)) {
    for (const table of Object.keys(part.tables)) {
      const { rows } = await pool.query(
        `SELECT count(*)::bigint AS n FROM ${qualified(schema, table)}`,
      );
      counts[`${schema}.${table}`] = Number(rows[0].n);
    }
  }
  return counts;
}
