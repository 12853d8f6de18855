/**
 * CSV exports: the report's tables, and every order line (paged, so that no reply nears the NATS
 * message size limit; the gateway streams the pages to the browser).
 */
import { Injectable } from '@nestjs/common';
import {
  ERASED_MARKER,
  REPLY_BUDGET_BYTES,
  type CsvFile,
  type OrdersCsvPage,
  type OrdersCsvPageInput,
  type ReportRange,
} from '@lr/contracts';
import { ReportService } from '../report/report.service.js';
import { csvRow, csvRows, type CsvValue } from './csv.js';
import { decodeCursor, encodeCursor } from './export-cursor.js';
import { ExportRepository } from './export.repository.js';

/**
 * The Teacher and Receiving person columns stay where the spreadsheets built on this export expect
 * them, but reporting holds no personal data: they read "erased" (the school's own order pages
 * and the console show the details while orders keeps them).
 */
export const ORDERS_CSV_HEADER = [
  'Order',
  'Created',
  'Status',
  'Delivered',
  'School',
  'Teacher',
  'Receiving person',
  'Item',
  'Category',
  'SubCategory',
  'Size',
  'Requested quantity',
  'Given quantity',
] as const;

const DEFAULT_PAGE_ROWS = 1000;

/**
 * What a line adds to the reply: its UTF-8 bytes once escaped inside the JSON string (quotes and
 * line breaks double, accented names take two bytes or more), not its character count.
 */
function replyBytesOf(line: string): number {
  return Buffer.byteLength(JSON.stringify(line)) - 2;
}

function rangeLabel(range: ReportRange): string {
  return `${range.from ?? 'start'}_to_${range.to ?? 'today'}`;
}

@Injectable()
export class ExportService {
  constructor(
    private readonly reports: ReportService,
    private readonly repository: ExportRepository,
  ) {}

  async reportCsv(range: ReportRange): Promise<CsvFile> {
    const report = await this.reports.report(range);
    const rows: CsvValue[][] = [
      ['LR345 Report'],
      ['From', range.from ?? ''],
      ['To', range.to ?? ''],
      [],
      ['Figure', 'Value'],
      ['Orders received', report.ordersReceived],
      ['Orders fulfilled', report.ordersFulfilled],
      ['Average fulfilment time (hours)', report.averageFulfilmentHours],
      ['Items fulfilled', report.itemsFulfilled],
      ['Students helped', report.studentsHelped],
      [],
      ['Stock intake', 'Value'],
      ['Items received', report.itemsReceived],
      ...report.itemsReceivedByKind.map((k) => [`Items received from ${k.kind}`, k.items]),
      ['Stock counts finalised', report.countAdjustments.counts],
      ['Count adjustments (net)', report.countAdjustments.net],
      ['Count adjustments (absolute)', report.countAdjustments.absolute],
      [],
      ['Top items', 'Orders'],
      ...report.topItems.map((item) => [item.name, item.count]),
      [],
      ['Top schools', 'Orders'],
      ...report.topSchools.map((school) => [school.name, school.count]),
    ];
    return { filename: `lr345-report_${rangeLabel(range)}.csv`, csv: csvRows(rows) };
  }

  async ordersCsvPage(input: OrdersCsvPageInput): Promise<OrdersCsvPage> {
    const range: ReportRange = { from: input.from, to: input.to };
    const after = input.cursor ? decodeCursor(input.cursor) : null;
    const limit = input.limit ?? DEFAULT_PAGE_ROWS;
    const rows = await this.repository.orderLines(range, this.reports.timeZone, after, limit);

    let csv = after ? '' : csvRow(ORDERS_CSV_HEADER);
    let bytes = replyBytesOf(csv);
    let taken = 0;
    for (const row of rows) {
      const line = csvRow([
        row.orderNumber,
        row.createdAt,
        row.status,
        row.deliveredAt,
        row.schoolName,
        ERASED_MARKER,
        ERASED_MARKER,
        row.name,
        row.category,
        row.subCategory,
        row.size,
        row.requestedQuantity,
        row.quantity,
      ]);
      // A page stops once it reaches the reply budget (one line may cross it).
      csv += line;
      bytes += replyBytesOf(line);
      taken += 1;
      if (bytes > REPLY_BUDGET_BYTES) break;
    }
    const last = rows[taken - 1];
    const more = taken < rows.length || rows.length === limit;
    return {
      csv,
      rows: taken,
      nextCursor:
        more && last
          ? encodeCursor({
              createdAt: last.keyCreatedAt,
              orderId: last.keyOrderId,
              position: last.keyPosition,
            })
          : null,
    };
  }
}
