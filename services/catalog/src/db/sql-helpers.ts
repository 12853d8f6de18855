/** Small SQL helpers shared by the catalog repositories. */
import { sql, type SQL } from 'drizzle-orm';
import { isUuid, likeContaining } from '@lr/nest-kit';

/** `column` contains `keyword`, case-insensitively and literally (wildcards escaped). */
export function ilikeLiteral(column: SQL, keyword: string): SQL {
  return sql`${column} ILIKE ${likeContaining(keyword)}`;
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
