/**
 * The SQL that counts a student's requests and flags orders for the console. A student is known by
 * the fingerprint of (school, student id) each order keeps after its details are erased, so both
 * survive erasure. Every order that exists counts, whatever its status; a deleted order is gone.
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import type { SchoolYearStart } from '@lr/contracts';
import { DATABASE, GroupWriter, executeNamed, type Database } from '@lr/nest-kit';

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

/** One student's requests to count (`count`). */
interface CountQuery {
  schoolId: string;
  fingerprints: readonly KeyedFingerprint[];
  since: Date;
}

@Injectable()
export class StudentRequestsRepository {
  /**
   * Every order placed counts its student's requests first: orders placed at the same moment are
   * counted by one statement (one round trip, as their inserts share one).
   */
  private readonly counting = new GroupWriter<CountQuery, number>((queries) =>
    this.countAll(queries),
  );

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Orders of this school placed since `since` whose fingerprint is one of `fingerprints`. */
  async count(
    schoolId: string,
    fingerprints: readonly KeyedFingerprint[],
    since: Date,
  ): Promise<number> {
    if (fingerprints.length === 0) return 0;
    return this.counting.submit({ schoolId, fingerprints, since });
  }

  /**
   * The counts of several students in one named statement. Each fingerprint is counted by a
   * subquery of its own with the school and the fingerprint as equalities, so the planner takes the
   * (school, fingerprint) index and reads that student's orders only. Written as one condition on
   * a set of fingerprints, the plan read every order of the school's year through the (school,
   * created) index on every order placed: a large school's placements slowed with each order.
   */
  private async countAll(queries: readonly CountQuery[]): Promise<number[]> {
    const wanted = queries.map((query, n) => ({
      n,
      school_id: query.schoolId,
      fingerprints: query.fingerprints.map((f) => f.fingerprint),
      years: query.fingerprints.map((f) => f.schoolYear),
      since: query.since.toISOString(),
    }));
    const { rows } = await executeNamed<{ n: number; requests: string }>(
      this.db,
      'orders.count-student-requests',
      sql`SELECT w.n,
                 (SELECT sum((SELECT count(*) FROM orders.orders o
                              WHERE o.user_id = w.school_id
                                AND o.student_fingerprint = k.fingerprint
                                AND o.fingerprint_year = k.year
                                AND o.created_at >= w.since))
                  FROM unnest(w.years, w.fingerprints) AS k(year, fingerprint)) AS requests
          FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
            AS w(n integer, school_id uuid, fingerprints text[], years integer[],
                 since timestamptz)`,
    );
    const counts = new Map(rows.map((row) => [Number(row.n), Number(row.requests)]));
    return queries.map((_, n) => counts.get(n) ?? 0);
  }

  /**
   * Per order: whether another open (not Delivered) request of the same student at the same school
   * exists while this one is open, and its place among the student's requests of its school year
   * (the year as `start` says, from midnight in its time zone; a start of 29 February rolls over to
   * 1 March as in the contracts).
   */
  async flags(ids: readonly string[], start: SchoolYearStart): Promise<OrderFlagRow[]> {
    if (ids.length === 0) return [];
    const zone = start.timeZone ?? 'UTC';
    // Midnight of the start day of calendar year `year` there (day - 1 added rolls 29 February over).
    const startIn = (year: SQL) =>
      sql`((make_timestamp(${year}, ${start.month}::integer, 1, 0, 0, 0)
             + (${start.day}::integer - 1) * interval '1 day') AT TIME ZONE ${zone}::text)`;
    const { rows } = await this.db.execute<{ id: string; duplicate: boolean; nth: string }>(
      sql`WITH picked AS (
            SELECT o.id, o.user_id, o.student_fingerprint AS fp, o.created_at, o.status,
                   extract(year FROM o.created_at AT TIME ZONE ${zone}::text)::integer AS year
            FROM orders.orders o
            WHERE o.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
          ), dated AS (
            SELECT *, CASE WHEN created_at >= ${startIn(sql`year`)} THEN ${startIn(sql`year`)}
                           ELSE ${startIn(sql`year - 1`)} END AS since
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
