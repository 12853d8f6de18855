/** Small SQL helpers shared by the catalog repositories. */
import { sql, type SQL } from 'drizzle-orm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id can never match a row; callers answer 404 instead of letting PostgreSQL fail. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Escapes LIKE wildcards so a keyword matches literally (the value itself is always a parameter). */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function ilikeLiteral(column: SQL, keyword: string): SQL {
  return sql`${column} ILIKE ${likePattern(keyword)} ESCAPE '\\'`;
}

/** Joins conditions with AND; an empty list means "everything". */
export function whereAll(conditions: SQL[]): SQL {
  return conditions.length === 0 ? sql`TRUE` : sql.join(conditions, sql` AND `);
}

/** `= ANY($1::uuid[])` with the array as one parameter; malformed ids are dropped (they match nothing). */
export function anyUuid(column: SQL, ids: string[]): SQL {
  const valid = ids.filter(isUuid);
  return sql`${column} = ANY(${`{${valid.join(',')}}`}::uuid[])`;
}

/** A timestamptz as an ISO 8601 string in UTC (raw queries return text, not Date objects). */
export function isoTime(column: SQL): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
