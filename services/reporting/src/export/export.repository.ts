/** Rows of the orders export: one per order line, read page by page in a stable order. */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '@lr/nest-kit';
import type { ReportRange } from '@lr/contracts';
import { liveOrdersIn } from '../report/report-range.js';

export type OrderLineExportRow = {
  orderNumber: string;
  createdAt: string;
  status: string;
  deliveredAt: string | null;
  schoolName: string;
  name: string;
  category: string;
  subCategory: string;
  size: string;
  requestedQuantity: number;
  quantity: number;
  /** Keyset position of the row: (created_at, order_id, position). */
  keyCreatedAt: string;
  keyOrderId: string;
  keyPosition: number;
};

export interface ExportKey {
  createdAt: string;
  orderId: string;
  position: number;
}

@Injectable()
export class ExportRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Up to `limit` rows after `after` (keyset paging: every page is an index range, not an offset). */
  async orderLines(
    range: ReportRange,
    timeZone: string,
    after: ExportKey | null,
    limit: number,
  ): Promise<OrderLineExportRow[]> {
    const local = (column: string) =>
      sql`to_char(${sql.raw(column)} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD HH24:MI')`;
    // Each page starts at the previous page's last line: the plain bound on created_at lets
    // report_orders_created_idx start at its order (the row comparison alone spans two tables, so no
    // index could start there, and every page would scan from the first order on).
    const afterOrder = after ? sql`AND o.created_at >= ${after.createdAt}::timestamptz` : sql``;
    const afterLine = after
      ? sql`AND (o.created_at, o.order_id, l.position) >
              (${after.createdAt}::timestamptz, ${after.orderId}::uuid, ${after.position}::int)`
      : sql``;
    // The lines of each order, in its line order, read by the order's key as the orders come: a
    // lateral subquery with its own ORDER BY is kept as it is (not merged into a join), so near the
    // end of the export, where few orders are left, the planner cannot choose to hash them against
    // a scan of every line instead.
    const result = await this.db.execute<OrderLineExportRow>(sql`
      SELECT o.order_number AS "orderNumber",
             ${local('o.created_at')} AS "createdAt",
             o.status AS status,
             ${local('o.delivered_at')} AS "deliveredAt",
             o.school_name AS "schoolName",
             l.name AS name, l.category AS category, l.sub_category AS "subCategory", l.size AS size,
             l.requested_quantity AS "requestedQuantity", l.quantity AS quantity,
             to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "keyCreatedAt",
             o.order_id::text AS "keyOrderId",
             l.position AS "keyPosition"
      FROM reporting.report_orders o
      CROSS JOIN LATERAL (
        SELECT l.name, l.category, l.sub_category, l.size, l.requested_quantity, l.quantity,
               l.position
        FROM reporting.report_order_lines l
        WHERE l.order_id = o.order_id ${afterLine}
        ORDER BY l.position
      ) l
      WHERE ${liveOrdersIn(range, timeZone)} ${afterOrder}
      ORDER BY o.created_at, o.order_id, l.position
      LIMIT ${limit}`);
    return result.rows;
  }
}
