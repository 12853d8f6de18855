/**
 * Range conditions. The report reads the day rollups, whose `day` is already the creation day in
 * the report's time zone, so a range is a plain date comparison; the orders export reads the order
 * rows and converts the days to instants in that zone. `from` and `to` are both included.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ReportRange } from '@lr/contracts';

/** Rollup rows (alias-free `day` column) of days within the range. */
export function daysIn(range: ReportRange): SQL {
  const conditions: SQL[] = [sql`TRUE`];
  if (range.from) conditions.push(sql`day >= ${range.from}::date`);
  if (range.to) conditions.push(sql`day <= ${range.to}::date`);
  return sql.join(conditions, sql` AND `);
}

/** Live (not deleted) order rows `o` created within the range. */
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

/**
 * The Monday (ISO week start) of a date column, as a date: series group by it and format only the
 * weeks they return (formatting every day first costs more than the sums, over years of days).
 */
export function mondayOf(column: SQL): SQL {
  return sql`(${column} - (extract(isodow FROM ${column})::int - 1))`;
}
