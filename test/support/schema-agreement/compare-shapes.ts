/**
 * Where a Drizzle declaration and the migrated table disagree, one sentence per difference (an empty
 * list means they agree). Columns, the primary key and unique keys must match both ways: they decide
 * what a row is and what counts as a conflict. Plain indexes, foreign keys and checks are the SQL's
 * own business: only those Drizzle declares must exist as declared.
 */
import type { ForeignKeyShape, KeyShape, TableShape } from './table-shape.js';

function list(values: readonly string[]): string {
  return `(${values.join(', ')})`;
}

function sameKey(a: KeyShape, b: KeyShape): boolean {
  return list(a.keys) === list(b.keys) && a.where === b.where;
}

function describeKey(key: KeyShape): string {
  return `${key.name} ${list(key.keys)}${key.where ? ` WHERE ${key.where}` : ''}`;
}

function describeForeignKey(fk: ForeignKeyShape): string {
  return `${list(fk.columns)} -> ${fk.references} ${list(fk.referencedColumns)} ON DELETE ${fk.onDelete}`;
}

function compareColumns(table: string, declared: TableShape, actual: TableShape): string[] {
  const differences: string[] = [];
  for (const [name, column] of declared.columns) {
    const sql = actual.columns.get(name);
    if (!sql) {
      differences.push(`${table}.${name}: declared in Drizzle, missing from the migrations`);
      continue;
    }
    if (column.type !== sql.type)
      differences.push(`${table}.${name}: Drizzle type ${column.type}, SQL type ${sql.type}`);
    if (column.notNull !== sql.notNull)
      differences.push(
        `${table}.${name}: Drizzle says ${column.notNull ? 'NOT NULL' : 'nullable'}, SQL says ${sql.notNull ? 'NOT NULL' : 'nullable'}`,
      );
    if (column.default !== null && column.default !== sql.default)
      differences.push(
        `${table}.${name}: Drizzle default ${column.default}, SQL default ${sql.default ?? 'none'}`,
      );
  }
  for (const name of actual.columns.keys()) {
    if (!declared.columns.has(name))
      differences.push(`${table}.${name}: in the migrations, not declared in Drizzle`);
  }
  return differences;
}

function compareUniques(table: string, declared: TableShape, actual: TableShape): string[] {
  const differences: string[] = [];
  for (const key of declared.uniques) {
    const sql = actual.uniques.find((u) => u.name === key.name);
    if (!sql) differences.push(`${table}: unique ${describeKey(key)} is not in the migrations`);
    else if (!sameKey(key, sql))
      differences.push(
        `${table}: unique ${describeKey(key)} in Drizzle is ${describeKey(sql)} in SQL`,
      );
  }
  for (const key of actual.uniques) {
    if (!declared.uniques.some((u) => u.name === key.name))
      differences.push(`${table}: unique ${describeKey(key)} in SQL is not declared in Drizzle`);
  }
  return differences;
}

export function compareTable(table: string, declared: TableShape, actual: TableShape): string[] {
  const differences = [
    ...compareColumns(table, declared, actual),
    ...compareUniques(table, declared, actual),
  ];
  if (list(declared.primaryKey) !== list(actual.primaryKey))
    differences.push(
      `${table}: primary key ${list(declared.primaryKey)} in Drizzle, ${list(actual.primaryKey)} in SQL`,
    );
  for (const index of declared.indexes) {
    const sql = actual.indexes.find((i) => i.name === index.name);
    if (!sql || !sameKey(index, sql))
      differences.push(
        `${table}: index ${describeKey(index)} in Drizzle is ${sql ? describeKey(sql) : 'missing'} in SQL`,
      );
  }
  for (const fk of declared.foreignKeys) {
    if (!actual.foreignKeys.some((f) => describeForeignKey(f) === describeForeignKey(fk)))
      differences.push(`${table}: foreign key ${describeForeignKey(fk)} is not in the migrations`);
  }
  for (const check of declared.checks) {
    if (!actual.checks.includes(check))
      differences.push(`${table}: check ${check} is not in the migrations`);
  }
  return differences;
}
