/** The only place with SQL for the report's stock intake: donations received and count adjustments. */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { DonationSourceKind, ReportRange } from '@lr/contracts';
import { DATABASE, type Database, type Executor } from '@lr/nest-kit';

export interface DonationWrite {
  donationId: string;
  version: number;
  receivedOn: string;
  sourceKind: DonationSourceKind;
  items: number;
  deleted: boolean;
}

export interface CountWrite {
  countId: string;
  finalisedAt: string;
  adjustedSizes: number;
  net: number;
  absolute: number;
}

@Injectable()
export class StockIntakeRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Keeps the latest version of each donation; an older or repeated event changes nothing. */
  async writeDonations(exec: Executor, writes: readonly DonationWrite[]): Promise<void> {
    if (writes.length === 0) return;
    await exec.execute(sql`
      INSERT INTO reporting.donations
        (donation_id, version, received_on, source_kind, items, deleted)
      SELECT DISTINCT ON (w."donationId") w."donationId", w.version, w."receivedOn", w."sourceKind",
             w.items, w.deleted
      FROM jsonb_to_recordset(${JSON.stringify(writes)}::jsonb) AS w(
        "donationId" uuid, version integer, "receivedOn" date, "sourceKind" text, items integer,
        deleted boolean)
      ORDER BY w."donationId", w.version DESC
      ON CONFLICT (donation_id) DO UPDATE
        SET version = excluded.version, received_on = excluded.received_on,
            source_kind = excluded.source_kind, items = excluded.items, deleted = excluded.deleted
        WHERE reporting.donations.version < excluded.version`);
  }

  /** A count is finalised once: its event is written once (a repeat changes nothing). */
  async writeCounts(
    exec: Executor,
    writes: readonly CountWrite[],
    timeZone: string,
  ): Promise<void> {
    if (writes.length === 0) return;
    await exec.execute(sql`
      INSERT INTO reporting.count_adjustments (count_id, day, adjusted_sizes, net, absolute)
      SELECT w."countId", (w."finalisedAt" AT TIME ZONE ${timeZone})::date, w."adjustedSizes",
             w.net, w.absolute
      FROM jsonb_to_recordset(${JSON.stringify(writes)}::jsonb) AS w(
        "countId" uuid, "finalisedAt" timestamptz, "adjustedSizes" integer, net integer,
        absolute integer)
      ON CONFLICT (count_id) DO NOTHING`);
  }

  async clear(exec: Executor): Promise<void> {
    await exec.execute(sql`TRUNCATE reporting.donations, reporting.count_adjustments`);
  }

  async itemsReceived(
    range: ReportRange,
  ): Promise<{ total: number; byKind: { kind: string; items: number }[] }> {
    const result = await this.db.execute<{ kind: string; items: number }>(sql`
      SELECT source_kind AS kind, sum(items)::int AS items FROM reporting.donations
      WHERE NOT deleted
        ${range.from ? sql`AND received_on >= ${range.from}::date` : sql``}
        ${range.to ? sql`AND received_on <= ${range.to}::date` : sql``}
      GROUP BY source_kind ORDER BY source_kind`);
    const byKind = result.rows.map((r) => ({ kind: r.kind, items: Number(r.items) }));
    return { total: byKind.reduce((sum, k) => sum + k.items, 0), byKind };
  }

  async countAdjustments(
    range: ReportRange,
  ): Promise<{ counts: number; adjustedSizes: number; net: number; absolute: number }> {
    const result = await this.db.execute<{
      counts: number;
      adjustedSizes: number;
      net: number;
      absolute: number;
    }>(sql`
      SELECT count(*)::int AS counts, coalesce(sum(adjusted_sizes), 0)::int AS "adjustedSizes",
             coalesce(sum(net), 0)::int AS net, coalesce(sum(absolute), 0)::int AS absolute
      FROM reporting.count_adjustments
      WHERE TRUE
        ${range.from ? sql`AND day >= ${range.from}::date` : sql``}
        ${range.to ? sql`AND day <= ${range.to}::date` : sql``}`);
    return result.rows[0] ?? { counts: 0, adjustedSizes: 0, net: 0, absolute: 0 };
  }
}
