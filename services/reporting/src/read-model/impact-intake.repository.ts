/**
 * The impact report's copy of the catalog's facts: every fair-market value a product carried (its
 * history, from the product events) and the donations with their lines, to value them.
 */
import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { DonationSourceKind } from '@lr/contracts';
import type { Executor } from '@lr/nest-kit';

export interface ValueWrite {
  productId: string;
  version: number;
  validFrom: string;
  valueCents: number | null;
}

export interface ImpactDonationWrite {
  donationId: string;
  version: number;
  receivedOn: string;
  sourceKind: DonationSourceKind;
  recordedAt: string;
  deleted: boolean;
  lines: { productId: string; quantity: number }[];
}

@Injectable()
export class ImpactIntakeRepository {
  /** The values not known yet (a repeated event adds nothing); returns those it added. */
  async newValues(exec: Executor, writes: readonly ValueWrite[]): Promise<ValueWrite[]> {
    if (writes.length === 0) return [];
    const { rows } = await exec.execute<{ productId: string; version: number }>(sql`
      SELECT w."productId", w.version
      FROM jsonb_to_recordset(${JSON.stringify(writes)}::jsonb) AS w("productId" uuid, version integer)
      WHERE NOT EXISTS (SELECT 1 FROM reporting.impact_product_values v
                        WHERE v.product_id = w."productId" AND v.version = w.version)`);
    const fresh = new Set(rows.map((r) => `${r.productId}/${r.version}`));
    return writes.filter((w) => fresh.has(`${w.productId}/${w.version}`));
  }

  async writeValues(exec: Executor, writes: readonly ValueWrite[]): Promise<void> {
    if (writes.length === 0) return;
    await exec.execute(sql`
      INSERT INTO reporting.impact_product_values (product_id, version, valid_from, value_cents)
      SELECT w."productId", w.version, w."validFrom", w."valueCents"
      FROM jsonb_to_recordset(${JSON.stringify(writes)}::jsonb) AS w(
        "productId" uuid, version integer, "validFrom" timestamptz, "valueCents" bigint)
      ON CONFLICT (product_id, version) DO NOTHING`);
  }

  /**
   * Keeps the latest version of each donation with its lines (an older or repeated event changes
   * nothing) and the earliest time it was recorded.
   */
  async writeDonations(exec: Executor, writes: readonly ImpactDonationWrite[]): Promise<void> {
    if (writes.length === 0) return;
    const latest = new Map<string, ImpactDonationWrite>();
    for (const w of writes) {
      const seen = latest.get(w.donationId);
      const recordedAt = seen && seen.recordedAt < w.recordedAt ? seen.recordedAt : w.recordedAt;
      if (!seen || seen.version < w.version) latest.set(w.donationId, { ...w, recordedAt });
      else latest.set(w.donationId, { ...seen, recordedAt });
    }
    const rows = [...latest.values()];
    const { rows: changed } = await exec.execute<{ donation_id: string }>(sql`
      INSERT INTO reporting.impact_donations AS d
        (donation_id, version, received_on, source_kind, recorded_at, deleted)
      SELECT w."donationId", w.version, w."receivedOn", w."sourceKind", w."recordedAt", w.deleted
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS w(
        "donationId" uuid, version integer, "receivedOn" date, "sourceKind" text,
        "recordedAt" timestamptz, deleted boolean)
      ON CONFLICT (donation_id) DO UPDATE
        SET version = excluded.version, received_on = excluded.received_on,
            source_kind = excluded.source_kind, deleted = excluded.deleted,
            recorded_at = LEAST(d.recorded_at, excluded.recorded_at)
        WHERE d.version < excluded.version
      RETURNING donation_id`);
    const ids = new Set(changed.map((r) => r.donation_id));
    if (ids.size === 0) return;
    await exec.execute(sql`
      DELETE FROM reporting.impact_donation_lines
      WHERE donation_id = ANY(${sql.param([...ids])}::uuid[])`);
    const lines = rows
      .filter((w) => ids.has(w.donationId) && !w.deleted)
      .flatMap((w) => w.lines.map((l) => ({ donationId: w.donationId, ...l })));
    if (lines.length === 0) return;
    await exec.execute(sql`
      INSERT INTO reporting.impact_donation_lines (donation_id, product_id, quantity)
      SELECT l."donationId", l."productId", l.quantity
      FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS l(
        "donationId" uuid, "productId" uuid, quantity integer)`);
  }

  async clear(exec: Executor): Promise<void> {
    // DELETE, not TRUNCATE: readers keep the old figures until a rebuild commits.
    await exec.execute(sql`DELETE FROM reporting.impact_donations`);
    await exec.execute(sql`DELETE FROM reporting.impact_product_values`);
  }
}
