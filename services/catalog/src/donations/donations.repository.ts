/** The only place with SQL for donation sources, donations and their lines. */
import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import type {
  DONATION_SORT_FIELDS,
  DONATION_SOURCE_SORT_FIELDS,
  DonationSourceKind,
} from '@lr/contracts';
import { DATABASE, isUuid, sortColumn, type Database, type Executor } from '@lr/nest-kit';
import { anyUuid, ilikeLiteral, isoTime, whereAll } from '../db/sql-helpers.js';

export type SourceRow = {
  id: string;
  name: string;
  kind: DonationSourceKind;
  contact: string;
  createdAt: string;
};

export type DonationLineRow = {
  id: string;
  position: number;
  productId: string;
  productName: string;
  category: string;
  subCategory: string;
  sizeId: string;
  size: string;
  quantity: number;
};

export type DonationRow = {
  id: string;
  receivedOn: string;
  sourceId: string;
  sourceName: string;
  sourceKind: DonationSourceKind;
  note: string;
  version: number;
  recordedByName: string | null;
  items: number;
  createdAt: string;
  updatedAt: string;
};

export interface DonationAggregate {
  donation: DonationRow;
  lines: DonationLineRow[];
}

export type NewDonationLine = Omit<DonationLineRow, 'id' | 'position'>;

export interface DonationFilter {
  from?: string;
  to?: string;
  sourceId?: string;
  kind?: string;
  ids?: string[];
}

export type ProductChoiceRow = {
  id: string;
  name: string;
  category: string;
  subCategory: string;
  isShow: boolean;
  sizes: string[];
};

type Sort = { field: string; order: 'ASC' | 'DESC' } | null;

const SOURCE_SORT: Record<(typeof DONATION_SOURCE_SORT_FIELDS)[number], SQL> = {
  name: sql`lower(s.name)`,
  kind: sql`s.kind`,
  createdAt: sql`s.created_at`,
};
const DONATION_SORT: Record<(typeof DONATION_SORT_FIELDS)[number], SQL> = {
  receivedOn: sql`d.received_on`,
  sourceName: sql`lower(src.name)`,
  items: sql`items`,
  createdAt: sql`d.created_at`,
};

function direction(sort: Sort, fallback: 'ASC' | 'DESC'): SQL {
  return (sort?.order ?? fallback) === 'ASC' ? sql`ASC` : sql`DESC`;
}

const DONATION_COLUMNS = sql`
  d.id, to_char(d.received_on, 'YYYY-MM-DD') AS "receivedOn", d.source_id AS "sourceId",
  src.name AS "sourceName", src.kind AS "sourceKind", d.note, d.version,
  d.recorded_by_name AS "recordedByName", ${isoTime(sql`d.created_at`)} AS "createdAt",
  ${isoTime(sql`d.updated_at`)} AS "updatedAt",
  (SELECT coalesce(sum(l.quantity), 0)::int FROM catalog.donation_lines l
    WHERE l.donation_id = d.id) AS items`;

const LINE_COLUMNS = sql`
  id, position, product_id AS "productId", product_name AS "productName", category,
  sub_category AS "subCategory", size_id AS "sizeId", size, quantity`;

