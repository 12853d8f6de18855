/**
 * The tables of one PostgreSQL schema as the migrations left them, read from the system catalogs.
 */
import type pg from 'pg';
import {
  normaliseExpression,
  normaliseType,
  SEQUENCE_DEFAULT,
  type ForeignKeyShape,
  type TableShape,
} from './table-shape.js';

const COLUMNS = `
SELECT c.relname AS table, a.attname::text AS column, format_type(a.atttypid, a.atttypmod) AS type,
       a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS default
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')
ORDER BY c.relname, a.attnum`;

const CONSTRAINTS = `
SELECT c.relname AS table, con.conname::text AS name, con.contype AS kind,
       ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
             JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
             ORDER BY k.ord) AS columns,
       fn.nspname || '.' || fc.relname AS references,
       ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
             JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum
             ORDER BY k.ord) AS referenced_columns,
       con.confdeltype AS on_delete
FROM pg_constraint con
JOIN pg_class c ON c.oid = con.conrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_class fc ON fc.oid = con.confrelid
LEFT JOIN pg_namespace fn ON fn.oid = fc.relnamespace
WHERE n.nspname = $1
ORDER BY c.relname, con.conname`;

/** Indexes that do not back a primary key or unique constraint (those are read as constraints). */
const INDEXES = `
SELECT c.relname AS table, ic.relname AS name, i.indisunique AS unique,
       ARRAY(SELECT pg_get_indexdef(i.indexrelid, k, true)
                    || CASE WHEN i.indoption[k - 1] & 1 = 1 THEN ' DESC' ELSE '' END
             FROM generate_series(1, i.indnkeyatts) k ORDER BY k) AS keys,
       pg_get_expr(i.indpred, i.indrelid, true) AS predicate
FROM pg_index i
JOIN pg_class ic ON ic.oid = i.indexrelid
JOIN pg_class c ON c.oid = i.indrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1
  AND NOT EXISTS (SELECT 1 FROM pg_constraint con
                  WHERE con.conindid = i.indexrelid AND con.contype IN ('p', 'u', 'x'))
ORDER BY c.relname, ic.relname`;

const ON_DELETE: Record<string, ForeignKeyShape['onDelete']> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

function columnDefault(expression: string | null): string | null {
  if (expression === null) return null;
  return expression.startsWith('nextval(') ? SEQUENCE_DEFAULT : normaliseExpression(expression);
}

export async function databaseTableShapes(
  client: pg.ClientBase,
  schema: string,
): Promise<Map<string, TableShape>> {
  const tables = new Map<string, TableShape>();
  const tableOf = (name: string): TableShape => {
    let table = tables.get(name);
    if (!table) {
      table = {
        columns: new Map(),
        primaryKey: [],
        uniques: [],
        indexes: [],
        foreignKeys: [],
        checks: [],
      };
      tables.set(name, table);
    }
    return table;
  };

  const columns = await client.query<{
    table: string;
    column: string;
    type: string;
    not_null: boolean;
    default: string | null;
  }>(COLUMNS, [schema]);
  for (const row of columns.rows) {
    tableOf(row.table).columns.set(row.column, {
      type: normaliseType(row.type),
      notNull: row.not_null,
      default: columnDefault(row.default),
    });
  }

  const constraints = await client.query<{
    table: string;
    name: string;
    kind: string;
    columns: string[];
    references: string | null;
    referenced_columns: string[];
    on_delete: string;
  }>(CONSTRAINTS, [schema]);
  for (const row of constraints.rows) {
    const table = tableOf(row.table);
    switch (row.kind) {
      case 'p':
        table.primaryKey = row.columns;
        break;
      case 'u':
        table.uniques.push({ name: row.name, keys: row.columns, where: null });
        break;
      case 'f':
        table.foreignKeys.push({
          columns: row.columns,
          references: row.references ?? '?',
          referencedColumns: row.referenced_columns,
          onDelete: ON_DELETE[row.on_delete] ?? 'no action',
        });
        break;
      case 'c':
        table.checks.push(row.name);
        break;
      default:
        break;
    }
  }

  const indexes = await client.query<{
    table: string;
    name: string;
    unique: boolean;
    keys: string[];
    predicate: string | null;
  }>(INDEXES, [schema]);
  for (const row of indexes.rows) {
    const index = {
      name: row.name,
      keys: row.keys.map(normaliseExpression),
      where: row.predicate === null ? null : normaliseExpression(row.predicate),
    };
    (row.unique ? tableOf(row.table).uniques : tableOf(row.table).indexes).push(index);
  }
  return tables;
}
