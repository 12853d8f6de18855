/**
 * The impact report's figures for a range of days, summed from the impact rollups (delivered
 * orders) and from the donations valued at the product values in force then. Money is whole cents.
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '@lr/nest-kit';
import type { Category, ImpactRange } from '@lr/contracts';

export type GivenTotals = {
  ordersDelivered: number;
  items: number;
  valueCents: number;
  unvaluedItems: number;
  schoolsServed: number;
  studentsHelped: number;
};

export type CategoryRow = {
  category: Category;
  items: number;
  valueCents: number;
};

export type SchoolRow = {
  school: string;
  orders: number;
  studentsHelped: number;
  items: number;
  valueCents: number;
};

export type KindRow = {
  kind: string;
  donations: number;
  items: number;
  valueCents: number;
};

const days = (range: ImpactRange) => sql`day BETWEEN ${range.from}::date AND ${range.to}::date`;

@Injectable()
export class ImpactRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async given(range: ImpactRange): Promise<GivenTotals> {
    const [totals, students] = await Promise.all([
      this.db.execute<Omit<GivenTotals, 'studentsHelped'>>(sql`
        SELECT COALESCE(sum(orders), 0)::int AS "ordersDelivered",
               COALESCE(sum(items), 0)::int AS items,
               COALESCE(sum(value_cents), 0)::bigint AS "valueCents",
               COALESCE(sum(unvalued_items), 0)::int AS "unvaluedItems",
               (SELECT count(*) FROM (
                  SELECT school FROM reporting.impact_day_schools WHERE ${days(range)}
                  GROUP BY school HAVING sum(orders) > 0) served)::int AS "schoolsServed"
        FROM reporting.impact_day_schools WHERE ${days(range)}`),
      // The fingerprint the events carry: a student counts once however many days or schools.
      this.db.execute<{ studentsHelped: number }>(sql`
        SELECT count(DISTINCT person)::int AS "studentsHelped"
        FROM reporting.impact_day_students WHERE ${days(range)} AND orders > 0`),
    ]);
    const row = totals.rows[0];
    return {
      ordersDelivered: row?.ordersDelivered ?? 0,
      items: row?.items ?? 0,
      valueCents: Number(row?.valueCents ?? 0),
      unvaluedItems: row?.unvaluedItems ?? 0,
      schoolsServed: row?.schoolsServed ?? 0,
      studentsHelped: students.rows[0]?.studentsHelped ?? 0,
    };
  }

  async byCategory(range: ImpactRange): Promise<CategoryRow[]> {
    const { rows } = await this.db.execute<CategoryRow>(sql`
      SELECT category, sum(items)::int AS items, sum(value_cents)::bigint AS "valueCents"
      FROM reporting.impact_day_categories WHERE ${days(range)}
      GROUP BY category HAVING sum(items) > 0
      ORDER BY category COLLATE "C"`);
    return rows.map((r) => ({ ...r, valueCents: Number(r.valueCents) }));
  }

  /** Every school served, most items first; ties by name (code-point order, any locale). */
  async bySchool(range: ImpactRange): Promise<SchoolRow[]> {
    const { rows } = await this.db.execute<SchoolRow>(sql`
      WITH schools AS (
        SELECT school, sum(orders)::int AS orders, sum(items)::int AS items,
               sum(value_cents)::bigint AS value_cents
        FROM reporting.impact_day_schools WHERE ${days(range)}
        GROUP BY school HAVING sum(orders) > 0
      ), students AS (
        SELECT school, count(DISTINCT person)::int AS students
        FROM reporting.impact_day_students WHERE ${days(range)} AND orders > 0
        GROUP BY school
      )
      SELECT s.school, s.orders, COALESCE(st.students, 0) AS "studentsHelped", s.items,
             s.value_cents AS "valueCents"
      FROM schools s LEFT JOIN students st ON st.school = s.school
      ORDER BY s.items DESC, s.value_cents DESC, lower(s.school) COLLATE "C", s.school COLLATE "C"`);
    return rows.map((r) => ({ ...r, valueCents: Number(r.valueCents) }));
  }

  /**
   * Donations by the day the goods arrived, each line at the value in force when the donation was
   * recorded, or at the end of the day it arrived when that was earlier (goods entered late are
   * valued as on their day).
   */
  async received(range: ImpactRange, timeZone: string): Promise<KindRow[]> {
    const { rows } = await this.db.execute<KindRow>(sql`
      WITH d AS (
        SELECT donation_id, source_kind, recorded_at,
               ((received_on + 1)::timestamp AT TIME ZONE ${timeZone}) AS day_end
        FROM reporting.impact_donations
        WHERE NOT deleted AND received_on BETWEEN ${range.from}::date AND ${range.to}::date
      ), lines AS (
        SELECT d.donation_id, d.source_kind, l.quantity, l.quantity * v.value_cents AS value_cents
        FROM d JOIN reporting.impact_donation_lines l ON l.donation_id = d.donation_id
        LEFT JOIN LATERAL (
          SELECT pv.value_cents FROM reporting.impact_product_values pv
          WHERE pv.product_id = l.product_id AND pv.valid_from <= d.recorded_at
            AND pv.valid_from < d.day_end
          ORDER BY pv.valid_from DESC, pv.version DESC LIMIT 1
        ) v ON TRUE
      )
      SELECT source_kind AS kind, count(DISTINCT donation_id)::int AS donations,
             sum(quantity)::int AS items, COALESCE(sum(value_cents), 0)::bigint AS "valueCents"
      FROM lines GROUP BY source_kind ORDER BY source_kind COLLATE "C"`);
    return rows.map((r) => ({ ...r, valueCents: Number(r.valueCents) }));
  }
}