@Injectable()
export class DonationsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  get executor(): Executor {
    return this.db;
  }

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  // ---- sources ----------------------------------------------------------------------------------

  /** Returns null when a source of that name (in any case) exists already. */
  async insertSource(
    input: { name: string; kind: DonationSourceKind; contact: string },
    executor: Executor = this.db,
  ): Promise<SourceRow | null> {
    const result = await executor.execute<SourceRow>(sql`
      INSERT INTO catalog.donation_sources (name, kind, contact)
      VALUES (${input.name}, ${input.kind}, ${input.contact})
      ON CONFLICT (lower(name)) DO NOTHING
      RETURNING id, name, kind, contact, ${isoTime(sql`created_at`)} AS "createdAt"`);
    return result.rows[0] ?? null;
  }

  /** Null when there is no such source; a name another source has (in any case) is a unique violation. */
  async updateSource(
    input: { id: string; name: string; kind: DonationSourceKind; contact?: string },
    executor: Executor = this.db,
  ): Promise<SourceRow | null> {
    if (!isUuid(input.id)) return null;
    const contact = input.contact === undefined ? sql`contact` : sql`${input.contact}`;
    const result = await executor.execute<SourceRow>(sql`
      UPDATE catalog.donation_sources
      SET name = ${input.name}, kind = ${input.kind}, contact = ${contact}
      WHERE id = ${input.id}
      RETURNING id, name, kind, contact, ${isoTime(sql`created_at`)} AS "createdAt"`);
    return result.rows[0] ?? null;
  }

  async findSource(executor: Executor, id: string): Promise<SourceRow | null> {
    if (!isUuid(id)) return null;
    const result = await executor.execute<SourceRow>(sql`
      SELECT id, name, kind, contact, ${isoTime(sql`created_at`)} AS "createdAt"
      FROM catalog.donation_sources WHERE id = ${id}`);
    return result.rows[0] ?? null;
  }

  async listSources(
    filter: { q?: string; kind?: string; ids?: string[] },
    offset: number,
    limit: number,
    sort: Sort,
  ): Promise<{ rows: SourceRow[]; total: number }> {
    const c: SQL[] = [];
    if (filter.q) c.push(ilikeLiteral(sql`s.name`, filter.q));
    if (filter.kind) c.push(sql`s.kind = ${filter.kind}`);
    if (filter.ids) c.push(anyUuid(sql`s.id`, filter.ids));
    const where = whereAll(c);
    const order = sortColumn(SOURCE_SORT, sort, 'name');
    const [rows, count] = await Promise.all([
      this.db.execute<SourceRow>(sql`
        SELECT s.id, s.name, s.kind, s.contact, ${isoTime(sql`s.created_at`)} AS "createdAt"
        FROM catalog.donation_sources s WHERE ${where}
        ORDER BY ${order} ${direction(sort, 'ASC')}, s.id
        OFFSET ${offset} LIMIT ${limit}`),
      this.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM catalog.donation_sources s WHERE ${where}`,
      ),
    ]);
    return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
  }

  // ---- donations --------------------------------------------------------------------------------

  async insertDonation(
    tx: Executor,
    input: {
      receivedOn: string;
      sourceId: string;
      note: string;
      actor: { id: string; name: string };
    },
  ): Promise<string> {
    const result = await tx.execute<{ id: string }>(sql`
      INSERT INTO catalog.donations (received_on, source_id, note, recorded_by_id, recorded_by_name)
      VALUES (${input.receivedOn}::date, ${input.sourceId}, ${input.note}, ${input.actor.id},
              ${input.actor.name})
      RETURNING id`);
    return result.rows[0]!.id;
  }

  /** A correction: the header's new values and the next version. */
  async updateDonation(
    tx: Executor,
    id: string,
    input: { receivedOn: string; sourceId: string; note: string },
  ): Promise<void> {
    await tx.execute(sql`
      UPDATE catalog.donations
      SET received_on = ${input.receivedOn}::date, source_id = ${input.sourceId},
          note = ${input.note}, version = version + 1, updated_at = now()
      WHERE id = ${id}`);
  }

  /** Replaces the donation's lines (the old ones' stock was compensated by the caller). */
  async replaceLines(tx: Executor, donationId: string, lines: NewDonationLine[]): Promise<void> {
    await tx.execute(sql`DELETE FROM catalog.donation_lines WHERE donation_id = ${donationId}`);
    if (lines.length === 0) return;
    const rows = lines.map((l, position) => ({
      position,
      product_id: l.productId,
      product_name: l.productName,
      category: l.category,
      sub_category: l.subCategory,
      size_id: l.sizeId,
      size: l.size,
      quantity: l.quantity,
    }));
    await tx.execute(sql`
      INSERT INTO catalog.donation_lines
        (donation_id, position, product_id, product_name, category, sub_category, size_id, size,
         quantity)
      SELECT ${donationId}, r.position, r.product_id, r.product_name, r.category, r.sub_category,
             r.size_id, r.size, r.quantity
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
        position integer, product_id uuid, product_name text, category text, sub_category text,
        size_id uuid, size text, quantity integer)`);
  }

  async deleteDonation(tx: Executor, id: string): Promise<void> {
    await tx.execute(sql`DELETE FROM catalog.donations WHERE id = ${id}`);
  }

  /** One donation with its lines; `lock` takes its row lock first (corrections and deletion). */
  async findDonation(
    executor: Executor,
    id: string,
    lock = false,
  ): Promise<DonationAggregate | null> {
    if (!isUuid(id)) return null;
    if (lock) {
      const locked = await executor.execute(
        sql`SELECT id FROM catalog.donations WHERE id = ${id} FOR UPDATE`,
      );
      if (locked.rows.length === 0) return null;
    }
    const header = await executor.execute<DonationRow>(sql`
      SELECT ${DONATION_COLUMNS}
      FROM catalog.donations d JOIN catalog.donation_sources src ON src.id = d.source_id
      WHERE d.id = ${id}`);
    const donation = header.rows[0];
    if (!donation) return null;
    const lines = await executor.execute<DonationLineRow>(sql`
      SELECT ${LINE_COLUMNS} FROM catalog.donation_lines
      WHERE donation_id = ${id} ORDER BY position`);
    return { donation, lines: lines.rows };
  }

  async listDonations(
    filter: DonationFilter,
    offset: number,
    limit: number,
    sort: Sort,
  ): Promise<{ rows: DonationAggregate[]; total: number }> {
    const c: SQL[] = [];
    if (filter.from) c.push(sql`d.received_on >= ${filter.from}::date`);
    if (filter.to) c.push(sql`d.received_on <= ${filter.to}::date`);
    if (filter.sourceId !== undefined)
      c.push(isUuid(filter.sourceId) ? sql`d.source_id = ${filter.sourceId}` : sql`FALSE`);
    if (filter.kind) c.push(sql`src.kind = ${filter.kind}`);
    if (filter.ids) c.push(anyUuid(sql`d.id`, filter.ids));
    const where = whereAll(c);
    const order = sortColumn(DONATION_SORT, sort, 'receivedOn');
    const [page, count] = await Promise.all([
      this.db.execute<DonationRow>(sql`
        SELECT ${DONATION_COLUMNS}
        FROM catalog.donations d JOIN catalog.donation_sources src ON src.id = d.source_id
        WHERE ${where}
        ORDER BY ${order} ${direction(sort, 'DESC')}, d.created_at DESC, d.id
        OFFSET ${offset} LIMIT ${limit}`),
      this.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n
        FROM catalog.donations d JOIN catalog.donation_sources src ON src.id = d.source_id
        WHERE ${where}`),
    ]);
    const ids = page.rows.map((r) => r.id);
    const lines =
      ids.length === 0
        ? []
        : (
            await this.db.execute<DonationLineRow & { donationId: string }>(sql`
              SELECT donation_id AS "donationId", ${LINE_COLUMNS} FROM catalog.donation_lines
              WHERE ${anyUuid(sql`donation_id`, ids)} ORDER BY donation_id, position`)
          ).rows;
    return {
      rows: page.rows.map((donation) => ({
        donation,
        lines: lines.filter((l) => l.donationId === donation.id),
      })),
      total: count.rows[0]?.n ?? 0,
    };
  }

  // ---- products to pick from ----------------------------------------------------------------------

  /** Name, category and sub-category of the given products (already locked by the caller). */
  async productInfo(
    tx: Executor,
    ids: string[],
  ): Promise<Map<string, { name: string; category: string; subCategory: string }>> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return new Map();
    const result = await tx.execute<{
      id: string;
      name: string;
      category: string;
      subCategory: string;
    }>(sql`
      SELECT id, name, category, sub_category AS "subCategory" FROM catalog.products
      WHERE ${anyUuid(sql`id`, valid)}`);
    return new Map(result.rows.map((r) => [r.id, r]));
  }

  async productChoices(
    filter: { q?: string; category?: string; ids?: string[] },
    offset: number,
    limit: number,
  ): Promise<{ rows: ProductChoiceRow[]; total: number }> {
    const c: SQL[] = [];
    if (filter.q) c.push(ilikeLiteral(sql`p.name`, filter.q));
    if (filter.category) c.push(sql`p.category = ${filter.category}`);
    if (filter.ids) c.push(anyUuid(sql`p.id`, filter.ids));
    const where = whereAll(c);
    const [page, count] = await Promise.all([
      this.db.execute<ProductChoiceRow>(sql`
        SELECT p.id, p.name, p.category, p.sub_category AS "subCategory", p.is_show AS "isShow",
          coalesce((SELECT json_agg(s.size ORDER BY s.position, s.id) FROM catalog.product_sizes s
                    WHERE s.product_id = p.id), '[]') AS sizes
        FROM catalog.products p WHERE ${where}
        ORDER BY lower(p.name), p.sub_category, p.id
        OFFSET ${offset} LIMIT ${limit}`),
      this.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM catalog.products p WHERE ${where}`,
      ),
    ]);
    return { rows: page.rows, total: count.rows[0]?.n ?? 0 };
  }
}
