/**
 * The SQL condition shared by every figure: live (not deleted) orders created within the range.
 * `from` and `to` are whole days in the report's time zone, both included.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ReportRange } from '@lr/contracts';

export function liveOrdersIn(range: ReportRange, timeZone: string): SQL {
  const conditions: SQL[] = [sql`NOT o.deleted`];
  if (range.from) {
    conditions.push(
      sql`o.created_at >= ((${range.from}::date)::timestamp AT TIME ZONE ${timeZone})`,
    );
  }
  if (range.to) {
    conditions.push(
      sql`o.created_at < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`,
    );
  }
  return sql.join(conditions, sql` AND `);
}

/** The Monday (ISO week start) of a timestamp column in the report's time zone, as `YYYY-MM-DD`. */
export function weekOf(column: SQL, timeZone: string): SQL {
  return sql`to_char(date_trunc('week', ${column} AT TIME ZONE ${timeZone}), 'YYYY-MM-DD')`;
}
