/** Request-reply adapters of the CSV exports (admin only: `reportingOps`). */
import { Controller } from '@nestjs/common';
import { reportingOps, type OrdersCsvPageInput, type ReportRange } from '@lr/contracts';
import { Handles } from '@lr/nest-kit';
import { ExportService } from './export.service.js';

@Controller()
export class ExportController {
  constructor(private readonly exports: ExportService) {}

  @Handles(reportingOps.reportCsv)
  reportCsv(range: ReportRange) {
    return this.exports.reportCsv(range);
  }

  @Handles(reportingOps.ordersCsv)
  ordersCsv(input: OrdersCsvPageInput) {
    return this.exports.ordersCsvPage(input);
  }
}
