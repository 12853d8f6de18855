/**
 * The tables a service's Drizzle module declares, in the same shape as the database's
 * (read through drizzle-orm's getTableConfig).
 */
import { is, SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import {
  normaliseExpression,
  normaliseType,
  SEQUENCE_DEFAULT,
  type ColumnShape,
  type KeyShape,
  type TableShape,
} from './table-shape.js';

const dialect = new PgDialect();

function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  return `'${JSON.stringify(value)}'`;
}

/** SQL as Drizzle would send it, parameters written in place, column names unqualified. */
function render(expression: SQL): string {
  const query = dialect.sqlToQuery(expression, 'indexes');
  const text = query.sql.replace(/\$(\d+)/g, (_, n: string) =>
    literal(query.params[Number(n) - 1]),
  );
  return normaliseExpression(text);
}

function columnShape(column: PgColumn): ColumnShape {
  const sqlType = column.getSQLType();
  let expected: string | null = null;
  if (/serial$/.test(sqlType)) expected = SEQUENCE_DEFAULT;
  else if (column.default !== undefined)
    expected = is(column.default, SQL) ? render(column.default) : literal(column.default);
  // A $defaultFn runs in the application: the database need not have any default for it.
  return { type: normaliseType(sqlType), notNull: column.notNull, default: expected };
}

/** Every table a schema module exports, by name, with the PostgreSQL schema it lives in. */
export function drizzleTableShapes(
  module: Record<string, unknown>,
): Map<string, TableShape & { schema: string | undefined }> {
  const tables = new Map<string, TableShape & { schema: string | undefined }>();
  for (const value of Object.values(module)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const columns = new Map(config.columns.map((c) => [c.name, columnShape(c)] as const));
    const primaryKey =
      config.primaryKeys[0]?.columns.map((c) => c.name) ??
      config.columns.filter((c) => c.primary).map((c) => c.name);
    const uniques: KeyShape[] = [
      ...config.columns
        .filter((c) => c.isUnique)
        .map((c) => ({ name: c.uniqueName ?? '', keys: [c.name], where: null })),
      ...config.uniqueConstraints.map((u) => ({
        name: u.getName() ?? '',
        keys: u.columns.map((c) => c.name),
        where: null,
      })),
    ];
    const indexes: KeyShape[] = [];
    for (const index of config.indexes) {
      const shape: KeyShape = {
        name: index.config.name ?? '(unnamed)',
        keys: index.config.columns.map((key) => {
          if (is(key, SQL)) return render(key);
          // A column of the index (drizzle types it as a partial of SQL or IndexedColumn).
          const column = key as { name?: string; indexConfig?: { order?: string } };
          return `${column.name}${column.indexConfig?.order === 'desc' ? ' DESC' : ''}`;
        }),
        where: index.config.where ? render(index.config.where) : null,
      };
      (index.config.unique ? uniques : indexes).push(shape);
    }
    const foreignKeys = config.foreignKeys.map((fk) => {
      const reference = fk.reference();
      const target = getTableConfig(reference.foreignTable);
      return {
        columns: reference.columns.map((c) => c.name),
        references: `${target.schema ?? 'public'}.${target.name}`,
        referencedColumns: reference.foreignColumns.map((c) => c.name),
        onDelete: fk.onDelete ?? 'no action',
      };
    });
    tables.set(config.name, {
      schema: config.schema,
      columns,
      primaryKey,
      uniques,
      indexes,
      foreignKeys,
      checks: config.checks.map((c) => c.name),
    });
  }
  return tables;
}
