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
  teacherName: string;
  receivingPerson: string;
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
    // The row comparison spans two tables, so no index can start a scan there: the plain bound on
    // created_at lets report_orders_created_idx start at the previous page's last order. Without
    // it every page scans from the first order on, and the whole export costs the square of its size.
    const afterKey = after
      ? sql`AND o.created_at >= ${after.createdAt}::timestamptz
            AND (o.created_at, o.order_id, l.position) >
              (${after.createdAt}::timestamptz, ${after.orderId}::uuid, ${after.position}::int)`
      : sql``;
    const result = await this.db.execute<OrderLineExportRow>(sql`
      SELECT o.order_number AS "orderNumber",
             ${local('o.created_at')} AS "createdAt",
             o.status AS status,
             ${local('o.delivered_at')} AS "deliveredAt",
             o.school_name AS "schoolName",
             o.teacher_name AS "teacherName",
             o.receiving_person AS "receivingPerson",
             l.name AS name, l.category AS category, l.sub_category AS "subCategory", l.size AS size,
             l.requested_quantity AS "requestedQuantity", l.quantity AS quantity,
             to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "keyCreatedAt",
             o.order_id::text AS "keyOrderId",
             l.position AS "keyPosition"
      FROM reporting.report_orders o
      JOIN reporting.report_order_lines l ON l.order_id = o.order_id
      WHERE ${liveOrdersIn(range, timeZone)} ${afterKey}
      ORDER BY o.created_at, o.order_id, l.position
      LIMIT ${limit}`);
    return result.rows;
  }
}
