/**
 * One table as both sides describe it: the database after the SQL migrations, and the Drizzle
 * declarations. Expressions (defaults, index keys, predicates) are kept as normalised text so the two
 * spellings of the same thing compare equal.
 */
export interface ColumnShape {
  /** As PostgreSQL's format_type spells it (bigserial is a bigint with a sequence default). */
  type: string;
  notNull: boolean;
  /** The normalised default expression, or null when the column has none. */
  default: string | null;
}

export interface KeyShape {
  name: string;
  /** Column names or normalised expressions, in key order, with ' DESC' for descending keys. */
  keys: string[];
  /** The partial index's predicate, normalised; null when the index covers every row. */
  where: string | null;
}

export interface ForeignKeyShape {
  columns: string[];
  /** `schema.table` */
  references: string;
  referencedColumns: string[];
  onDelete: 'no action' | 'restrict' | 'cascade' | 'set null' | 'set default';
}

export interface TableShape {
  columns: Map<string, ColumnShape>;
  primaryKey: string[];
  /** Unique constraints and unique indexes alike: both make a second equal row a conflict. */
  uniques: KeyShape[];
  /** Indexes that are neither a primary key nor unique. */
  indexes: KeyShape[];
  foreignKeys: ForeignKeyShape[];
  checks: string[];
}

/** `''::text` and `''` mean the same default; quoting and casts are spelling, not meaning. */
export function normaliseExpression(text: string): string {
  let result = text.replace(/"/g, '').replace(/\s+/g, ' ').trim();
  // Casts PostgreSQL adds when it prints a stored expression: `'[]'::jsonb`, `'link'::text`.
  result = result.replace(/::[a-z_ ]+(\[\])?(?=$|[\s),])/g, '');
  while (result.startsWith('(') && result.endsWith(')') && balanced(result.slice(1, -1))) {
    result = result.slice(1, -1).trim();
  }
  return result;
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** PostgreSQL prints `numeric(3,2)`; Drizzle writes `numeric(3, 2)`. */
export function normaliseType(type: string): string {
  const spaced = type
    .replace(/\s*,\s*/g, ',')
    .replace(/\s+/g, ' ')
    .trim();
  switch (spaced) {
    case 'bigserial':
      return 'bigint';
    case 'serial':
      return 'integer';
    case 'smallserial':
      return 'smallint';
    default:
      return spaced;
  }
}

/** The default a serial column gets: PostgreSQL stores it as nextval() of the column's sequence. */
export const SEQUENCE_DEFAULT = 'nextval(<sequence>)';
