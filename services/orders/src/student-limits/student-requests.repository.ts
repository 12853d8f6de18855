/**
 * The SQL that counts a student's requests and flags orders for the console. A student is known by
 * the fingerprint of (school, student id) each order keeps after its details are erased, so both
 * survive erasure. Every order that exists counts, whatever its status; a deleted order is gone.
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { SchoolYearStart } from '@lr/contracts';
import { DATABASE, type Database } from '@lr/nest-kit';

export interface KeyedFingerprint {
  schoolYear: number;
  fingerprint: string;
}

export interface OrderFlagRow {
  id: string;
  duplicate: boolean;
  /** This order's place among its student's requests of its school year (1 = the first). */
  nth: number;
}

@Injectable()
export class StudentRequestsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Orders of this school placed since `since` whose fingerprint is one of `fingerprints`. */
  async count(
    schoolId: string,
    fingerprints: readonly KeyedFingerprint[],
    since: Date,
  ): Promise<number> {
    if (fingerprints.length === 0) return 0;
    const { rows } = await this.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM orders.orders o
          WHERE o.user_id = ${schoolId}
            AND o.created_at >= ${since.toISOString()}::timestamptz
            AND (o.fingerprint_year, o.student_fingerprint) IN (
              SELECT f."schoolYear", f.fingerprint
              FROM jsonb_to_recordset(${JSON.stringify(fingerprints)}::jsonb)
                AS f("schoolYear" integer, fingerprint text))`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Per order: whether another open (not Delivered) request of the same student at the same school
   * exists while this one is open, and its place among the student's requests of its school year
   * (the year as `start` says; a start of 29 February rolls over to 1 March as in the contracts).
   */
  async flags(ids: readonly string[], start: SchoolYearStart): Promise<OrderFlagRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.db.execute<{ id: string; duplicate: boolean; nth: string }>(
      sql`WITH picked AS (
            SELECT o.id, o.user_id, o.student_fingerprint AS fp, o.created_at, o.status,
                   make_timestamptz(extract(year FROM o.created_at AT TIME ZONE 'UTC')::integer,
                                    ${start.month}::integer, 1, 0, 0, 0, 'UTC')
                     + (${start.day}::integer - 1) * interval '1 day' AS year_start
            FROM orders.orders o
            WHERE o.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
          ), dated AS (
            SELECT *, CASE WHEN created_at >= year_start THEN year_start
                           ELSE year_start - interval '1 year' END AS since
            FROM picked
          )
          SELECT d.id,
                 d.fp IS NOT NULL AND d.status <> 'Delivered' AND EXISTS (
                   SELECT 1 FROM orders.orders x
                   WHERE x.user_id = d.user_id AND x.student_fingerprint = d.fp
                     AND x.id <> d.id AND x.status <> 'Delivered') AS duplicate,
                 CASE WHEN d.fp IS NULL THEN 0 ELSE (
                   SELECT count(*) FROM orders.orders c
                   WHERE c.user_id = d.user_id AND c.student_fingerprint = d.fp
                     AND c.created_at >= d.since
                     AND (c.created_at, c.id) <= (d.created_at, d.id)) END AS nth
          FROM dated d`,
    );
    return rows.map((row) => ({ id: row.id, duplicate: row.duplicate, nth: Number(row.nth) }));
  }
}
